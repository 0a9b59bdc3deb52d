// The table editor's figures (DESIGN.md "Performance budgets"): a grid page of a big table through Basalt's
// API against the same SQL run directly with `pg`, the first page of a big table against that of a small one,
// and the footer's count. The app is built in-process and driven with app.inject (no socket): the figures
// are the server's own time, HTTP parsing included, network excluded.
import type pg from 'pg'
import { RelationCache } from '@basalt/server/src/pg-meta/relation-lookup.ts'
import { fetchTableRows } from '@basalt/server/src/pg-meta/table-rows.ts'
import { resolveSession } from '@basalt/server/src/platform/sessions.ts'
import { inProcessProject, ms, roundTrips, stats, type InProcessProject } from './in-process.ts'

export type Report = (figure: string, value: string, budget: string, ok: boolean | null) => void

const WARMUP = Number(process.env.BENCH_WARMUP ?? 200)
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500)
const BATCH = 1_000_000

/**
 * Loads `public.items` with `total` rows (and the 100-row `public.small_items`), in batches of a million;
 * then, unless `indexed` is false, the index the grid's filtered page uses.
 */
export async function loadItems(client: pg.Client, total: number, { indexed = true } = {}) {
  await client.query(`
    create table public.items (
      id bigint generated always as identity primary key,
      category int not null,
      name text not null,
      created_at timestamptz not null,
      price numeric(12, 2) not null
    );
    create table public.small_items (like public.items including all);
  `)
  const t0 = performance.now()
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1)
    await client.query(
      `insert into public.items (category, name, created_at, price)
       select i % 1000, 'item ' || i, timestamptz '2026-01-01' - i * interval '1 second', (i % 100000) / 100.0
       from generate_series($1::bigint, $2::bigint) as i`,
      [from, to],
    )
    console.error(
      `  loaded ${to.toLocaleString('en')} / ${total.toLocaleString('en')} rows (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    )
  }
  await client.query(`
    insert into public.small_items (category, name, created_at, price)
    select i % 1000, 'item ' || i, timestamptz '2026-01-01' - i * interval '1 second', (i % 100000) / 100.0
    from generate_series(1, 100) as i
  `)
  if (!indexed) {
    await client.query('analyze public.items; analyze public.small_items')
    return
  }
  console.error('  creating index on (category, created_at)…')
  await client.query('set maintenance_work_mem = "512MB"')
  await client.query('create index items_category_created_at on public.items (category, created_at)')
  await client.query('analyze public.items; analyze public.small_items')
  console.error(`  loaded and indexed in ${((performance.now() - t0) / 1000).toFixed(0)} s`)
}

/** The statements fetchTableRows sends for these params (catalog lookup, then the page), recorded. */
async function pageSql(client: pg.Client, params: Parameters<typeof fetchTableRows>[1], relations?: RelationCache) {
  const sent: { text: string; values: unknown[] }[] = []
  const recording = {
    query: (text: string, values?: unknown[]) => {
      sent.push({ text, values: values ?? [] })
      return client.query(text, values)
    },
  } as unknown as pg.ClientBase
  const result = await fetchTableRows(recording, params, relations)
  if (!result.ok) throw new Error(`fetchTableRows: ${result.error.message}`)
  return sent
}

export async function tableEditor(report: Report): Promise<void> {
  const total = Number(process.env.BENCH_ROWS ?? 10_000_000)
  let project: InProcessProject | undefined
  try {
    console.error(`table editor: starting embedded Postgres, ${total.toLocaleString('en')} rows`)
    project = await inProcessProject('table')
    const { owner, ref, direct, platformDb } = project
    await loadItems(direct, total)

    const filtered = {
      schema: 'public',
      table: 'items',
      filters: [{ column: 'category', operator: '=' as const, value: '42' }],
      sorts: [{ column: 'created_at', ascending: false }],
      limit: 100 as const,
    }
    // The first read looks the table up and fills the cache; the next (what a request with a warm cache
    // sends) checks the cached relation and reads the page in one round trip.
    const relations = new RelationCache()
    const baseline = (await pageSql(direct, filtered, relations)).at(-1)!
    const [checked] = await pageSql(direct, filtered, relations)
    const sessionToken = owner.cookies.get('basalt_session')!
    console.error(`  baseline statement: ${baseline.text}`)
    const api = (what: string, body: object) => owner.ok('POST', `/api/platform/pg-meta/${ref}/${what}`, body)

    // The round trips one grid-page request makes, on the platform and the project database alike.
    const trips = await roundTrips(() => api('table-rows', filtered))
    console.error(`  one table-rows request sends ${trips.length} statements:`)
    for (const t of trips) console.error(`    ${t}`)

    const timings = {
      filtered: [] as number[],
      server: [] as number[],
      direct: [] as number[],
      txn: [] as number[],
      big: [] as number[],
      small: [] as number[],
      access: [] as number[],
      session: [] as number[],
    }
    const counts: number[] = []
    let count: { count: number; is_estimate: boolean } | undefined
    const time = async (into: number[] | null, fn: () => Promise<unknown>) => {
      const t0 = performance.now()
      const out = await fn()
      into?.push(performance.now() - t0)
      return out
    }
    console.error(`  measuring: ${WARMUP} warm-up and ${ITERATIONS} measured iterations, interleaved`)
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      const keep = i >= WARMUP
      const page = (await time(keep ? timings.filtered : null, () => api('table-rows', filtered))) as {
        rows: unknown[]
      }
      if (page.rows.length !== 100) throw new Error(`filtered page has ${page.rows.length} rows`)
      if (keep) timings.server.push(owner.serverTime)
      await time(keep ? timings.direct : null, () => direct.query(baseline.text, baseline.values))
      await time(keep ? timings.txn : null, () => direct.query(checked!.text))
      await time(keep ? timings.session : null, () => resolveSession(platformDb, sessionToken, ref))
      await time(keep ? timings.big : null, () => api('table-rows', { schema: 'public', table: 'items', limit: 100 }))
      await time(keep ? timings.small : null, () =>
        api('table-rows', { schema: 'public', table: 'small_items', limit: 100 }),
      )
      await time(keep ? timings.access : null, () => owner.ok('GET', `/api/projects/${ref}`))
      count = (await time(keep ? counts : null, () => api('table-count', { schema: 'public', table: 'items' }))) as {
        count: number
        is_estimate: boolean
      }
    }

    const f = stats(timings.filtered)
    const t = stats(timings.server)
    const d = stats(timings.direct)
    const x = stats(timings.txn)
    const p = stats(timings.session)
    const b = stats(timings.big)
    const s = stats(timings.small)
    const c = stats(counts)
    const a = stats(timings.access)
    const rowsLabel = total >= 1e6 ? `${total / 1e6}M` : total.toLocaleString('en')
    report(
      `grid page, ${rowsLabel} rows, category = 42 sorted by created_at desc (server time vs pg)`,
      `${ms(t.median)} vs ${ms(d.median)}: ${(t.median / d.median).toFixed(1)}× (p95 ${ms(t.p95)} vs ${ms(d.p95)})`,
      '≤ 2×',
      t.median / d.median <= 2,
    )
    report(
      `  breakdown: the same request end to end (inject, response parsed)`,
      `${ms(f.median)} (p95 ${ms(f.p95)}): ${(f.median / d.median).toFixed(1)}× pg`,
      'none',
      null,
    )
    report(
      `  breakdown: the request's project-DB round trip run directly with pg`,
      `${ms(x.median)} (p95 ${ms(x.p95)}): cached table's signature check + the page`,
      'none',
      null,
    )
    report(
      `  breakdown: the request's platform-DB round trip run directly`,
      `${ms(p.median)} (p95 ${ms(p.p95)}): session + project access`,
      'none',
      null,
    )
    report(
      `  breakdown: a project request that does no project-DB work`,
      `${ms(a.median)} (p95 ${ms(a.p95)}): GET /api/projects/:ref — session, project access, JSON`,
      'none',
      null,
    )
    report(
      `first page, ${rowsLabel}-row table vs 100-row table (API)`,
      `${ms(b.median)} vs ${ms(s.median)}: ${(b.median / s.median).toFixed(1)}× (p95 ${ms(b.p95)} vs ${ms(s.p95)})`,
      '≤ 2×',
      b.median / s.median <= 2,
    )
    report(
      `count, ${rowsLabel}-row table unfiltered (API)`,
      `${ms(c.median)} (p95 ${ms(c.p95)}), ${count!.count.toLocaleString('en')}, is_estimate ${count!.is_estimate}`,
      `estimate above 50k rows`,
      count!.is_estimate === total > 50_000,
    )
  } finally {
    await project?.close()
  }
}
