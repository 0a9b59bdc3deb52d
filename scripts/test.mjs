#!/usr/bin/env node
// `npm test`: every test — units and server integration against a real embedded Postgres (vitest), then
// the browser journeys in Chromium against the built app (Playwright). Exits non-zero on any failure and
// ends with one summary line: "N passed, N failed". Like start.mjs it runs on the machine's Node; every
// tool it starts runs on Node 24 (see node24.mjs).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { announce, checkBootstrapNode, installDependencies, nodeEnv, packageBin, projectNode, root } from './node24.mjs'
import { FAILURES_FILE } from './vitest-failures.mjs'

checkBootstrapNode()
const out = path.join(root, 'test-results')
mkdirSync(out, { recursive: true })

if (!projectNode() || !existsSync(path.join(root, 'node_modules', '.package-lock.json'))) installDependencies()
const node = projectNode()
announce(node)

/** Runs a package's command-line script on Node 24; `node` on the children's PATH is Node 24 too. */
function run(script, args, opts = {}) {
  const env = nodeEnv(node, opts.env)
  return spawnSync(node, [script, ...args], { cwd: root, stdio: 'inherit', ...opts, env }).status ?? 1
}

/**
 * `run`, with the child's standard error passed through as it comes and its last lines kept: an error
 * vitest's main process meets after its reporters have run is only ever printed there.
 */
function runKeepingErrors(script, args, keep = 80) {
  const child = spawn(node, [script, ...args], { cwd: root, stdio: ['inherit', 'inherit', 'pipe'], env: nodeEnv(node) })
  let tail = ''
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk)
    tail = (tail + chunk.toString()).split('\n').slice(-keep).join('\n')
  })
  return new Promise((resolve) => child.on('close', (code) => resolve({ status: code ?? 1, stderrTail: tail })))
}

let passed = 0
let failed = 0
const failures = []

// What a run passed is read from its JSON report as well as its exit code: a dependency's exit hook once
// turned vitest's failure into exit code 0 (apps/server/test/global-setup.ts). A report left by an earlier run
// must not stand in for this one.
const vitestJson = path.join(out, 'vitest.json')
rmSync(vitestJson, { force: true })
rmSync(FAILURES_FILE, { force: true })
const { status: vitest, stderrTail: vitestErrors } = await runKeepingErrors(packageBin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
  `--reporter=${path.join(root, 'scripts', 'vitest-failures.mjs')}`,
])
let vitestPassed = false
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'))
  passed += r.numPassedTests
  failed += r.numFailedTests
  vitestPassed = r.success && r.numFailedTests === 0
}
if (vitest !== 0 || !vitestPassed) failures.push('vitest')

const web = path.join(root, 'apps', 'web')
if (run(packageBin('vite', 'vite', web), ['build'], { cwd: web }) !== 0) {
  failures.push('web build')
} else {
  const pwJson = path.join(out, 'playwright.json')
  rmSync(pwJson, { force: true })
  const playwright = packageBin('@playwright/test', 'playwright', path.join(root, 'e2e'))
  const pw = run(playwright, ['test', '--config', 'e2e/playwright.config.ts'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
  })
  let pwPassed = false
  if (existsSync(pwJson)) {
    const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats
    passed += s.expected + s.flaky
    failed += s.unexpected
    pwPassed = s.unexpected === 0
  }
  if (pw !== 0 || !pwPassed) failures.push('playwright')
}

if (failures.includes('vitest')) {
  // Told again here, where a log's tail shows it (see vitest-failures.mjs).
  const account = existsSync(FAILURES_FILE) ? readFileSync(FAILURES_FILE, 'utf8').trim() : ''
  console.error(
    `\nWhat failed vitest (exit code ${vitest}):\n${account || `nothing its reporters saw; the end of its errors:\n${vitestErrors}`}`,
  )
}
if (failures.length) console.error(`\nFailed: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failures.length ? 1 : 0)
