// The renderer's only door to the app: `window.triage` (preload in Electron, the web client in a
// browser). Both answer with the contract's envelope; here an error envelope becomes the
// contract's TriageError with its `kind`.
import type {
  Channel,
  ErrorKind,
  EventName,
  Events,
  Input,
  Result,
  TriageApi,
} from '../../electron/shared/contract';
import { TriageError } from '../../electron/shared/contract-values';

declare global {
  interface Window {
    triage: TriageApi;
  }
}

export async function call<C extends Channel>(channel: C, input: Input<C>): Promise<Result<C>> {
  const envelope: unknown = await window.triage.invoke(channel, input);
  if (!envelope || typeof envelope !== 'object' || !('ok' in envelope)) {
    throw new TriageError({
      kind: 'internal',
      message: 'The app sent an answer this page does not understand.',
    });
  }
  const answer = envelope as Awaited<ReturnType<TriageApi['invoke']>>;
  if (!answer.ok) throw new TriageError(answer.error);
  return answer.value as Result<C>;
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
