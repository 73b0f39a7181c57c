// JSON-lines logger. Redacts API keys (whatever `redact()` names, and any x-api-key header value)
// from messages and data, and never throws: a full disk must not break a sync.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, data?: object): void;
  info(msg: string, data?: object): void;
  warn(msg: string, data?: object): void;
  error(msg: string, data?: object): void;
}

export interface LoggerOptions {
  file?: string;
  level?: Level;
  redact?: () => string[];
}

const HEADER_VALUE = /("?x-api-key"?\s*[:=]\s*"?)([^"\s,}]+)/gi;

/** Replaces every secret in a string with a marker. */
export function redactText(text: string, secrets: string[]): string {
  let out = text.replace(HEADER_VALUE, '$1[redacted]');
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  }
  return out;
}

function safeJson(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (key, v: unknown) => {
    if (typeof key === 'string' && key.toLowerCase() === 'x-api-key') return '[redacted]';
    if (v instanceof Error) return { name: v.name, message: v.message };
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object') {
      if (seen.has(v)) return '[circular]';
      seen.add(v);
    }
    return v;
  });
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const min = ORDER[opts.level ?? 'info'];
  let dirMade = false;
  const write = (level: Level, msg: string, data?: object): void => {
    try {
      if (ORDER[level] < min) return;
      const secrets = opts.redact ? opts.redact() : [];
      const line = redactText(
        safeJson({ t: new Date().toISOString(), level, msg, ...(data ? { data } : {}) }),
        secrets,
      );
      if (opts.file) {
        if (!dirMade) {
          mkdirSync(dirname(opts.file), { recursive: true });
          dirMade = true;
        }
        appendFileSync(opts.file, line + '\n');
      } else if (level === 'warn' || level === 'error') {
        process.stderr.write(line + '\n');
      }
    } catch {
      // Logging must never break the caller.
    }
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}

/** A logger that drops everything (the default when none is given). */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
