import { defineConfig } from 'vitest/config'

// One vitest run covers every workspace: pure units, server integration against a real embedded Postgres,
// and web components in jsdom. Browser journeys run separately under Playwright (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
  },
})
