import { defineConfig } from '@playwright/test'
import { AI_MODEL, aiBaseURL, baseURL, firstRunPgPort, firstRunPort, pgPort, port } from './support/servers'

/** The built app served with a fresh data directory and its own embedded Postgres by serve.mjs. */
const server = (serverPort: number, serverPgPort: number, recordDataDir: boolean, ai: Record<string, string> = {}) => ({
  // The Node running Playwright (Node 24 under `npm test`) serves the app too; a bare `node` could be older.
  command: `${JSON.stringify(process.execPath)} serve.mjs`,
  cwd: import.meta.dirname,
  url: `http://localhost:${serverPort}/api/auth/state`,
  timeout: 120_000,
  reuseExistingServer: false,
  // Without it Playwright SIGKILLs the server's process group: Postgres stops uncleanly and serve.mjs
  // cannot remove the data directory.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
  env: {
    E2E_PORT: String(serverPort),
    E2E_PG_PORT: String(serverPgPort),
    E2E_RECORD_DATA_DIR: recordDataDir ? '1' : '0',
    ...ai,
  },
})

// Journeys run in Debian's Chromium (no browser downloads) against the built app. Each file makes what it
// needs through the API (support/fixtures.ts), so files run in parallel, two at a time by default; the
// tests of one file run in order.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A journey is a whole flow (a dozen pages, each checked by axe in both themes) on a two-core machine whose
  // server also archives WAL and collects logs; each step still fails after its own 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    // A trace records a screenshot and a DOM snapshot of every action: a journey took 15 % longer with it on,
    // for a file nobody reads on a green run. E2E_TRACE=1 keeps one for each failing test.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The main server's AI provider is the fake the AI journey starts (support/servers.ts); serve.mjs passes the
  // environment on.
  webServer: [
    server(port, pgPort, true, { AI_BASE_URL: aiBaseURL, AI_MODEL, AI_TIMEOUT_SECONDS: '30' }),
    server(firstRunPort, firstRunPgPort, false),
  ],
})
