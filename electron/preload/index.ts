// Placeholder: the preload lands with the shell issue.
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('triage', {});
