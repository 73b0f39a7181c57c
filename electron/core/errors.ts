// The error every account handler throws to its caller: the dispatcher puts `kind` and `message`
// in the envelope the renderer receives. Messages are for people and never contain a key.
import type { ErrorKind } from '../shared/contract';

export class AppError extends Error {
  readonly kind: ErrorKind;
  constructor(kind: ErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.kind = kind;
  }
}
