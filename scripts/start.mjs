#!/usr/bin/env node
// `npm start`: install dependencies when missing, build the web app when its sources changed, then run the
// server (which starts the embedded Postgres). Plain Node with no dependencies, so it runs on a fresh clone.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Basalt needs Node.js 20.19 or newer; this is ${process.versions.node}.`)
  process.exit(1)
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

/** Newest modification time under a path (files only), skipping build output and dependencies. */
function newest(p) {
  if (!existsSync(p)) return 0
  const st = statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let max = 0
  for (const name of readdirSync(p)) {
    if (name === 'node_modules' || name === 'dist') continue
    max = Math.max(max, newest(path.join(p, name)))
  }
  return max
}

const lock = path.join(root, 'package-lock.json')
const installed = path.join(root, 'node_modules', '.package-lock.json')
if (!existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs)) {
  console.log('Installing dependencies…')
  run('npm', ['install', '--no-audit', '--no-fund'])
}

const web = path.join(root, 'apps', 'web')
const builtIndex = path.join(web, 'dist', 'index.html')
const sources = [
  path.join(web, 'src'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(root, 'packages'),
]
if (!existsSync(builtIndex) || Math.max(...sources.map(newest)) > statSync(builtIndex).mtimeMs) {
  console.log('Building the web app…')
  run('npm', ['run', 'build', '--silent'])
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps', 'server', 'src', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
})
// Ctrl-C reaches the whole process group; the server shuts Postgres down cleanly, so this script only
// waits for it (a second signal is passed on).
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
