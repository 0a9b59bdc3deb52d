import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // A page test renders a whole screen in jsdom; beside the server's files on a two-core machine it can
    // take longer than vitest's 5 s default without being wrong.
    testTimeout: 15_000,
  },
})
