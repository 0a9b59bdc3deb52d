// The SQL editor's figures (DESIGN.md "Performance budgets": "SQL editor: a one-row query within 2× of raw
// `pg`; `select *` on a 10M-row table shows its first rows in under a second, capped (cursor) with server RSS
// flat"; issue 12 point 14).
//
// 1. A one-row query through POST …/query (session, permission, executor, run record, history, streamed
//    answer) against the same query through a bare Fastify route that runs it on a warm `pg` connection and
//    answers its rows as JSON: both built in this process and driven by the same client (app.inject, no
//    socket), interleaved, so the ratio is what Basalt adds to what any HTTP API over `pg` costs.
// 2. `select * from` a BENCH_ROWS-row table through a Basalt run as `npm start` runs it (a child process),
//    over a real socket: the time until the first rows reach the client, and the server's RSS growth while
//    the client reads the (capped) answer slowly and to its end.
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import pg from 'pg'
import Cursor from 'pg-cursor'
import { SQL_MAX_ROWS } from '@basalt/contracts'
import { recordFinishedRun } from '@basalt/server/src/sql-editor/history.ts'
import type { RunOutcome } from '@basalt/server/src/sql-editor/run.ts'
import { splitStatements } from '@basalt/server/src/sql-editor/statements.ts'
import { inProcessProject, ms, roundTrips, stats, type InProcessProject } from './in-process.ts'
import { FLAT_GROWTH, growth, mb, peakRss, procStatus, resetPeakRss, startBasalt } from './server-process.ts'
import { loadItems, type Report } from './table-editor.ts'

const WARMUP = Number(process.env.BENCH_WARMUP ?? 200)
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500)
/** Runs of the one-row query each a second after the last: the first run of a burst (no grant remembered). */
const COLD_RUNS = Number(process.env.BENCH_SQL_COLD_RUNS ?? 10)
/** How fast the slow reader takes the big answer in (bytes a second). */
const SLOW_READ_BYTES_PER_SECOND = 2 * 1024 * 1024

const ONE_ROW_QUERY = 'select id, name, price from public.small_items where id = 42'

/** The baseline: the least an HTTP API over `pg` does for a query — a route, a warm connection, JSON. */
async function bareRoute(connectionString: string) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  const app = Fastify({ logger: false })
  app.post<{ Body: { query: string } }>('/query', async (req) => {
    const result = await client.query({ text: req.body.query, rowMode: 'array' })
    return { rows: result.rows, columns: result.fields.map((f) => f.name), rowCount: result.rowCount }
  })
  await app.ready()
  return {
    run: async (query: string) => {
      const res = await app.inject({ method: 'POST', url: '/query', payload: { query } })
      if (res.statusCode !== 200) throw new Error(`bare route: ${res.statusCode} ${res.body}`)
      return res.json() as { rows: unknown[][] }
    },
    close: async () => {
      await app.close()
      await client.end()
    },
  }
}

