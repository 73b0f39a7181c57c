// The events each browser page is owed. A page's event stream opens beside its first call, so it
// may reach the bridge after the core has answered that call and announced a change: the desktop
// window's listener is in place before its first call, a browser's is not. So from a page's first
// call (or its stream, whichever comes first) every event is numbered and kept for that page; its
// stream gets what it missed on connect, and after a drop (EventSource sends the last number it
// heard as Last-Event-ID) what came after that number: nothing lost, nothing twice.
import type { ServerResponse } from 'node:http';

/** Pages remembered at once; past it the one idle longest without a stream is forgotten. */
const MAX_PAGES = 64;
/** Events kept per page for a stream to replay (a drop longer than this many events loses the oldest). */
const MAX_KEPT = 2000;
/** A page with no stream and no call for this long is closed. */
const IDLE_MS = 10 * 60_000;

interface Page {
  seq: number;
  kept: { seq: number; text: string }[];
  stream: ServerResponse | null;
  seen: number;
}

const frame = (seq: number, text: string): string => `id: ${seq}\ndata: ${text}\n\n`;

export function pageId(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value : null;
}

export class PageEvents {
  private readonly pages = new Map<string, Page>();

  /** The page has called (or connected): from now on it is owed every event. */
  touch(id: string, now = Date.now()): Page {
    let page = this.pages.get(id);
    if (!page) {
      this.forgetIdle(now);
      page = { seq: 0, kept: [], stream: null, seen: now };
      this.pages.set(id, page);
    }
    page.seen = now;
    return page;
  }

  /** One event the core announced (as the JSON a stream carries), for every page. */
  announce(text: string): void {
    for (const page of this.pages.values()) {
      const seq = ++page.seq;
      page.kept.push({ seq, text });
      if (page.kept.length > MAX_KEPT) page.kept.splice(0, page.kept.length - MAX_KEPT);
      page.stream?.write(frame(seq, text));
    }
  }

  /** Streams the page's events to `res`: first those after `lastSeen` (all kept if none), then
   *  each as it comes. A stream the page had before is ended (a reconnect whose drop the bridge
   *  has not noticed yet), so nothing arrives twice. Returns what to call when `res` closes. */
  attach(id: string, res: ServerResponse, lastSeen: number | null): () => void {
    const page = this.touch(id);
    if (page.stream && page.stream !== res) page.stream.end();
    for (const event of page.kept) if (event.seq > (lastSeen ?? 0)) res.write(frame(event.seq, event.text));
    page.stream = res;
    return () => {
      if (page.stream !== res) return;
      page.stream = null;
      page.seen = Date.now();
    };
  }

  /** Ends a page's stream-less session (a stream made without a page's name ends with itself). */
  forget(id: string): void {
    this.pages.delete(id);
  }

  private forgetIdle(now: number): void {
    for (const [id, page] of this.pages) {
      if (!page.stream && now - page.seen > IDLE_MS) this.pages.delete(id);
    }
    if (this.pages.size < MAX_PAGES) return;
    let oldest: [string, Page] | null = null;
    for (const entry of this.pages) {
      if (!entry[1].stream && (!oldest || entry[1].seen < oldest[1].seen)) oldest = entry;
    }
    if (oldest) this.pages.delete(oldest[0]);
  }
}
