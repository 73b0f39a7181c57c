// The one door into the core: a channel name and an untrusted payload in, an envelope out.
// Used by Electron's ipcMain handler and by the web bridge alike. It never throws: unknown
// channels and bad payloads become validation errors, known failures keep their kind, and
// anything unexpected becomes a generic 'internal' error whose detail only goes to the log.
import {
  channels,
  isErrorKind,
  type Channel,
  type Envelope,
  type ErrorKind,
  type Handlers,
  type WireError,
} from '../../shared/contract';

const MAX_ISSUES = 20;
const MAX_TEXT = 300;

export interface DispatchOptions {
  /** Where the detail of unexpected errors goes (never to the renderer). */
  onInternalError?: (channel: string, error: unknown) => void;
  /** Where the details of an internal error are written, named in the message the rep reads. */
  logFile?: string;
  /** Secrets to blank out of any message that leaves (defence in depth: keys never belong in one). */
  secrets?: () => Iterable<string>;
  /** false: the answer leaves at once through a transport that copies or writes it itself (a
   *  port's structured clone, or the packed text), which fails as the copy here would. */
  copy?: boolean;
}

export type Dispatch = (channel: unknown, payload: unknown) => Promise<Envelope<unknown>>;

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** The contract's own refusals are sentences for people ("A campaign name has at most 200
 *  characters; this one has 283."); the validation library's are not, and keep their context. */
function isSentence(message: string): boolean {
  return /^[A-Z][^]*\.$/.test(message);
}

function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name);
}

/** A failure the core raised on purpose (AppError, or any error carrying a known kind). */
function knownKind(error: unknown): ErrorKind | null {
  if (!(error instanceof Error)) return null;
  const kind = (error as { kind?: unknown }).kind;
  return isErrorKind(kind) ? kind : null;
}

function pathText(path: readonly PropertyKey[]): string {
  return clip(path.map((p) => (typeof p === 'symbol' ? p.toString() : String(p))).join('.'));
}

export function createDispatcher(handlers: Handlers, options: DispatchOptions = {}): Dispatch {
  const redact = (text: string): string => {
    let out = text;
    for (const secret of options.secrets?.() ?? []) {
      if (secret.length >= 4) out = out.split(secret).join('[redacted]');
    }
    return out;
  };
  const fail = (error: WireError): Envelope<unknown> => ({
    ok: false,
    error: {
      ...error,
      message: clip(redact(error.message)),
      ...(error.issues
        ? { issues: error.issues.map((i) => ({ path: i.path, message: redact(i.message) })) }
        : {}),
    },
  });
  const internal = (channel: string, error: unknown): Envelope<unknown> => {
    try {
      options.onInternalError?.(channel, error);
    } catch {
      // A failing logger must not take the answer down with it.
    }
    return fail({
      kind: 'internal',
      message: options.logFile
        ? `Something went wrong inside the app. The details are in its log: ${options.logFile}`
        : 'Something went wrong inside the app. The details are in its log.',
    });
  };

  return async function dispatch(channel, payload) {
    if (!isChannel(channel)) {
      const name = typeof channel === 'string' ? clip(JSON.stringify(channel)) : typeof channel;
      return fail({
        kind: 'validation',
        message: `Unknown channel ${name}.`,
        issues: [{ path: 'channel', message: 'not a channel of the contract' }],
      });
    }
    let input: unknown;
    try {
      const parsed = channels[channel].input.safeParse(payload);
      if (!parsed.success) {
        const issues = parsed.error.issues
          .slice(0, MAX_ISSUES)
          .map((issue) => ({ path: pathText(issue.path), message: clip(issue.message) }));
        const first = issues[0];
        const where = first && first.path ? `${first.path}: ` : '';
        return fail({
          kind: 'validation',
          message:
            first && isSentence(first.message)
              ? first.message
              : `Invalid input for ${channel}: ${where}${first?.message ?? 'invalid'}`,
          issues,
        });
      }
      input = parsed.data;
    } catch (error) {
      // A payload hostile enough to break the parser (getters that throw, absurd nesting).
      return fail({
        kind: 'validation',
        message: `Invalid input for ${channel}.`,
        issues: [
          { path: '', message: error instanceof RangeError ? 'too deeply nested' : 'unreadable payload' },
        ],
      });
    }
    try {
      const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
      const value = await handler(input);
      // What crosses IPC must survive structured clone; check here so a bad result is our error, not a crash.
      const copied = value === undefined || options.copy === false ? value : structuredClone(value);
      return { ok: true, value: copied };
    } catch (error) {
      const kind = knownKind(error);
      if (kind && kind !== 'internal') return fail({ kind, message: (error as Error).message });
      return internal(channel, error);
    }
  };
}