async function oneRowQuery(report: Report) {
  let project: InProcessProject | undefined
  let bare: Awaited<ReturnType<typeof bareRoute>> | undefined
  try {
    console.error('sql editor: one-row query, API vs a bare route on pg')
    project = await inProcessProject('sql')
    const { owner, ref, direct, directUrl } = project
    await direct.query(`
      create table public.small_items (id bigint primary key, name text not null, price numeric(12, 2) not null);
      insert into public.small_items select i, 'item ' || i, i / 100.0 from generate_series(1, 100) as i;
      analyze public.small_items`)
    bare = await bareRoute(directUrl)

    const api = async () => {
      const res = await owner.request('POST', `/api/platform/pg-meta/${ref}/query`, {
        query: ONE_ROW_QUERY,
        runId: randomUUID(),
      })
      const run = res.json() as { status: string; results: { rows: unknown[] }[] }
      if (res.statusCode !== 200 || run.status !== 'success' || run.results[0]?.rows.length !== 1) {
        throw new Error(`POST …/query: ${res.statusCode} ${res.body}`)
      }
    }
    const baseline = async () => {
      if ((await bare!.run(ONE_ROW_QUERY)).rows.length !== 1) throw new Error('bare route: not one row')
    }

    // Every statement one run sends, to the platform and the project database alike.
    await api()
    await api()
    // What runs after an answer (its record, the session's reset, now and then pruning) is counted with it.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
    await settle()
    const trips = await roundTrips(async () => {
      await api()
      await settle()
    })
    console.error(`  one run sends ${trips.length} statements:`)
    for (const t of trips) console.error(`    ${t}`)

    // The parts of a run, each measured alone (the breakdown): the route's fixed cost (session, CSRF, access,
    // Fastify, JSON), the run's record on the platform database (written after the answer), the statement
    // through a cursor (two round trips: its rows, then closing the portal and committing), and the parser.
    const { rows: ids } = await project.platformDb.query<{ projectId: string; userId: string }>(
      `select p.id as "projectId", u.id as "userId" from basalt.projects p, basalt.users u where p.ref = $1`,
      [ref],
    )
    // A run that ends within RECORD_AFTER_MS is recorded once, as it ends (sql-editor/live-runs.ts).
    const records = async () => {
      const start = {
        ...ids[0]!,
        runId: randomUUID(),
        query: ONE_ROW_QUERY,
        login: 'admin',
        impersonation: undefined,
        pid: 1,
        startedAt: new Date(),
      }
      const outcome: RunOutcome = {
        status: 'success',
        error: null,
        notices: [],
        rolledBack: false,
        statementCount: 1,
        durationMs: 0.1,
        rows: 1,
      }
      if (!(await recordFinishedRun(project!.platformDb, start, outcome))) {
        throw new Error('run id taken')
      }
    }
    const cursor = () =>
      new Promise((resolve, reject) => {
        const c = direct.query(new Cursor(ONE_ROW_QUERY, undefined, { rowMode: 'array' }))
        c.read(1000, (err, rows) => (err ? reject(err) : c.close(() => resolve(rows))))
      })
    // The same kind of route (session, CSRF, access, permission, body, JSON) with no database work: analyze
    // only splits the text, which the parser remembers.
    const routeOnly = () => owner.ok('POST', `/api/platform/pg-meta/${ref}/query/analyze`, { query: ONE_ROW_QUERY })
    const parse = () => splitStatements(ONE_ROW_QUERY)

    const timings = {
      api: [] as number[],
      bare: [] as number[],
      pg: [] as number[],
      route: [] as number[],
      records: [] as number[],
      cursor: [] as number[],
      parse: [] as number[],
    }
    const time = async (into: number[] | null, fn: () => Promise<unknown>) => {
      const t0 = performance.now()
      await fn()
      into?.push(performance.now() - t0)
    }
    console.error(`  measuring: ${WARMUP} warm-up and ${ITERATIONS} measured iterations, interleaved`)
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      const keep = i >= WARMUP
      await time(keep ? timings.api : null, api)
      await time(keep ? timings.bare : null, baseline)
      await time(keep ? timings.pg : null, () => direct.query({ text: ONE_ROW_QUERY, rowMode: 'array' }))
      await time(keep ? timings.route : null, routeOnly)
      await time(keep ? timings.records : null, records)
      await time(keep ? timings.cursor : null, cursor)
      await time(keep ? timings.parse : null, parse)
    }
    // The first request after a pause, on both sides: the member's access is looked up again (it is
    // remembered for a second), and every process involved was idle (both sides pay for waking them).
    const cold = { api: [] as number[], bare: [] as number[] }
    const pause = () => new Promise((r) => setTimeout(r, 1_100))
    for (let i = 0; i < COLD_RUNS; i++) {
      await pause()
      await time(cold.api, api)
      await pause()
      await time(cold.bare, baseline)
    }

    const a = stats(timings.api)
    const b = stats(timings.bare)
    const p = stats(timings.pg)
    report(
      'SQL editor, one-row query: POST …/query vs a bare Fastify route on a warm pg connection',
      `${ms(a.median)} vs ${ms(b.median)}: ${(a.median / b.median).toFixed(1)}× (p95 ${ms(a.p95)} vs ${ms(b.p95)})`,
      '≤ 2×',
      a.median / b.median <= 2,
    )
    report(
      '  breakdown: the query alone on the warm pg connection',
      `${ms(p.median)} (p95 ${ms(p.p95)}); the API is ${(a.median / p.median).toFixed(1)}× it`,
      'none',
      null,
    )
    const part = (label: string, xs: number[], detail: string) => {
      const x = stats(xs)
      report(`  breakdown: ${label}`, `${ms(x.median)} (p95 ${ms(x.p95)})${detail}`, 'none', null)
    }
    part(
      'a project route with no database work (POST …/query/analyze)',
      timings.route,
      ': session, CSRF, access, body, JSON',
    )
    part("the run's record on the platform database", timings.records, ': one insert, after the answer')
    part('the statement through a cursor on the warm connection', timings.cursor, ': rows, then close and commit')
    part('splitting the text with the parser', timings.parse, '')
    report('  breakdown: statements one run sends (platform and project database)', `${trips.length}`, 'none', null)
    report('  load average while measured (1 min; 2 cores)', os.loadavg()[0]!.toFixed(2), 'none', null)
    if (COLD_RUNS > 0) {
      const c = stats(cold.api)
      const cb = stats(cold.bare)
      report(
        '  breakdown: the first request after a pause of 1.1 s, each side (access looked up again)',
        `${ms(c.median)} vs ${ms(cb.median)}: ${(c.median / cb.median).toFixed(1)}×`,
        'none',
        null,
      )
    }
  } finally {
    await bare?.close().catch(() => {})
    await project?.close()
  }
}

