// Short messages at the bottom of the window: what an action did, or why it failed.

export interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'error';
}

class NoticesStore {
  items = $state<Notice[]>([]);
  private nextId = 0;

  notify(text: string, tone: Notice['tone'] = 'info'): void {
    const id = ++this.nextId;
    this.items = [...this.items.slice(-2), { id, text, tone }];
    setTimeout(() => (this.items = this.items.filter((n) => n.id !== id)), tone === 'error' ? 8000 : 4000);
  }
}

export const notices = new NoticesStore();
