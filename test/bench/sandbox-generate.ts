// Measures the sandbox at full scale: generating 100,000 threads (~500,000 messages) and 200,000
// leads, in memory and into a data folder, then paging deep into it over HTTP.
// Run: npx tsx test/bench/sandbox-generate.ts [threads] [leads]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../electron/sandbox/index';

const threads = Number(process.argv[2] ?? 100_000);
const leads = Number(process.argv[3] ?? 200_000);

async function timed<T>(label: string, f: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const v = await f();
  console.log(`${label}: ${Math.round(performance.now() - t0)} ms`);
  return v;
}

async function get(sb: Sandbox, path: string, init: RequestInit = {}) {
  const res = await fetch(sb.url + path, {
    ...init,
    headers: { 'x-api-key': sb.apiKey, 'content-type': 'application/json' },
  });
  return res.json() as Promise<{ pagination: { total: number; totalPages: number } }>;
}

async function main() {
  await timed(`generate ${threads} threads / ${leads} leads in memory`, async () =>
    (await startSandbox({ threads, leads, rateLimit: false })).close(),
  );
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
  try {
    const sb = await timed('generate into a data folder', () =>
      startSandbox({ threads, leads, dataDir: dir, rateLimit: false }),
    );
    const first = await get(sb, '/inbox?limit=100');
    console.log(`threads ${first.pagination.total}`);
    for (const page of [1, 500, 1000]) {
      await timed(`GET /inbox?page=${page}&limit=100`, () => get(sb, `/inbox?page=${page}&limit=100`));
    }
    await timed('GET /inbox?status=interested&page=100&limit=100', () =>
      get(sb, '/inbox?status=interested&page=100&limit=100'),
    );
    await timed('POST /leads page 1000', () =>
      get(sb, '/leads', { method: 'POST', body: JSON.stringify({ page: 1000, limit: 100 }) }),
    );
    await timed('POST /leads filter company=acme', () =>
      get(sb, '/leads', { method: 'POST', body: JSON.stringify({ filters: { company: 'acme' } }) }),
    );
    await sb.close();
    await timed('restart on the kept data folder', async () =>
      (await startSandbox({ threads, leads, dataDir: dir })).close(),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
