// The bare limits: the least work that could produce the same result, measured on the same
// machine, disk and data in the same run. Our figures are judged as a ratio to these.
import Database from 'better-sqlite3';

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

/** One prepared INSERT of every row in one transaction, into a table with only a primary key. */
export function bareInsertThreads(file: string, rows: readonly ThreadLike[]): number {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
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

/** GETs/POSTs each page with fetch (the client's transport) and parses it, `concurrency` at a time. */
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
      const res = await fetch(base + p.path, {
        method: p.method,
        headers: {
          accept: 'application/json',
          ...headers,
          ...(p.body ? { 'content-type': 'application/json' } : {}),
        },
        body: p.body ? JSON.stringify(p.body) : undefined,
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${p.method} ${p.path}: ${res.status} ${text.slice(0, 200)}`);
      bytes += text.length;
      JSON.parse(text);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { ms: performance.now() - start, bytes };
}
