// The preload: window.triage with two functions over ONE invoke channel and ONE event channel,
// nothing else. `invoke` answers with the contract's envelope as plain data (errors crossing the
// context bridge would lose every property but the message); src/lib/api.ts turns an error
// envelope into a TriageError in the page's own world.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

const api = {
  invoke: (channel: string, input: unknown): Promise<unknown> =>
    ipcRenderer.invoke('triage:invoke', channel, input),
  on: (event: string, listener: (payload: unknown) => void): (() => void) => {
    const handler = (_e: IpcRendererEvent, name: unknown, payload: unknown): void => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on('triage:event', handler);
    return () => void ipcRenderer.removeListener('triage:event', handler);
  },
};

contextBridge.exposeInMainWorld('triage', api);
