import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, testWithPage } from './browser.js';
import { startServer, type TestServer } from './server.js';

/**
 * One built app on a fresh demo database and one Chromium for a test file; `suite.server` is
 * filled in before the tests run (`extraEnv` adds to its environment). `test` gives each test its own page.
 */
export function useE2E(extraEnv: NodeJS.ProcessEnv = {}) {
  const suite = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(extraEnv), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  const test = testWithPage(() => ({ browser: suite.browser, baseURL: suite.server.baseURL }));
  return { suite, test };
}
