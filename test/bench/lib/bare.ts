// The bare limits: the least work that could produce the same result, measured on the same
// machine, disk and data in the same run. Our figures are judged as a ratio to these.
import http from 'node:http';
import Database from 'better-sqlite3';
import { openDatabase } from '../../../electron/core/store/db';

/** The flat columns of an inbox thread as the service sends it. */
export interface ThreadLike {
  _id: string;
  prospectId: string;
  campaignId: string;
  emailAccountId: string;
  status: string;
  prospect: { email: string; firstName: string; lastName: string; company: string };
  lastMessageAt: string;
  createdAt: string;
}

/**
 * The same rows into the same schema: a fresh store file through the app's migrations (every
 * index, the full-text table and its triggers, the same pragmas), one prepared plain INSERT of the
 * same columns (the service JSON kept as `raw` included), every row in one transaction.
 */
export function bareInsertSameSchema(file: string, rows: readonly (ThreadLike & object)[]): number {
  const db = openDatabase(file);
  try {
    const insert = db.prepare(`INSERT INTO threads (id, status, server_status, prospect_id, prospect_email,
      prospect_first, prospect_last, company, campaign_id, email_account_id, last_message_at, created_at, raw)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const start = performance.now();
    db.transaction(() => {
      for (const t of rows) {
        const p = t.prospect;
        insert.run(
          t._id,
          t.status,
          t.status,
          t.prospectId,
          p.email,
          p.firstName,
          p.lastName,
          p.company,
          t.campaignId,
          t.emailAccountId,
          t.lastMessageAt,
          t.createdAt,
          JSON.stringify(t),
        );
      }
    })();
    return performance.now() - start;
  } finally {
    db.close();
  }
}

/** One prepared INSERT of every row in one transaction, into a table with only a primary key. */
export function bareInsertThreads(file: string, rows: readonly ThreadLike[]): number {
  const db = new Database(file);
  try {
    // The same journal and sync settings as the app's store.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(`CREATE TABLE threads (
      id TEXT PRIMARY KEY, prospect_id TEXT, campaign_id TEXT, email_account_id TEXT, status TEXT,
      email TEXT, first_name TEXT, last_name TEXT, company TEXT, last_message_at TEXT, created_at TEXT)`);
    const insert = db.prepare('INSERT INTO threads VALUES (?,?,?,?,?,?,?,?,?,?,?)');
    const start = performance.now();
    db.transaction(() => {
      for (const t of rows) {
        const p = t.prospect;
        insert.run(
          t._id,
          t.prospectId,
          t.campaignId,
          t.emailAccountId,
          t.status,
          p.email,
          p.firstName,
          p.lastName,
          p.company,
          t.lastMessageAt,
          t.createdAt,
        );
      }
    })();
    return performance.now() - start;
  } finally {
    db.close();
  }
}

export interface PageRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** Requests a network failure made the bare pull send again (as the app's client would). */
export const bareRetries = { count: 0, last: '' };

/** The bare pull's sockets: kept alive, as the app's client keeps its own. */
const agent = new http.Agent({ keepAlive: true });

interface BareInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request over `node:http`, the app's own transport, with nothing of the app's around it (no
 *  caps, no time bounds, no validation): the status and the body decoded as UTF-8. */
function bareRequest(url: string, init: BareInit): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A request sent again up to 3 times when the connection fails (the app's client retries too:
 *  under load a kept-alive socket can be closed by the service just as a request goes out on it). */
async function requestRetrying(url: string, init: BareInit = {}): Promise<{ status: number; text: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await bareRequest(url, init);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (!code || attempt >= 3) throw e;
      bareRetries.count++;
      bareRetries.last = `${(e as Error).message}: ${code}`;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** GETs/POSTs each page over the client's transport (`node:http`) and parses it, `concurrency` at a time. */
export async function bareFetchPages(
  baseUrl: string,
  headers: Record<string, string>,
  pages: readonly PageRequest[],
  concurrency: number,
): Promise<{ ms: number; bytes: number }> {
  let next = 0;
  let bytes = 0;
  const base = baseUrl.replace(/\/$/, '');
  const worker = async (): Promise<void> => {
    while (next < pages.length) {
      const p = pages[next++]!;
      const res = await requestRetrying(base + p.path, {
        method: p.method,
        headers: {
          accept: 'application/json',
          ...headers,
          ...(p.body ? { 'content-type': 'application/json' } : {}),
        },
        body: p.body ? JSON.stringify(p.body) : undefined,
      });
      const text = res.text;
      if (res.status !== 200) throw new Error(`${p.method} ${p.path}: ${res.status} ${text.slice(0, 200)}`);
      bytes += text.length;
      JSON.parse(text);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { ms: performance.now() - start, bytes };
}

/**
 * The bare pull: every page a full sync reads (small lists, all inbox pages, the messages of every
 * thread, all lead pages), fetched and parsed and nothing else. Answers the time and page count.
 */
export async function bareFullPull(
  baseUrl: string,
  apiKey: string,
  concurrency: number,
): Promise<{ ms: number; pages: number; bytes: number }> {
  const headers = { 'x-api-key': apiKey };
  const base = baseUrl.replace(/\/$/, '');
  const start = performance.now();
  const firstInbox = JSON.parse(
    (await requestRetrying(`${base}/inbox?page=1&limit=100`, { headers })).text,
  ) as {
    data: { _id: string }[];
    pagination: { totalPages: number };
  };
  const firstLeads = JSON.parse(
    (
      await requestRetrying(`${base}/leads`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ filters: {}, page: 1, limit: 100 }),
      })
    ).text,
  ) as { pagination: { totalPages: number } };
  const lists: PageRequest[] = [
    { method: 'GET', path: '/teams?page=1&limit=100' },
    { method: 'GET', path: '/campaigns?page=1&limit=100' },
    { method: 'GET', path: '/email-accounts?page=1&limit=100' },
    { method: 'GET', path: '/email-account-tags?page=1&limit=100' },
  ];
  for (let p = 2; p <= firstInbox.pagination.totalPages; p++)
    lists.push({ method: 'GET', path: `/inbox?page=${p}&limit=100` });
  for (let p = 2; p <= firstLeads.pagination.totalPages; p++) {
    lists.push({ method: 'POST', path: '/leads', body: { filters: {}, page: p, limit: 100 } });
  }
  // Thread ids come from the inbox pages, as they do for sync: re-read them here (cheap next to
  // the message pages) rather than trusting an order.
  const ids: string[] = firstInbox.data.map((t) => t._id);
  const inboxPages = lists.filter((l) => l.path.startsWith('/inbox'));
  const other = lists.filter((l) => !l.path.startsWith('/inbox'));
  const a = await bareFetchPages(base, headers, other, concurrency);
  let next = 0;
  let bytes = a.bytes;
  const worker = async (): Promise<void> => {
    while (next < inboxPages.length) {
      const p = inboxPages[next++]!;
      const { text } = await requestRetrying(base + p.path, { headers });
      bytes += text.length;
      for (const t of (JSON.parse(text) as { data: { _id: string }[] }).data) ids.push(t._id);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const msgs = ids.map((id): PageRequest => ({
    method: 'GET',
    path: `/inbox/${id}/messages?page=1&limit=100`,
  }));
  const m = await bareFetchPages(base, headers, msgs, concurrency);
  return { ms: performance.now() - start, pages: 2 + lists.length + msgs.length, bytes: bytes + m.bytes };
}
