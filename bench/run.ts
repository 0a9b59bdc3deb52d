// `npm run bench`: Basalt's performance figures, each beside its budget (DESIGN.md) and, where there is
// one, as a ratio against a baseline measured in the same run.
import { spawn, type ChildProcess } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { startEmbeddedPostgres } from '@basalt/server/src/db/embedded.ts'
import { csvBench } from './csv.ts'
import { tableEditor } from './table-editor.ts'

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

async function waitForHttp(url: string, deadlineMs: number): Promise<void> {
  const end = Date.now() + deadlineMs
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`${url} did not answer within ${deadlineMs} ms`)
}

function startServer(dataDir: string, port: number, pgPort: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
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

/** Start-up on an existing data dir, against the embedded Postgres alone starting on the same cluster. */
async function startup() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'basalt-bench-'))
  await chmod(dir, 0o755)
  const port = 8600
  const pgPort = 54600
  try {
    // First start creates the data dir (initdb, migrations, default project); not measured.
    let p = startServer(dir, port, pgPort)
    await waitForHttp(`http://localhost:${port}/api/auth/state`, 120_000)
    await stopServer(p)

    const runs: number[] = []
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now()
      p = startServer(dir, port, pgPort)
      await waitForHttp(`http://localhost:${port}/api/auth/state`, 30_000)
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
    const base = median(baseline)
    report(
      'start-up on an existing data dir (to first HTTP answer)',
      `${(ms / 1000).toFixed(2)} s (${(ms / base).toFixed(1)}× embedded Postgres alone: ${(base / 1000).toFixed(2)} s)`,
      '≤ 5 s',
      ms <= 5000,
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** BENCH_ONLY=table-editor,… runs only the named parts (bundle, startup, table-editor, csv); all by default. */
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim())
const wanted = (part: string) => !only || only.includes(part)

if (wanted('bundle')) {
  const js = await firstPageJs()
  report('first page JavaScript (gzip)', `${(js / 1024).toFixed(1)} KB`, '< 400 KB', js < 400 * 1024)
}
if (wanted('startup')) await startup()
if (wanted('table-editor')) await tableEditor(report)
if (wanted('csv')) await csvBench(report)

const w = (k: keyof (typeof rows)[0]) => Math.max(k.length, ...rows.map((r) => r[k].length))
const line = (r: Record<string, string>) =>
  `${r.figure!.padEnd(w('figure'))}  ${r.value!.padEnd(w('value'))}  ${r.budget!.padEnd(w('budget'))}  ${r.verdict}`
console.log(line({ figure: 'figure', value: 'measured', budget: 'budget', verdict: 'verdict' }))
for (const r of rows) console.log(line(r))
