// A controllable stand-in for the network between the app and the sandbox: every request goes to
// the real sandbox over HTTP, but a rule can hold it (before it reaches the service, or after the
// service acted and before the answer comes back), answer in its place (any status), reset the
// connection, truncate or garble the answer, or rewrite it. Tests act while a request is held.
export type Fault =
  | { kind: 'status'; status: number; retryAfter?: number; applied?: boolean }
  | { kind: 'reset'; applied: boolean }
  | { kind: 'truncate' }
  | { kind: 'malformed' }
  | { kind: 'redirect'; status: number };

export interface RequestInfo {
  method: string;
  url: URL;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

export interface Held {
  info: RequestInfo;
  /** Lets the request go on. */
  release(): void;
}

interface Rule {
  hold?: boolean;
  match: (r: RequestInfo) => boolean;
  times: number;
  act: (r: RequestInfo, forward: () => Promise<Response>) => Promise<Response>;
}

export interface Proxy {
  fetch: typeof fetch;
  /** Holds the next matching request before it reaches the service ('before') or after the
   *  service answered ('after'); resolves once it is held. */
  hold(match: (r: RequestInfo) => boolean, where?: 'before' | 'after'): Promise<Held>;
  /** The next `times` matching requests meet this fault. */
  fault(match: (r: RequestInfo) => boolean, fault: Fault, times?: number): void;
  /** Rewrites the JSON answer of the next `times` matching requests. */
  rewrite(match: (r: RequestInfo) => boolean, fn: (json: unknown) => unknown, times?: number): void;
  /** Every held request goes on. */
  releaseAll(): void;
  /** Forgets every rule not yet met (`holds`: only the holds). */
  clear(only?: 'holds'): void;
  /** Requests held right now. */
  heldCount(): number;
  /** Rules (holds, faults, rewrites) not met yet. */
  rulesLeft(): number;
  /** Faults met so far, by kind (`400`, `reset`, `truncate`, …). */
  met: Map<string, number>;
  /** From now on nothing reaches the service through this proxy, and held requests fail. */
  cut(): void;
  requests: RequestInfo[];
}

const resetError = (): Error =>
  Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });

const errorBody = (status: number): string =>
  JSON.stringify({
    error: { code: status === 429 ? 'rate_limited' : 'refused', message: `injected ${status}` },
  });

export function createProxy(): Proxy {
  const rules: Rule[] = [];
  const held = new Set<{ go: (ok: boolean) => void }>();
  const requests: RequestInfo[] = [];
  const met = new Map<string, number>();
  const note = (kind: string): void => void met.set(kind, (met.get(kind) ?? 0) + 1);
  let cut = false;
  /** Moves on each releaseAll: a request held after its answer came back is not held if
   *  everything was released while it was on its way. */
  let epoch = 0;

  const proxyFetch: typeof fetch = async (input, init) => {
    const info: RequestInfo = {
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: init?.signal ?? undefined,
    };
    requests.push(info);
    if (requests.length > 2000) requests.splice(0, 1000); // the recent ones are what tests look at
    if (cut) throw resetError();
    const forward = async (): Promise<Response> => {
      if (cut) throw resetError();
      return fetch(input, init);
    };
    const i = rules.findIndex((r) => r.times > 0 && r.match(info));
    if (i < 0) return forward();
    const rule = rules[i]!;
    if (--rule.times === 0) rules.splice(i, 1);
    const res = await rule.act(info, forward);
    if (init?.signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    return res;
  };

  return {
    fetch: proxyFetch,
    requests,
    hold(match, where = 'before') {
      return new Promise<Held>((resolveHeld) => {
        rules.push({
          hold: true,
          match,
          times: 1,
          act: async (info, forward) => {
            const began = epoch;
            const res = where === 'after' ? await forward() : null;
            const text = res ? await res.text() : null;
            if (res && (epoch !== began || cut)) {
              resolveHeld({ info, release: () => undefined });
              if (cut) throw resetError();
              return new Response(text, { status: res.status, headers: res.headers });
            }
            let go!: (ok: boolean) => void;
            const gate = new Promise<boolean>((r) => (go = r));
            const entry = { go: (ok: boolean) => (held.delete(entry), go(ok)) };
            held.add(entry);
            info.signal?.addEventListener('abort', () => entry.go(false), { once: true });
            resolveHeld({ info, release: () => entry.go(true) });
            if (!(await gate)) throw resetError();
            if (res) return new Response(text, { status: res.status, headers: res.headers });
            return forward();
          },
        });
      });
    },
    fault(match, f, times = 1) {
      rules.push({
        match,
        times,
        act: async (_info, forward) => {
          note(f.kind === 'status' ? String(f.status) : f.kind);
          switch (f.kind) {
            case 'status':
              if (f.applied) await (await forward()).text();
              return new Response(errorBody(f.status), {
                status: f.status,
                headers: {
                  'content-type': 'application/json',
                  ...(f.retryAfter !== undefined ? { 'retry-after': String(f.retryAfter) } : {}),
                },
              });
            case 'reset':
              if (f.applied) await (await forward()).text();
              throw resetError();
            case 'truncate': {
              const text = await (await forward()).text();
              return new Response(text.slice(0, Math.floor(text.length / 2)), {
                status: 200,
                headers: { 'content-type': 'application/json' },
              });
            }
            case 'malformed':
              await (await forward()).text();
              return new Response('{"data": [1, 2', {
                status: 200,
                headers: { 'content-type': 'application/json' },
              });
            case 'redirect': {
              const res = await forward();
              await res.text();
              return new Response('', { status: f.status, headers: { location: String(_info.url) } });
            }
          }
        },
      });
    },
    rewrite(match, fn, times = 1) {
      rules.push({
        match,
        times,
        act: async (_info, forward) => {
          const res = await forward();
          const json = (await res.json()) as unknown;
          return new Response(JSON.stringify(fn(json)), { status: res.status, headers: res.headers });
        },
      });
    },
    releaseAll() {
      epoch++;
      for (const h of [...held]) h.go(true);
    },
    clear(only) {
      for (let i = rules.length - 1; i >= 0; i--) if (!only || rules[i]!.hold) rules.splice(i, 1);
    },
    heldCount: () => held.size,
    rulesLeft: () => rules.length,
    met,
    cut() {
      cut = true;
      for (const h of [...held]) h.go(false);
    },
  };
}

/** Matches a request by method and a path pattern (relative to the base URL's /v1). */
export function route(method: string, path: RegExp): (r: RequestInfo) => boolean {
  return (r) => r.method === method && path.test(r.url.pathname);
}
