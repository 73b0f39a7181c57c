// The app:// scheme: the built renderer served from one folder, the way a web origin serves it
// (standard and secure, so the page has a real origin, storage and relative URLs), with the same
// headers as the web bridge. Replaces file://, whose pages can read any file their URL names.
import { protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { contentType, resolveStatic } from '../node/renderer-files';
import { APP_HOST, APP_SCHEME, securityHeaders } from '../shared/security';

/** Must run before the app is ready (Electron reads privileged schemes once, at start). The code
 *  cache, which Chromium keeps only for http(s) unless a scheme asks for it, lets the window reuse
 *  its compiled script from one launch to the next: a browser window compiling the page afresh
 *  paints its first rows in about twice the time of one that kept the compiled code. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

function refusal(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { ...securityHeaders(), 'content-type': 'text/plain; charset=utf-8' },
  });
}

/** The answer to one app:// request: a file of `root`, or a refusal that names nothing on disk. */
export async function appResponse(request: { url: string; method: string }, root: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405, 'Not allowed');
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return refusal(400, 'Bad request');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return refusal(404, 'Not found');
  const file = resolveStatic(root, url.pathname);
  if (!file) return refusal(404, 'Not found');
  try {
    const body = await readFile(file);
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: { ...securityHeaders(), 'content-type': contentType(file), 'cache-control': 'no-cache' },
    });
  } catch {
    return refusal(404, 'Not found');
  }
}

/** Serves `root` on app:// for the default session (after the app is ready). */
export function serveAppScheme(root: string): void {
  protocol.handle(APP_SCHEME, (request) => appResponse(request, root));
}
