// The renderer's only door to the app: `window.triage` (preload in Electron, the web client in a
// browser). Typed by the contract; errors arrive as TriageError with a `kind`.
import type {
  Channel,
  ErrorKind,
  EventName,
  Events,
  Input,
  Result,
  TriageApi,
} from '../../electron/contract-types';

declare global {
  interface Window {
    triage: TriageApi;
  }
}

export function call<C extends Channel>(channel: C, input: Input<C>): Promise<Result<C>> {
  return window.triage.invoke(channel, input);
}

export function on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
  return window.triage.on(event, listener);
}

/** The error kind of a failed call, or null for an error that did not come from the contract. */
export function errorKind(error: unknown): ErrorKind | null {
  if (error && typeof error === 'object' && 'kind' in error && typeof error.kind === 'string') {
    return error.kind as ErrorKind;
  }
  return null;
}

/** A failed call in words for the person. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
