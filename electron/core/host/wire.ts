// The messages between the core's own process and the process that answers
// the window (Electron's main, or the web bridge), over one port. The answering side only
// forwards: contract calls in, envelopes and events out.
import type { Envelope, EventName } from '../../shared/contract';
import type { DemoOptions } from '../accounts/demo';

/** What the core is started with (the first message on the port). */
export interface CoreStart {
  dataDir: string;
  keychainService?: string;
  nativeBinding?: string;
  startDemo?: boolean;
  demoOptions?: DemoOptions;
  /** 'ask': the answering side confirms and opens a checked link (Electron's dialog + shell);
   *  'allow': the page opens it itself (a browser, after its own confirm). */
  links: 'ask' | 'allow';
}

export type ToCore =
  | { type: 'start'; options: CoreStart }
  | { type: 'invoke'; id: number; channel: unknown; payload: unknown }
  | { type: 'link-opened'; id: number; opened: boolean }
  | { type: 'demo'; id: number }
  | { type: 'close' };

export interface DemoService {
  url: string;
  apiKey: string;
}

export type FromCore =
  | { type: 'ready'; error?: string }
  | { type: 'result'; id: number; envelope: Envelope<unknown> }
  | { type: 'event'; name: EventName; payload: unknown }
  | { type: 'open-link'; id: number; url: string }
  | { type: 'demo'; id: number; demo: DemoService | null }
  | { type: 'closed' };

/** One end of the port, whatever carries it (Node's worker MessagePort, Electron's MessagePortMain). */
export interface CorePort {
  post(message: ToCore | FromCore): void;
  listen(listener: (message: unknown) => void): void;
  close(): void;
}
