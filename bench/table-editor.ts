// The table editor's figures (DESIGN.md "Performance budgets"): a grid page of a big table through Basalt's
// API against the same SQL run directly with `pg`, the first page of a big table against that of a small one,
// and the footer's count. The app is built in-process and driven with app.inject (no socket): the figures
// are the server's own time, HTTP parsing included, network excluded.
import { randomBytes } from 'node:crypto'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { buildApp } from '@basalt/server/src/app.ts'
import { startEmbeddedPostgres, type EmbeddedCluster } from '@basalt/server/src/db/embedded.ts'
import { projectClusters, type ProjectDatabaseProvider } from '@basalt/server/src/db/project-databases.ts'
import { RelationCache } from '@basalt/server/src/pg-meta/relation-lookup.ts'
import { fetchTableRows } from '@basalt/server/src/pg-meta/table-rows.ts'
import { adminUrlOf } from '@basalt/server/src/db/connections.ts'
import type { ProjectRow } from '@basalt/server/src/platform/projects.ts'
import { resolveSession } from '@basalt/server/src/platform/sessions.ts'
import { createPlatformPool, migratePlatform } from '@basalt/server/src/platform/store.ts'
import type { App } from '@basalt/server/src/routes/types.ts'
import { freePort } from './http.ts'

export type Report = (figure: string, value: string, budget: string, ok: boolean | null) => void

const WARMUP = Number(process.env.BENCH_WARMUP ?? 200)
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500)
const BATCH = 1_000_000

/** A browser: keeps cookies and sends the CSRF header the way the web app does. */
class Agent {
  cookies = new Map<string, string>()
  /** The server's own time on the last request, from its Server-Timing header (ms). */
  serverTime = NaN
  constructor(private app: App) {}

  async request(method: 'GET' | 'POST', url: string, body?: object): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const csrf = this.cookies.get('basalt_csrf')
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: '127.0.0.1',
      headers: { ...(cookie ? { cookie } : {}), ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}) },
      ...(body === undefined ? {} : { payload: body }),
    })
    this.serverTime = Number(/app;dur=([\d.]+)/.exec(String(res.headers['server-timing']))?.[1])
    for (const c of res.cookies as { name: string; value: string; expires?: Date }[]) {
      if (!c.value || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name)
      else this.cookies.set(c.name, c.value)
    }
    return res
  }

  /** A request that must answer 2xx; its JSON body. */
  async ok<T = unknown>(method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
    const res = await this.request(method, url, body)
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
    return res.json()
  }
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!
  return { median: at(0.5), p95: at(0.95) }
}
const ms = (x: number) => `${x.toFixed(2)} ms`

async function loadItems(client: pg.Client, total: number) {
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

/** The statements every pg client sends while fn runs (first 100 characters of each). */
async function roundTrips(fn: () => Promise<unknown>): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const original = proto.query
  const sent: string[] = []
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0]
    const text = typeof q === 'string' ? q : ((q as { text?: string } | null)?.text ?? '?')
    sent.push(text.replace(/\s+/g, ' ').trim().slice(0, 100))
    return original.apply(this, args)
  }
  try {
    await fn()
  } finally {
    proto.query = original
  }
  return sent
}

export async function tableEditor(report: Report): Promise<void> {
  const total = Number(process.env.BENCH_ROWS ?? 10_000_000)
  const dir = await mkdtemp(path.join(os.tmpdir(), 'basalt-bench-table-'))
  await chmod(dir, 0o755)
  let cluster: EmbeddedCluster | undefined
  let platformDb: pg.Pool | undefined
  let app: App | undefined
  let direct: pg.Client | undefined
  let projectDatabases: ProjectDatabaseProvider | undefined
  try {
    console.error(`table editor: starting embedded Postgres, ${total.toLocaleString('en')} rows`)
    const platformPort = await freePort()
    cluster = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), port: platformPort })
    const admin = new pg.Client({ connectionString: cluster.urlFor('postgres') })
    await admin.connect()
    await admin.query('create database bench_platform')
    await admin.end()

    platformDb = createPlatformPool(cluster.urlFor('bench_platform'), 5)
    const migrating = await platformDb.connect()
    await migratePlatform(migrating)
    migrating.release()
    // As on the embedded default: the project gets a cluster of its own, and the app connects as its admin role.
    projectDatabases = projectClusters(path.join(dir, 'projects'))
    app = await buildApp({
      config: {
        port: 0,
        host: '127.0.0.1',
        dataDir: dir,
        mode: 'hosted',
        platformDatabaseUrl: undefined,
        encryptionKey: randomBytes(32),
        logLevel: 'silent',
        publicUrl: 'http://localhost:8000',
        embeddedPgPort: platformPort,
        trustProxy: false,
        projectPoolSize: 10,
        projectMaxConnections: 20,
        orgProjectLimit: 10,
      },
      db: platformDb,
      projectDatabases,
      webDistDir: null,
    })

    // The owner and a project whose database the app creates on this cluster.
    const owner = new Agent(app)
    await owner.ok('GET', '/api/auth/state')
    await owner.ok('POST', '/api/auth/sign-up', { email: 'owner@example.com', password: 'correct horse battery' })
    const [org] = await owner.ok<{ slug: string }[]>('GET', '/api/organizations')
    const { ref } = await owner.ok<{ ref: string }>('POST', `/api/organizations/${org!.slug}/projects`, {
      name: 'Bench',
    })
    for (const deadline = Date.now() + 60_000; ;) {
      const { status } = await owner.ok<{ status: string }>('GET', `/api/projects/${ref}`)
      if (status === 'active') break
      if (status !== 'coming_up' || Date.now() > deadline) throw new Error(`project ${ref} is ${status}`)
      await new Promise((r) => setTimeout(r, 100))
    }

    const { rows } = await platformDb.query<ProjectRow>('select * from basalt.projects where ref = $1', [ref])
    direct = new pg.Client({ connectionString: adminUrlOf(app.platform, rows[0]!)! })
    await direct.connect()
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
      await time(keep ? timings.direct : null, () => direct!.query(baseline.text, baseline.values))
      await time(keep ? timings.txn : null, () => direct!.query(checked!.text))
      await time(keep ? timings.session : null, () => resolveSession(platformDb!, sessionToken, ref))
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
    await direct?.end().catch(() => {})
    await app?.close().catch(() => {})
    await projectDatabases?.closeAll().catch(() => {})
    await platformDb?.end().catch(() => {})
    await cluster?.stop().catch(() => {})
    await rm(dir, { recursive: true, force: true })
  }
}
