import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 8400)
export const baseURL = `http://localhost:${port}`

// Journeys run in Debian's Chromium (no browser downloads) against the built app, served with a fresh
// data directory and its own embedded Postgres by serve.mjs. One worker: the journeys share that server.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
  webServer: {
    // The Node running Playwright (Node 24 under `npm test`) serves the app too; a bare `node` could be older.
    command: `${JSON.stringify(process.execPath)} serve.mjs`,
    cwd: import.meta.dirname,
    url: `${baseURL}/api/auth/state`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Without it Playwright SIGKILLs the server's process group: Postgres stops uncleanly and serve.mjs
    // cannot remove the data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
})
