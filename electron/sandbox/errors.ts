// The service's error answers: `{error: {code, message, details?}}` with the status of api.md.

export type ErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'payload_too_large'
  | 'rate_limited'
  | 'internal';

const STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
  body(): { error: { code: ErrorCode; message: string; details?: Record<string, unknown> } } {
    return {
      error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) },
    };
  }
}

export const invalid = (field: string, message: string): ApiError =>
  new ApiError('invalid_request', message, { field });

export const notFound = (what: string, id?: string): ApiError =>
  new ApiError('not_found', id ? `No ${what} with id ${id}` : `No ${what}`);
