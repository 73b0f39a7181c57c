import { defineConfig } from 'vitest/config';

// Unit and integration tests run under plain Node against real parts (SQLite files, the sandbox
// over loopback, the keychain). Browser tests live in test/e2e and run under Playwright.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