/**
 * POST …/query over a real socket, read at SLOW_READ_BYTES_PER_SECOND: when the first row arrived (ms after
 * the request was sent), and the whole answer.
 */
function slowRun(base: string, headers: Record<string, string>, query: string) {
  return new Promise<{ firstRowsMs: number; totalMs: number; body: string }>((resolve, reject) => {
    const t0 = performance.now()
    let firstRowsMs = NaN
    const chunks: Buffer[] = []
    let received = 0
    const req = http.request(
      `${base}/api/platform/pg-meta/default/query`,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json' } },
      (res) => {
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          received += chunk.length
          // The first row: `"rows":[[` (a result whose rows began) in what came so far.
          if (Number.isNaN(firstRowsMs) && Buffer.concat(chunks).includes('"rows":[[')) {
            firstRowsMs = performance.now() - t0
          }
          // Read no faster than the slow reader would.
          res.pause()
          const due = t0 + (received / SLOW_READ_BYTES_PER_SECOND) * 1000
          setTimeout(() => res.resume(), Math.max(0, due - performance.now()))
        })
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString()
          if (res.statusCode !== 200) reject(new Error(`POST …/query: ${res.statusCode} ${body.slice(0, 500)}`))
          else resolve({ firstRowsMs, totalMs: performance.now() - t0, body })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify({ query, runId: randomUUID() }))
  })
}

async function bigSelect(report: Report) {
  const total = Number(process.env.BENCH_ROWS ?? 10_000_000)
  const rowsLabel = total >= 1e6 ? `${total / 1e6}M` : total.toLocaleString('en')
  const dir = await mkdtemp(path.join(os.tmpdir(), 'basalt-bench-sql-'))
  await chmod(dir, 0o755)
  let basalt: Awaited<ReturnType<typeof startBasalt>> | undefined
  let direct: pg.Client | undefined
  try {
    console.error(`sql editor: select * on ${total.toLocaleString('en')} rows, the server as npm start runs it`)
    basalt = await startBasalt(path.join(dir, 'data'))
    direct = new pg.Client({ connectionString: basalt.databaseUrl })
    await direct.connect()
    await loadItems(direct, total, { indexed: false })

    // The floor: the first batch of the same select read through a cursor directly.
    const t0 = performance.now()
    const cursor = direct.query(new Cursor('select * from public.items'))
    await new Promise((resolve, reject) => cursor.read(1000, (err, rows) => (err ? reject(err) : resolve(rows))))
    const directFirst = performance.now() - t0
    await cursor.close()

    const pid = basalt.process.pid!
    const before = await procStatus(pid, 'VmRSS')
    await resetPeakRss(pid)
    const run = await slowRun(basalt.base, basalt.owner.headers('POST'), 'select * from public.items')
    const peak = await peakRss(pid)
    const answer = JSON.parse(run.body) as { status: string; results: { rows: unknown[]; capped: unknown }[] }
    const result = answer.results[0]
    if (answer.status !== 'success' || !result?.capped) {
      throw new Error(`select *: ${run.body.slice(0, 300)}… ${run.body.slice(-300)}`)
    }
    console.error(
      `  capped at ${result.rows.length} rows (${mb(run.body.length)} read in ${(run.totalMs / 1000).toFixed(1)} s)`,
    )
    report(
      `SQL editor, select * on a ${rowsLabel}-row table: first rows at the client`,
      `${run.firstRowsMs.toFixed(0)} ms (the first 1,000 rows through a cursor with pg: ${directFirst.toFixed(0)} ms)`,
      '< 1 s',
      run.firstRowsMs < 1000,
    )
    report(
      `  server RSS growth while the answer is read slowly to its end (${result.rows.length.toLocaleString('en')} rows of ${SQL_MAX_ROWS.toLocaleString('en')} max, ${mb(run.body.length)} at ${mb(SLOW_READ_BYTES_PER_SECOND)}/s)`,
      `${growth(peak - before)} (peak ${mb(peak)} from ${mb(before)})`,
      'flat: growth < 64 MB',
      peak - before < FLAT_GROWTH,
    )
  } finally {
    await direct?.end().catch(() => {})
    await basalt?.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

export async function sqlEditorBench(report: Report): Promise<void> {
  await oneRowQuery(report)
  await bigSelect(report)
}
