// Shared pieces of the reliability suites that drive one account against the sandbox: a logger
// that counts what the core reports, an event recorder, and reading the service's true state
// through a clean client.
import type { EventName, Events } from '../../electron/shared/contract';
import { createClient } from '../../electron/core/api/client';
import type { Logger } from '../../electron/core/log';

export interface CountingLogger extends Logger {
  counts: Map<string, number>;
  lines: string[];
}

/** A logger that keeps every line in memory (to search for secrets) and counts messages. */
export function countingLogger(): CountingLogger {
  const counts = new Map<string, number>();
  const lines: string[] = [];
  const write = (level: string, msg: string, data?: object): void => {
    counts.set(msg, (counts.get(msg) ?? 0) + 1);
    try {
      lines.push(JSON.stringify({ level, msg, data }));
    } catch {
      lines.push(`${level} ${msg}`);
    }
  };
  return {
    counts,
    lines,
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}

export interface RecordedEvent {
  name: EventName;
  payload: unknown;
}

export function eventRecorder(): {
  events: RecordedEvent[];
  emit: <E extends EventName>(name: E, payload: Events[E]) => void;
} {
  const events: RecordedEvent[] = [];
  return { events, emit: (name, payload) => void events.push({ name, payload: structuredClone(payload) }) };
}

export interface ServerState {
  threads: Map<string, { status: string; lastMessageAt: string }>;
  campaigns: Map<string, string>;
  signatures: Map<string, string>;
}

/** The service's state as a client with no faults reads it (all pages). */
export async function readServer(
  baseUrl: string,
  apiKey: string,
  workspaceId: string | null = null,
): Promise<ServerState> {
  const client = createClient({ baseUrl, apiKey: () => apiKey, workspaceId });
  const threads = new Map<string, { status: string; lastMessageAt: string }>();
  for await (const page of client.pages((page, limit) => client.listInbox({ page, limit })))
    for (const t of page.data) threads.set(t._id, { status: t.status, lastMessageAt: t.lastMessageAt });
  const campaigns = new Map<string, string>();
  for await (const page of client.pages((page, limit) => client.listCampaigns({ page, limit })))
    for (const c of page.data) campaigns.set(c._id, c.name);
  const signatures = new Map<string, string>();
  for await (const page of client.pages((page, limit) => client.listEmailAccounts({ page, limit })))
    for (const a of page.data) signatures.set(a._id, String((a as { signature?: unknown }).signature ?? ''));
  return { threads, campaigns, signatures };
}
