// ApiError: every way a call to the service can fail, as one of a few kinds the app acts on.
// Messages are for people: clear, and never containing the key.
import type { ErrorKind } from '../../shared/contract';
import { AppError } from '../errors';

export type ApiErrorKind =
  | 'auth'
  | 'forbidden'
  | 'not_supported'
  | 'not_found'
  | 'rate_limited'
  | 'transient'
  | 'invalid'
  | 'malformed'
  | 'offline'
  | 'cancelled';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status, when the service answered. */
  readonly status: number | null;
  /** How long the service asked us to wait (429 Retry-After). */
  readonly retryAfterMs: number | null;
  /** The service's error code, e.g. `invalid_request`. */
  readonly code: string | null;
  /** The message without the operation it failed in, for a form that says the operation itself. */
  readonly reason: string | null;
  /** What happened alone, without advice, for a message that gives its own. */
  readonly happened: string | null;
  /** The library's own words (a system error code), for the log only. */
  readonly detail: string | null;
  constructor(
    kind: ApiErrorKind,
    message: string,
    extra: {
      status?: number | null;
      retryAfterMs?: number | null;
      code?: string | null;
      reason?: string | null;
      happened?: string | null;
      detail?: string | null;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = extra.status ?? null;
    this.retryAfterMs = extra.retryAfterMs ?? null;
    this.code = extra.code ?? null;
    this.reason = extra.reason ?? null;
    this.happened = extra.happened ?? null;
    this.detail = extra.detail ?? null;
  }
}

/** The kind of a non-200 answer. */
export function kindForStatus(status: number, optional: boolean): ApiErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return optional ? 'not_supported' : 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status >= 500) return 'transient';
  return 'invalid';
}

/** The longest Retry-After honoured: a service asking for more is asked again after this, so one
 *  answer cannot stall the account (pushes included) for many minutes. */
export const RETRY_AFTER_CAP_MS = 60_000;

/** Retry-After in whole seconds or an HTTP date; bounded to [1 s, RETRY_AFTER_CAP_MS]; default 5 s. */
export function parseRetryAfter(value: string | null, now = Date.now()): number {
  const fallback = 5_000;
  if (!value) return fallback;
  const secs = Number(value.trim());
  let ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) ms = fallback;
  return Math.min(RETRY_AFTER_CAP_MS, Math.max(1_000, ms));
}

const APP_KIND: Record<ApiErrorKind, ErrorKind> = {
  auth: 'auth',
  forbidden: 'forbidden',
  not_supported: 'not_supported',
  not_found: 'not_found',
  rate_limited: 'rate_limited',
  transient: 'transient',
  invalid: 'invalid',
  malformed: 'transient',
  offline: 'offline',
  cancelled: 'transient',
};

/** Turns any failure into the AppError the dispatcher sends to the renderer. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ApiError) return new AppError(APP_KIND[err.kind], err.message);
  return new AppError('internal', err instanceof Error ? err.message : String(err), { cause: err });
}
