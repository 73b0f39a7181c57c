// What the window says to screen readers: one polite live region (LiveRegion.svelte) through which
// verdicts, undos, new replies, new messages in the open thread and failures are announced. Each
// message is a new node in the region, so the same words said twice are heard twice, and a message
// said right after another does not replace it before it was read.

export interface Spoken {
  id: number;
  text: string;
}

/** How many recent messages the region holds (older ones were read already). */
const KEPT = 3;

class LiveRegionStore {
  items = $state<Spoken[]>([]);
  private nextId = 0;

  say(text: string): void {
    const words = text.trim();
    if (!words) return;
    this.items = [...this.items.slice(1 - KEPT), { id: ++this.nextId, text: words }];
  }
}

export const liveRegion = new LiveRegionStore();
