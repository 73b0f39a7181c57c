// window.triage for a browser talking to the web bridge: calls over one WebSocket (GET /socket),
// or over fetch (POST /rpc) while that socket is not open; events over one EventSource (GET /events).
// A fetch costs a browser milliseconds of request setup, a message on an open socket far less.
// src/boot.ts installs this only when window.triage is absent, so the Electron app never uses it
// (it is in the first script all the same: a chunk of its own cost a browser a round trip before
// the first call). The token arrives in the URL fragment (#token=...), moves to
// sessionStorage and leaves the address bar, so it is not bookmarked or shared by accident.
// Every call and the stream name this page (a random id of its own): the bridge keeps the events
// announced after the page's first call for its stream, which may connect later (page-events.ts).
import type { Envelope, EventName, TriageApi, WireError } from '../shared/contract';
import { createRpc, type Rpc } from '../shared/rpc';
import { unpackReceived } from '../shared/packed';
import { PAGE_HEADER, PAGE_PARAM, type SocketFunctions } from './wire';

const TOKEN_KEY = 'outreach-triage.token';

/** Takes the token from the fragment (then removes it from the address bar) or from sessionStorage. */
export function takeToken(): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return match[1];
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

/** A name for this page, new with each load: 22 random URL-safe characters. */
function pageName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, (c) =>
    c === '+' ? '-' : c === '/' ? '_' : '',
  );
}

export function createWebTriage(token: string | null, base = ''): TriageApi {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let source: EventSource | null = null;
  const page = pageName();
  const named = `${PAGE_PARAM}=${page}`;

  const connect = (): void => {
    if (source || !token) return;
    source = new EventSource(`${base}/events?token=${encodeURIComponent(token)}&${named}`);
    source.onmessage = (message: MessageEvent<string>) => {
      let event: { name?: unknown; payload?: unknown };
      try {
        event = JSON.parse(message.data) as typeof event;
      } catch {
        return;
      }
      for (const listener of listeners.get(String(event.name)) ?? []) listener(event.payload);
    };
  };

  const notAnsweringError: WireError = {
    kind: 'transient',
    message: 'The app is not answering. Is `npm run web` still running?',
  };
  const notAnswering = (): Error => new Error(notAnsweringError.message);

  // The call socket: opened on the first call; calls use fetch until it is open, and again
  // after it closes until a new one opens (tried again at most every few seconds).
  let socket: Rpc<SocketFunctions> | null = null;
  let socketOpen = false;
  let nextTry = 0;

  const openSocket = (): void => {
    if (socket || !token || typeof WebSocket === 'undefined' || Date.now() < nextTry) return;
    const origin = base || window.location.origin;
    const url = `${origin.replace(/^http/, 'ws')}/socket?token=${encodeURIComponent(token)}&${named}`;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      nextTry = Date.now() + 5000;
      return;
    }
    const calls = createRpc<SocketFunctions>(
      {},
      {
        post: (text) => ws.send(text as string),
        listen: (listener) => ws.addEventListener('message', (m: MessageEvent<unknown>) => listener(m.data)),
        text: true,
      },
    );
    socket = calls;
    ws.onopen = () => (socketOpen = true);
    ws.onclose = () => {
      socket = null;
      socketOpen = false;
      nextTry = Date.now() + 2000;
      // Whether those calls ran is unknown, as with a fetch cut off mid-way.
      calls.$close(notAnswering());
    };
  };

  async function overFetch(channel: string, input: unknown): Promise<Envelope<unknown>> {
    const res = await fetch(`${base}/rpc`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        [PAGE_HEADER]: page,
      },
      body: JSON.stringify({ channel, payload: input }),
    });
    return (await res.json()) as Envelope<unknown>;
  }

  /** One call, answered with the contract's envelope as the preload answers it: never a throw. */
  async function call(channel: string, input: unknown): Promise<Envelope<unknown>> {
    if (!token) {
      return {
        ok: false,
        error: {
          kind: 'auth',
          message: 'Open the address printed by `npm run web`: it carries the access token.',
        },
      };
    }
    openSocket();
    try {
      return socket && socketOpen
        ? unpackReceived(await socket.invoke(channel, input))
        : await overFetch(channel, input);
    } catch {
      return { ok: false, error: notAnsweringError };
    }
  }

  return {
    invoke: (async (channel: string, input: unknown): Promise<Envelope<unknown>> => {
      const envelope = await call(channel, input);
      // The core has checked the link (http/https only); a browser opens it in a new tab, after asking.
      if (channel === 'links.open' && envelope.ok && (envelope.value as { opened?: boolean }).opened) {
        const url = (input as { url: string }).url;
        if (!window.confirm(`Open this link in a new tab?\n\n${url}`))
          return { ok: true, value: { opened: false } };
        window.open(url, '_blank', 'noopener,noreferrer');
      }
      return envelope;
    }) as TriageApi['invoke'],
    on: ((event: EventName, listener: (payload: unknown) => void) => {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      connect();
      return () => void set.delete(listener);
    }) as TriageApi['on'],
  };
}

/** Installs window.triage for this page (called by src/main.ts when the preload did not). */
export function installWebClient(): void {
  const api = createWebTriage(takeToken());
  Object.defineProperty(window, 'triage', {
    value: Object.freeze(api),
    writable: false,
    configurable: false,
  });
}
