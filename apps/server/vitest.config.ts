import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Integration tests share one Postgres cluster; each file makes its own databases.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
