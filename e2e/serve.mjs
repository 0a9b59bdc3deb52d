// Serves the built app for the journeys: a fresh data directory (its own embedded Postgres on a spare
// port), removed when the server exits. The server runs on Node 24 like everywhere else (scripts/node24.mjs).
import { spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { nodeEnv, projectNode } from '../scripts/node24.mjs'
import { SERVER_ARGS } from '../scripts/server-command.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const node = projectNode()
if (!node) throw new Error('Node 24 is not installed; run npm install.')
mkdirSync(path.join(root, 'test-results'), { recursive: true })
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'basalt-e2e-'))
chmodSync(dataDir, 0o755)
// Journeys read the data directory to reach the project database directly (to seed rows): that of the main
// server, not of journey 1's first-run one (playwright.config.ts). Named by port, so runs on other ports
// from the same checkout keep theirs.
const port = process.env.E2E_PORT ?? '8400'
if (process.env.E2E_RECORD_DATA_DIR !== '0') {
  writeFileSync(path.join(root, 'test-results', `e2e-data-dir-${port}`), dataDir)
}

const server = spawn(node, SERVER_ARGS, {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...nodeEnv(node),
    DATA_DIR: dataDir,
    PORT: port,
    EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54500',
    LOG_LEVEL: 'warn',
    // A journey's projects live minutes: no first base backup of each (~2 s of CPU), only those a journey asks
    // for with Back up now (journey 26). The product's default is 0, at once (README).
    BACKUP_FIRST_DELAY_SECONDS: '3600',
  },
})
const stop = (sig) => server.kill(sig)
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
