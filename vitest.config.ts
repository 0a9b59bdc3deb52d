import os from 'node:os'
import { defineConfig } from 'vitest/config'

// One vitest run covers every workspace: pure units, server integration against a real embedded Postgres,
// and web components in jsdom. Browser journeys run separately under Playwright (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: on CI's two cores, one file at a time, while a
    // server file mostly waits on Postgres. A worker per core (at least two) keeps both busy.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
})
