// The preload: window.triage, built from ONE invoke channel and ONE event channel, nothing else.
// The wrapper runs in the page's own world (executeInMainWorld) because errors crossing the
// context bridge lose every property but the message, and the renderer needs `kind` and `issues`.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

const invoke = (channel: unknown, payload: unknown): Promise<unknown> =>
  ipcRenderer.invoke('triage:invoke', channel, payload);

const subscribe = (event: unknown, listener: (payload: unknown) => void): (() => void) => {
  const handler = (_e: IpcRendererEvent, name: unknown, payload: unknown): void => {
    if (name === event) listener(payload);
  };
  ipcRenderer.on('triage:event', handler);
  return () => void ipcRenderer.removeListener('triage:event', handler);
};

contextBridge.executeInMainWorld({
  // Serialized into the page: it may use only its arguments and standard globals.
  func: (call: typeof invoke, on: typeof subscribe) => {
    class TriageError extends Error {
      kind: string;
      issues: unknown;
      constructor(error: { kind: string; message: string; issues?: unknown }) {
        super(error.message);
        this.name = 'TriageError';
        this.kind = error.kind;
        this.issues = error.issues;
      }
    }
    const api = Object.freeze({
      invoke: async (channel: string, input: unknown) => {
        const envelope = (await call(channel, input)) as { ok: boolean; value?: unknown; error?: never };
        if (envelope.ok) return envelope.value;
        throw new TriageError(envelope.error ?? { kind: 'internal', message: 'No answer.' });
      },
      on: (event: string, listener: (payload: unknown) => void) => on(event, listener),
    });
    Object.defineProperty(window, 'triage', { value: api, writable: false, configurable: false });
  },
  args: [invoke, subscribe],
});
