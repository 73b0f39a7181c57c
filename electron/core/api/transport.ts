// How one request reaches the service and its answer comes back, under http.ts's rules: the app's
// own transport over node:http (nodeTransport.ts), or a `fetch` given instead (tests that answer
// from a script, a fault-injecting fetch). Both read an answer's body counted as it unpacks.

export interface SendInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Aborts the request and its body's reading (the caller's cancel or its total-time bound). */
  signal: AbortSignal;
  /** The request may be sent again if a kept-alive socket turns out closed before any answer. */
  idempotent: boolean;
}

export interface RawAnswer {
  status: number;
  /** A header's value (names in lower case), or null. */
  header(name: string): string | null;
  /** The body as UTF-8 text, unpacked (gzip, deflate, br) and counted as it unpacks; null as soon
   *  as it passes `maxBytes` (the rest is not read). */
  text(maxBytes: number): Promise<string | null>;
  /** Leaves the body unread (a redirect, an answer refused by its declared length). */
  discard(): void;
}

export type Transport = (url: string, init: SendInit) => Promise<RawAnswer>;

/** A `fetch` as a transport: redirects are left to http.ts, the body counted as it unpacks. */
export function fetchTransport(f: typeof fetch): Transport {
  return async (url, init) => {
    const res = await f(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      redirect: 'manual',
      signal: init.signal,
    });
    return {
      status: res.status,
      header: (name) => res.headers.get(name),
      discard: () => void res.body?.cancel().catch(() => undefined),
      text: async (maxBytes) => {
        if (!res.body) return '';
        // A declared length bounds a body sent as it is (the parser reads no more of it than
        // that): it is read whole. A compressed one is counted as it unpacks: its length says
        // nothing of what it unpacks to.
        const encoding = res.headers.get('content-encoding');
        const declared = Number(res.headers.get('content-length') ?? NaN);
        if (Number.isFinite(declared) && (!encoding || encoding === 'identity')) return res.text();
        const reader = res.body.getReader();
        const chunks: Uint8Array[] = [];
        let size = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > maxBytes) {
            await reader.cancel().catch(() => undefined);
            return null;
          }
          chunks.push(value);
        }
        return Buffer.concat(chunks).toString('utf8');
      },
    };
  };
}
