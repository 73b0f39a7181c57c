// A tiny HTTP client for the sandbox tests: raw status, headers and body, over real loopback.
import type { Sandbox } from '../../electron/sandbox/index';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export async function call(
  sb: Pick<Sandbox, 'url' | 'apiKey'>,
  method: string,
  path: string,
  opts: { body?: unknown; rawBody?: string; headers?: Record<string, string>; noKey?: boolean } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    ...(opts.noKey ? {} : { 'x-api-key': sb.apiKey }),
    ...opts.headers,
  };
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(sb.url + path, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export const SMALL = { threads: 200, leads: 400, campaigns: 12, rateLimit: false as const };
