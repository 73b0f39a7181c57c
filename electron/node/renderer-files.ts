// The built renderer's files, for Electron's app:// protocol and the web bridge alike: files under
// one folder only (no traversal, no dotfiles, no symlink escape: the real path must stay inside),
// with their content types.
import { realpathSync, statSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The file a URL path names inside `root`, or null when it would leave it (or names nothing servable). */
export function resolveStatic(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((part) => part.startsWith('.'))) return null;
  const base = resolve(root);
  const wanted = resolve(join(base, decoded === '/' || decoded === '' ? 'index.html' : decoded));
  const rel = relative(base, wanted);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  try {
    const real = realpathSync(wanted);
    const realRel = relative(realpathSync(base), real);
    if (realRel.startsWith('..') || isAbsolute(realRel) || realRel.split(sep).includes('..')) return null;
    return statSync(real).isFile() ? real : null;
  } catch {
    return null;
  }
}
