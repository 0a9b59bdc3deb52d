#!/usr/bin/env node
// `npm start`: install dependencies when missing, build the web app when its sources changed, then run the
// server (which starts the embedded Postgres). Plain Node with no dependencies, so it runs on a fresh clone
// with the machine's Node; the build and the server run on Node 24 (see node24.mjs).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { announce, checkBootstrapNode, installDependencies, nodeEnv, packageBin, projectNode, root } from './node24.mjs'
import { SERVER_ARGS } from './server-command.mjs'

checkBootstrapNode()

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
if (
  !projectNode() ||
  !existsSync(installed) ||
  (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs)
) {
  installDependencies()
}

const node = projectNode()
const env = nodeEnv(node)
announce(node)

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
  const build = spawnSync(node, [packageBin('vite', 'vite', web), 'build'], { cwd: web, stdio: 'inherit', env })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const server = spawn(node, SERVER_ARGS, {
  cwd: root,
  stdio: 'inherit',
  env,
})
// Ctrl-C reaches the whole process group; the server shuts Postgres down cleanly, so this script only
// waits for it (a second signal is passed on).
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
