// The web bridge serves the renderer folder and nothing beside it: content types, the CSP header,
// and no way out of the folder.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../electron/shared/security';
import { http, useWebBridge } from './fixtures/web-bridge';

useWebBridge();

describe('web bridge', () => {
  it('serves the renderer with content types and the CSP header', async () => {
    const index = await http('/');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.headers['content-security-policy']).toBe(contentSecurityPolicy());
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect((await http('/assets/app.js')).headers['content-type']).toMatch(/^text\/javascript/);
    expect((await http('/assets/app.css')).headers['content-type']).toMatch(/^text\/css/);
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00',
      '/.env',
      '/assets',
    ]) {
      const res = await http(path);
      expect(res.status, path).toBe(404);
      expect(res.body).not.toContain('outside the renderer');
    }
  });
});
