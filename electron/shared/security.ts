// Security policies of the app as plain functions, so tests check them under Node and main only
// wires them into Electron: the Content-Security-Policy, which URLs may leave the app, which
// navigations are allowed, which base URLs an account may use.

export interface CspOptions {
  /** electron-vite dev: the renderer comes from a local dev server and talks to it over a websocket. */
  dev?: boolean;
}

/**
 * The page's Content-Security-Policy, sent as a header and injected as a meta tag at build time.
 * - Scripts: only our own files. No inline script, no eval, nothing remote.
 * - Styles: 'unsafe-inline' because Svelte sets style attributes and Vite injects <style> in dev;
 *   styles cannot run code, and message HTML never reaches this document (it lives in a sandboxed
 *   frame with its own, stricter policy).
 * - Images: https/http/data so a sanitized message can show its inline pictures and senders'
 *   logos; an image cannot run code, and the renderer never puts secrets in URLs.
 * - connect-src 'self': the web bridge's /rpc and /events; Electron talks over IPC, not the network.
 */
export function contentSecurityPolicy(options: CspOptions = {}): string {
  const connect = options.dev ? "'self' ws://localhost:* ws://127.0.0.1:* http://localhost:*" : "'self'";
  const directives: [string, string][] = [
    ['default-src', "'none'"],
    ['script-src', "'self'"],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data: https: http:"],
    ['font-src', "'self' data:"],
    ['connect-src', connect],
    ['frame-src', "'self' blob:"],
    ['worker-src', "'none'"],
    ['manifest-src', "'none'"],
    ['media-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/**
 * Headers on every response that carries the page or its files, from Electron's app:// protocol
 * and from the web bridge alike: the CSP above, no MIME sniffing, no referrer, no framing.
 */
export function securityHeaders(options: CspOptions = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}

/** The privileged scheme the packaged app's page is served from (electron/main/app-protocol.ts):
 *  a standard, secure origin like the web bridge's, instead of file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'triage';
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Parses a CSP string into directive → sources (for checks and tests). */
export function parseCsp(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

function parseUrl(url: unknown): URL | null {
  if (typeof url !== 'string' || url.length > 8192) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Links the person may open in the system browser: plain web links, no embedded credentials. */
export function isAllowedExternalUrl(url: unknown): boolean {
  const parsed = parseUrl(url);
  if (!parsed) return false;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password) return false;
  return parsed.hostname.length > 0;
}

/** Strips the fragment: a page is the same page whatever its #hash. */
function pageOf(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}${url.search}`;
}

/**
 * The window never leaves the app's own page: a link click, a form, a script setting location,
 * all denied. Only the page itself (e.g. a reload, a #hash change) is allowed.
 */
export function shouldAllowNavigation(target: unknown, appPageUrl: string): boolean {
  const to = parseUrl(target);
  const own = parseUrl(appPageUrl);
  if (!to || !own) return false;
  return pageOf(to) === pageOf(own);
}

/** The renderer frame that may call the contract: our own page, nothing else (no iframe, no other site). */
export function isOwnPage(frameUrl: unknown, appPageUrl: string): boolean {
  return shouldAllowNavigation(frameUrl, appPageUrl);
}

/** What the window does when a page asks to open a new one: always refused. */
export function windowOpenDecision(): { action: 'deny' } {
  return { action: 'deny' };
}

/** Every permission (camera, notifications, geolocation, clipboard-read, ...) is refused. */
export function permissionDecision(_permission: string): boolean {
  return false;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  return (
    /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(host) && host.split('.').every((n) => Number(n) <= 255)
  );
}

/**
 * An account's base URL must be https, except on this machine (the sandbox, a local proxy):
 * the API key travels in a header on every request. Returns the reason for refusing, or null.
 */
export function baseUrlProblem(baseUrl: string): string | null {
  const parsed = parseUrl(baseUrl);
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    return 'The base URL must be a web address such as https://api.example.com/v1.';
  }
  if (parsed.username || parsed.password) return 'The base URL must not contain a user name or password.';
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) {
    return 'The base URL must use https (plain http is only allowed for this computer, e.g. http://127.0.0.1).';
  }
  return null;
}
