#!/usr/bin/env node
// `npm test`: every test — units and server integration against a real embedded Postgres (vitest), then
// the browser journeys in Chromium against the built app (Playwright). Exits non-zero on any failure and
// ends with one summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'test-results')
mkdirSync(out, { recursive: true })

function run(cmd, args, opts = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts }).status ?? 1
}

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  if (run('npm', ['install', '--no-audit', '--no-fund']) !== 0) process.exit(1)
}

let passed = 0
let failed = 0
const failures = []

const vitestJson = path.join(out, 'vitest.json')
const vitest = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`])
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'))
  passed += r.numPassedTests
  failed += r.numFailedTests
}
if (vitest !== 0) failures.push('vitest')

if (run('npm', ['run', 'build', '--silent']) !== 0) {
  failures.push('web build')
} else {
  const pwJson = path.join(out, 'playwright.json')
  const pw = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
  })
  if (existsSync(pwJson)) {
    const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats
    passed += s.expected + s.flaky
    failed += s.unexpected
  }
  if (pw !== 0) failures.push('playwright')
}

if (failures.length) console.error(`\nFailed: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failures.length ? 1 : 0)
