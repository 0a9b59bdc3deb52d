// The logs' figures (DESIGN.md "Performance budgets": "Logs: writing them costs a request nothing measurable
// (the grid and SQL editor ratios hold); 7 days of 1,000,000 API log lines answer a query in < 1 s"; issue 27).
//
// 1. The API log's cost per request: the SQL editor's one-row query and a grid page through the app, with the
//    API log's writer on and off (its `add` replaced by a no-op), interleaved in one process: the ratio is
//    what writing the line costs a request.
// 2. BENCH_LOG_ROWS (1,000,000) API log lines spread over 7 days for the project (and as many for another
//    project in the same tables), in daily partitions as the logs job makes them; then the explorer's
//    queries through POST …/analytics/logs/query as a member runs them (log reader role, views, cursor):
//    median of 5 runs each, warm.
import { plannerSettingsOf, wrapLogQuery } from '@basalt/server/src/logs/log-reader.ts'
import { maintainLogs } from '@basalt/server/src/logs/retention.ts'
import { inProcessProject, ms, stats, type InProcessProject } from './in-process.ts'
import type { Report } from './table-editor.ts'

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500)
const LOG_ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000)

export async function logsBench(report: Report): Promise<void> {
  const p = await inProcessProject('logs')
  try {
    // ---------- 1. the API log's cost per request ----------
    await p.direct.query(
      'create table public.small_items as select g as id, md5(g::text) as name, g * 1.5 as price from generate_series(1, 1000) g',
    )
    await p.direct.query('alter table public.small_items add primary key (id)')
    const writer = p.app.logs.writer
    const add = writer.add.bind(writer)
    const off = () => {}
    const sqlRun = () =>
      p.owner.ok('POST', `/api/platform/pg-meta/${p.ref}/query`, {
        query: 'select id, name, price from public.small_items where id = 42',
      })
    const gridPage = () => p.owner.ok('GET', `/api/platform/pg-meta/${p.ref}/tables`)
    for (const [name, call] of [
      ['SQL editor one-row query', sqlRun],
      ['table list', gridPage],
    ] as const) {
      for (let i = 0; i < 100; i++) await call()
      const on: number[] = []
      const without: number[] = []
      for (let i = 0; i < ITERATIONS; i++) {
        for (const logging of i % 2 === 0 ? [true, false] : [false, true]) {
          writer.add = logging ? add : off
          const t = performance.now()
          await call()
          ;(logging ? on : without).push(performance.now() - t)
        }
      }
      writer.add = add
      await writer.flush()
      const ratio = stats(on).median / stats(without).median
      report(
        `API log: ${name}, with / without the log line`,
        `${ratio.toFixed(3)}× (${ms(stats(on).median)} / ${ms(stats(without).median)})`,
        '≤ 1.05× (nothing measurable)',
        ratio <= 1.05,
      )
    }

    // ---------- 2. 7 days of LOG_ROWS lines ----------
    const now = Date.now()
    for (let day = 8; day >= 0; day--) await maintainLogs(p.platformDb, 7, new Date(now - day * 86_400_000))
    const load = performance.now()
    for (const ref of [p.ref, 'otherproject']) {
      const chunk = 200_000
      for (let from = 0; from < LOG_ROWS; from += chunk) {
        await p.platformDb.query(
          `insert into basalt_logs.api_log
             (project_ref, ts, method, path, status, duration_ms, member_email, response_bytes, user_agent)
           select $1, now() - (g::float8 / $3) * interval '7 days',
                  (array['GET','POST','PATCH','DELETE'])[1 + g % 4],
                  (array['/api/platform/pg-meta/:ref/tables','/api/platform/pg-meta/:ref/query',
                         '/api/storage/:ref/buckets','/api/platform/auth/:ref/users',
                         '/project-api/:ref/storage/v1/object/:bucket/*'])[1 + g % 5],
                  case when g % 50 = 0 then 500 when g % 13 = 0 then 404 else 200 end,
                  (g % 997) / 10.0, 'member' || (g % 7) || '@example.com', 100 + g % 5000, 'bench'
             from generate_series($2::int, $2::int + $4 - 1) g`,
          [ref, from, LOG_ROWS, Math.min(chunk, LOG_ROWS - from)],
        )
      }
    }
    // What the logs job (every ten minutes) does after lines came: among others, vacuum and analyze the days
    // that grew, so that their lines are read from the indexes alone (retention.ts).
    const maintain = performance.now()
    await maintainLogs(p.platformDb, 7, new Date(now))
    report('API log: the logs job after the load (vacuum and analyze)', ms(performance.now() - maintain), '—', null)
    report(
      `API log: ${LOG_ROWS.toLocaleString('en-US')} lines × 2 projects loaded`,
      ms(performance.now() - load),
      '—',
      null,
    )

    const start = new Date(now - 7 * 86_400_000 - 60_000).toISOString()
    const end = new Date(now + 60_000).toISOString()
    const queries: Array<[string, string]> = [
      ['count(*) over 7 days', 'select count(*) from edge_logs'],
      ['newest 100 (the explorer’s default)', 'select * from edge_logs order by timestamp desc limit 100'],
      ['errors, newest 100', 'select * from edge_logs where status >= 400 order by timestamp desc limit 100'],
      [
        'histogram (6-hour buckets)',
        `select date_bin('6 hours', timestamp, '${start}') as bucket, count(*) from edge_logs group by 1 order by 1`,
      ],
      [
        'requests per path with p50',
        `select path, count(*), count(*) filter (where status >= 400) as errors,
                percentile_cont(0.5) within group (order by duration_ms) from edge_logs group by 1 order by 2 desc`,
      ],
      ['slowest 50', 'select * from edge_logs order by duration_ms desc limit 50'],
      ['text search', "select * from edge_logs where member ilike '%member3%' order by timestamp desc limit 100"],
      [
        'text search matching nothing (every line read)',
        "select * from edge_logs where member ilike '%nobody%' order by timestamp desc limit 100",
      ],
    ]
    if (process.env.BENCH_EXPLAIN) await explainAll(p, queries, start, end)
    for (const [name, sql] of queries) {
      const times: number[] = []
      for (let i = 0; i < 6; i++) {
        const t = performance.now()
        await p.owner.ok('POST', `/api/platform/projects/${p.ref}/analytics/logs/query`, {
          sql,
          start,
          end,
          remember: false,
        })
        if (i > 0) times.push(performance.now() - t)
      }
      const median = stats(times).median
      report(
        `Logs: ${name}, 7 days of ${LOG_ROWS.toLocaleString('en-US')} lines`,
        ms(median),
        '< 1000 ms',
        median < 1000,
      )
    }
  } finally {
    await p.close()
  }
}

/**
 * BENCH_EXPLAIN=1: each query's plan as the project's log reader runs it (its role as session_user with the
 * settings it logs in with, its range written for the backend as LogReaders writes it), printed to stderr
 * before the timings.
 */
async function explainAll(p: InProcessProject, queries: Array<[string, string]>, start: string, end: string) {
  const client = await p.platformDb.connect()
  try {
    await p.app.logs.readers.actAs(client, p.ref, start, end)
    for (const [name, sql] of queries) {
      // As LogReaders runs it: wrapped in Basalt's LIMIT, with the planner settings of its kind of query.
      await client.query('begin')
      for (const [setting, value] of await plannerSettingsOf(sql)) {
        await client.query('select set_config($1, $2, true)', [setting, value])
      }
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${wrapLogQuery(sql)}`)
      await client.query('rollback')
      process.stderr.write(`\n== ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n`)
    }
  } finally {
    await client.query('reset session authorization').catch(() => {})
    await client.query('reset all').catch(() => {})
    client.release()
  }
}
