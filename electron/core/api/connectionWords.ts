// A connection that failed before the service answered, in words a rep can act on: what happened
// to which address, and what to do. The library's own words ("fetch failed", ECONNREFUSED) stay in
// the log; the message names only the address's origin (never its path or query, nor the key).
import type { ApiErrorKind } from './errors';

/** Connection failures that mean "no network / service down", as opposed to a blip mid-answer. */
const OFFLINE: Record<string, string> = {
  ECONNREFUSED: 'nothing answers at that address',
  ENOTFOUND: 'no server by that name was found',
  EAI_AGAIN: 'the name could not be looked up',
  EHOSTUNREACH: 'this computer has no route to it',
  ENETUNREACH: 'this computer has no route to it',
  ENETDOWN: 'the network is down',
  EADDRNOTAVAIL: 'the address is not available from this computer',
};
const CUT = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

export interface ConnectionFailure {
  kind: ApiErrorKind;
  /** The message without the operation: what happened and what to do. */
  reason: string;
  /** What happened alone, as a sentence, for a message that gives its own advice. */
  happened: string;
  /** The whole message: the operation, what happened and what to do. */
  message: string;
}

/** The origin of a URL ("https://api.example.com"), or "the service" for one that does not parse. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the service';
  }
}

/** `what`: the operation with a capital ("Listing workspaces"); `code`: the system's error code. */
export function connectionFailure(
  what: string,
  url: string,
  failure: { code?: string | undefined; text?: string; timeoutMs?: number },
): ConnectionFailure {
  const origin = originOf(url);
  const { code } = failure;
  const make = (kind: ApiErrorKind, reason: string, advice: string): ConnectionFailure => {
    const happened = `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
    return { kind, happened, reason: `${happened} ${advice}`, message: `${what}: ${reason}. ${advice}` };
  };
  if (failure.timeoutMs !== undefined) {
    const s = Math.round(failure.timeoutMs / 1000);
    return make(
      'transient',
      `${origin} did not answer in time (${s} s)`,
      'The service may be slow or down; try again in a moment.',
    );
  }
  if (code && OFFLINE[code]) {
    return make(
      'offline',
      `could not reach ${origin}: ${OFFLINE[code]}`,
      'Check the address and your connection.',
    );
  }
  // A secure connection refused (a plain-http service asked for https, a bad certificate) often
  // arrives as a reset whose words say TLS.
  if ((code && /CERT|SSL|TLS|EPROTO/i.test(code)) || /\b(TLS|SSL|certificate)\b/i.test(failure.text ?? '')) {
    return make(
      'transient',
      `could not open a secure connection to ${origin}`,
      'Check that the address starts with the right https:// or http://, and that the service’s certificate is valid.',
    );
  }
  if (code && CUT.has(code)) {
    return make(
      'transient',
      `the connection to ${origin} was cut before the answer came`,
      'Try again; if it keeps happening, the service may be having trouble.',
    );
  }
  return make(
    'transient',
    `the connection to ${origin} failed`,
    'Check the address and your connection, then try again.',
  );
}
