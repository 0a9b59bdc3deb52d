// `npm run bench`: Basalt's performance figures, each beside its budget (DESIGN.md) and, where there is
// one, as a ratio against a baseline measured in the same run.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { startEmbeddedPostgres } from '@basalt/server/src/db/embedded.ts'
import { backupsBench } from './backups.ts'
import { csvBench } from './csv.ts'
import { logsBench } from './logs.ts'
import { Client, freePort, waitForHttp } from './http.ts'
import { resultsGridBench } from './results-grid.ts'
import { sqlEditorBench } from './sql-editor.ts'
import { storageBench } from './storage.ts'
import { storageApiBench } from './storage-api.ts'
import { tableEditor } from './table-editor.ts'
import { SERVER_ARGS } from '../scripts/server-command.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const rows: { figure: string; value: string; budget: string; verdict: string }[] = []
/** ok null: a figure with no budget of its own (a breakdown). */
const report = (figure: string, value: string, budget: string, ok: boolean | null) =>
  rows.push({ figure, value, budget, verdict: ok === null ? '—' : ok ? 'within budget' : 'OVER BUDGET' })

/** Gzip size of the JavaScript the first page loads: the entry script and its modulepreloads. */
async function firstPageJs(): Promise<number> {
  const dist = path.join(root, 'apps/web/dist')
  const html = await readFile(path.join(dist, 'index.html'), 'utf8')
  const srcs = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  )
  let total = 0
  for (const src of new Set(srcs)) total += gzipSync(await readFile(path.join(dist, src.replace(/^\//, '')))).length
  return total
}

function startServer(dataDir: string, port: number, pgPort: number): ChildProcess {
  return spawn(process.execPath, SERVER_ARGS, {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn' },
  })
}

async function stopServer(p: ChildProcess) {
  const exited = new Promise((r) => p.once('exit', r))
  p.kill('SIGINT')
  await exited
}

/** Proportional set size (kB) of a process: its share of shared memory counted once across the cluster. */
async function pssKb(pid: number): Promise<number> {
  const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8')
  return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)![1])
}

/** Memory of one idle cluster: its postmaster and every process it started, by PSS. */
async function clusterMemoryMb(clusterDir: string): Promise<number> {
  const postmaster = Number((await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0])
  const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
  let kb = 0
  for (const pid of [postmaster, ...children.map(Number)]) kb += await pssKb(pid)
  return kb / 1024
}

/**
 * Start-up on an existing data dir with 3 projects (each its own cluster), to the first HTTP answer, against
 * one embedded Postgres alone starting on the same machine; and the memory of each idle project cluster.
 */
async function startup() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'basalt-bench-'))
  await chmod(dir, 0o755)
  const port = await freePort()
  const pgPort = await freePort()
  const base = `http://localhost:${port}`
  try {
    // First start creates the data dir (initdb, migrations, the default project); then two more projects.
    let p = startServer(dir, port, pgPort)
    await waitForHttp(`${base}/api/auth/state`, 120_000)
    const owner = new Client(base)
    await owner.fetch('/api/auth/state')
    const post = (pathname: string, body: unknown) =>
      owner.json<{ ref: string; slug: string }>(pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    await post('/api/auth/sign-up', { email: 'owner@example.com', password: 'correct horse battery' })
    const [org] = await owner.json<{ slug: string }[]>('/api/organizations')
    const refs = ['default']
    for (const name of ['Second', 'Third'])
      refs.push((await post(`/api/organizations/${org!.slug}/projects`, { name })).ref)
    for (const ref of refs) {
      for (const deadline = Date.now() + 60_000; ;) {
        const { status } = await owner.json<{ status: string }>(`/api/projects/${ref}`)
        if (status === 'active') break
        if (status !== 'coming_up' || Date.now() > deadline) throw new Error(`project ${ref} is ${status}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    }
    // Idle: nothing but the clusters' own background work.
    await new Promise((r) => setTimeout(r, 5_000))
    const memory: number[] = []
    for (const ref of refs) memory.push(await clusterMemoryMb(path.join(dir, 'projects', ref, 'cluster')))
    await stopServer(p)

    const runs: number[] = []
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now()
      p = startServer(dir, port, pgPort)
      await waitForHttp(`${base}/api/auth/state`, 30_000)
      runs.push(performance.now() - t0)
      await stopServer(p)
    }
    const baseline: number[] = []
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now()
      const cluster = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), port: pgPort })
      baseline.push(performance.now() - t0)
      await cluster.stop()
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
    const ms = median(runs)
    const one = median(baseline)
    report(
      'start-up with 3 projects on an existing data dir (to first HTTP answer)',
      `${(ms / 1000).toFixed(2)} s (${(ms / one).toFixed(1)}× one embedded Postgres alone: ${(one / 1000).toFixed(2)} s)`,
      '< 5 s',
      ms < 5000,
    )
    const worst = Math.max(...memory)
    report(
      'memory of an idle project cluster (PSS, postmaster and its processes)',
      memory.map((mb) => `${mb.toFixed(1)} MB`).join(', '),
      '< ~40 MB each',
      worst < 40,
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** BENCH_ONLY=table-editor,… runs only the named parts (bundle, startup, table-editor, csv, sql-editor, results-grid, storage, storage-api, logs, backups); all by default. */
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim())
const wanted = (part: string) => !only || only.includes(part)

if (wanted('bundle')) {
  const js = await firstPageJs()
  report('first page JavaScript (gzip)', `${(js / 1024).toFixed(1)} KB`, '< 400 KB', js < 400 * 1024)
}
if (wanted('startup')) await startup()
if (wanted('table-editor')) await tableEditor(report)
if (wanted('csv')) await csvBench(report)
if (wanted('sql-editor')) await sqlEditorBench(report)
if (wanted('results-grid')) await resultsGridBench(report)
if (wanted('storage')) await storageBench(report)
if (wanted('storage-api')) await storageApiBench(report)
if (wanted('logs')) await logsBench(report)
if (wanted('backups')) await backupsBench(report)

const w = (k: keyof (typeof rows)[0]) => Math.max(k.length, ...rows.map((r) => r[k].length))
const line = (r: Record<string, string>) =>
  `${r.figure!.padEnd(w('figure'))}  ${r.value!.padEnd(w('value'))}  ${r.budget!.padEnd(w('budget'))}  ${r.verdict}`
console.log(line({ figure: 'figure', value: 'measured', budget: 'budget', verdict: 'verdict' }))
for (const r of rows) console.log(line(r))
