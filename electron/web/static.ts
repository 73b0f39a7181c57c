// Serves one of the renderer's files (found by ../renderer-files.ts) over HTTP with the headers given.
import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { contentType } from '../node/renderer-files';

export function serveStatic(res: ServerResponse, file: string, headers: Record<string, string>): void {
  const isHtml = file.endsWith('.html');
  res.writeHead(200, {
    ...headers,
    'content-type': contentType(file),
    'cache-control': isHtml ? 'no-store' : 'public, max-age=3600',
  });
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
