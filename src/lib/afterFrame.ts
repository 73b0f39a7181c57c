// Work that must not delay the frame showing what a key just did: it runs in a task posted from the
// next requestAnimationFrame callback, i.e. once that frame's style, layout and paint are done.

export interface FrameSlot {
  /** Runs `work` after the next frame; a newer call replaces one not yet run. */
  schedule(work: () => void): void;
  cancel(): void;
}

/** One channel for every task posted: making a channel per task costs more than the task. */
let channel: MessageChannel | null = null;
const posted: (() => void)[] = [];

/** Runs `work` in a task of its own, after the tasks posted before it. */
export function postTask(work: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => posted.shift()?.();
  }
  posted.push(work);
  channel.port2.postMessage(0);
}

export function afterNextFrame(work: () => void): () => void {
  let cancelled = false;
  const run = (): void => {
    if (!cancelled) work();
  };
  const post = (): void => postTask(run);
  // A hidden page gets no frames: do not leave the work waiting for one.
  if (typeof requestAnimationFrame === 'function' && document.visibilityState !== 'hidden') {
    requestAnimationFrame(post);
  } else setTimeout(run, 0);
  return () => void (cancelled = true);
}

/** Resolves once the frame in progress is painted. */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => void afterNextFrame(resolve));
}

export function frameSlot(): FrameSlot {
  let cancel: (() => void) | null = null;
  return {
    schedule(work) {
      cancel?.();
      cancel = afterNextFrame(() => {
        cancel = null;
        work();
      });
    },
    cancel() {
      cancel?.();
      cancel = null;
    },
  };
}
