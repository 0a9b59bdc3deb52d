import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOG_QUERY_MAX_ROWS, LOG_QUERY_MESSAGES, type LogQueryResult } from '@basalt/contracts'
import { Agent, createProjectApp, waitForProject, type Agent as AgentType } from '../../test/platform-app.ts'
import { insertApiLog } from '../logs/api-log.ts'
import { STATEMENT_NOT_KEPT } from '../logs/postgres-logs.ts'
import { maintainLogs } from '../logs/retention.ts'
import { withSuperuser } from '../db/project-databases.ts'

/**
 * The logs on a project of its own cluster (jsonlog collected), with the API log of the test's own requests,
 * and every way out of a member's log SQL that the database must refuse.
 */
describe('logs', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: AgentType
  let outsider: AgentType
  let otherRef: string
  const api = (path: string, ref = p.ref) => `/api/platform/projects/${ref}/analytics/logs${path}`
  const hour = () => ({
    start: new Date(Date.now() - 3600_000).toISOString(),
    end: new Date(Date.now() + 60_000).toISOString(),
  })
  const query = async (agent: AgentType, sql: string, ref = p.ref) => agent.post(api('/query', ref), { sql, ...hour() })
  const rowsOf = async (sql: string) => {
    const res = await query(p.owner, sql)
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as LogQueryResult).rows
  }

  /** The last five minutes' Postgres log lines (message, statement), once a line mentioning `marker` is in. */
  const recentPostgresLines = async (marker: string) => {
    let lines: unknown[][] = []
    for (let i = 0; i < 100 && !JSON.stringify(lines).includes(marker); i++) {
      await p.t.app.logs.collectNow()
      lines = await rowsOf(
        `select message, statement from postgres_logs where timestamp > now() - interval '5 minutes'`,
      )
      if (!JSON.stringify(lines).includes(marker)) await new Promise((r) => setTimeout(r, 100))
    }
    return lines
  }

  beforeAll(async () => {
    p = await createProjectApp('Logs', { clusters: true })
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    // A project of another organisation, with API log lines of its own.
    const [org] = (await outsider.get('/api/organizations')).json()
    otherRef = (await outsider.post(`/api/organizations/${org.slug}/projects`, { name: 'Other' })).json().ref
    await waitForProject(outsider, otherRef)
    await outsider.get(`/api/platform/pg-meta/${otherRef}/tables`)
    // Its log sources exist: its members have queried them.
    expect((await query(outsider, 'select count(*) from edge_logs', otherRef)).statusCode).toBe(200)
  }, 180_000)
  afterAll(async () => {
    await p?.close()
  })

  it('logs every request answered for the project, without bodies, query strings or cookies', async () => {
    await p.owner.get(`/api/platform/pg-meta/${p.ref}/tables?included_schemas=public&secret=hunter2`)
    const failing = await p.owner.post(`/api/platform/auth/${p.ref}/users`, { email: 'nope', password: 'x' })
    expect(failing.statusCode).toBe(400)
    await p.t.app.logs.writer.flush()
    const rows = await rowsOf(
      `select method, path, status, member, user_agent, duration_ms > 0, bytes > 0 from edge_logs order by timestamp`,
    )
    expect(rows).toContainEqual([
      'GET',
      '/api/platform/pg-meta/:ref/tables',
      200,
      'owner@example.com',
      'lightMyRequest',
      true,
      true,
    ])
    expect(rows).toContainEqual([
      'POST',
      '/api/platform/auth/:ref/users',
      400,
      'owner@example.com',
      'lightMyRequest',
      true,
      true,
    ])
    const all = JSON.stringify(await rowsOf('select * from edge_logs'))
    expect(all).not.toContain('hunter2')
    expect(all).not.toContain('nope')
    // The other project's lines are not in this project's log.
    expect(all).not.toContain('out@example.com')
  })

  it("collects the project's Postgres log lines (jsonlog), with SQLSTATE and statement", async () => {
    await p.database.query('select * from table_that_is_not_there').catch(() => {})
    let rows: unknown[][] = []
    for (let i = 0; i < 100 && rows.length === 0; i++) {
      await p.t.app.logs.collectNow()
      rows = await rowsOf(`select severity, sqlstate, message, statement from postgres_logs where sqlstate = '42P01'`)
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 100))
    }
    expect(rows).toContainEqual([
      'ERROR',
      '42P01',
      'relation "table_that_is_not_there" does not exist',
      'select * from table_that_is_not_there',
    ])
    const settings = (await p.owner.get(api('/settings'))).json()
    expect(settings).toEqual({ postgresLogs: true, retentionDays: 7 })
  })

  it('lets log SQL read this project’s logs and nothing else', async () => {
    const refused = async (sql: string, message: RegExp) => {
      const res = await query(p.owner, sql)
      expect(res.statusCode, sql).toBe(400)
      expect(res.json().message, sql).toMatch(message)
    }
    await refused('select * from basalt.users', /permission denied for schema basalt/)
    await refused('select * from basalt_logs.samples', /permission denied for table samples/)
    // What the reader may read is written where it can neither read nor change it.
    await refused('select * from basalt_logs.reader_sessions', /permission denied for table reader_sessions/)
    // (A data-modifying WITH is refused before the read-only transaction would: the SELECT runs inside Basalt's
    // LIMIT, where Postgres allows no data-modifying WITH.)
    await refused(
      `with moved as (update basalt_logs.reader_sessions set project_ref = '${otherRef}' returning 1) select * from moved`,
      /WITH clause containing a data-modifying statement must be at the top level/,
    )
    await refused("select pg_read_file('/etc/passwd')", /permission denied for function pg_read_file/)
    await refused("select * from pg_ls_dir('.')", /permission denied for function pg_ls_dir/)
    await refused("select lo_import('/etc/passwd')", /permission denied for function lo_import/)
    // No setting may change: not the role, not the bounds (statement_timeout, work_mem), wherever the call is.
    const noSettings = new RegExp(LOG_QUERY_MESSAGES.settings.replace(/[()]/g, '\\$&'))
    for (const sql of [
      "select set_config('role', 'postgres', false)",
      "select count(*) from edge_logs, (select pg_catalog.SET_CONFIG('work_mem', '64GB', true)) s",
      "select * from edge_logs where member = (select set_config('statement_timeout', '0', false))",
    ]) {
      await refused(sql, noSettings)
    }
    await refused('select * from pg_authid', /permission denied for table pg_authid/)
    await refused("select current_setting('data_directory')", /permission denied to examine "data_directory"/)
    // Anything but one SELECT is refused before it reaches the database.
    for (const sql of [
      'delete from edge_logs',
      'select 1; select 2',
      'set role postgres',
      "copy edge_logs to '/tmp/x'",
    ]) {
      await refused(sql, new RegExp(LOG_QUERY_MESSAGES.oneSelect.replace(/[()]/g, '\\$&')))
    }
    // Writes inside a SELECT: a data-modifying WITH is refused in Basalt's LIMIT, a writing function by the
    // read-only transaction.
    await refused(
      'with gone as (delete from edge_logs returning 1) select * from gone',
      /WITH clause containing a data-modifying statement must be at the top level/,
    )
    await refused('select lo_create(0)', /cannot execute lo_create\(\) in a read-only transaction/)
  })

  it('never shows another project’s lines, even to SQL written to find them', async () => {
    await p.t.app.logs.writer.flush()
    await p.t.app.logs.collectNow()
    // The other project has lines of both kinds in the same tables.
    const theirs = await p.t.db.query<{ api: number; pg: number }>(
      `select (select count(*)::int from basalt_logs.api_log where project_ref = $1) as api,
              (select count(*)::int from basalt_logs.postgres_log where project_ref = $1) as pg`,
      [otherRef],
    )
    expect(theirs.rows[0]!.api).toBeGreaterThan(0)
    expect(theirs.rows[0]!.pg).toBeGreaterThan(0)
    for (const table of ['api_log', 'postgres_log']) {
      // The tables themselves answer with this project's rows only (row level security)…
      expect(await rowsOf(`select count(*) from basalt_logs.${table} where project_ref = '${otherRef}'`)).toEqual([
        ['0'],
      ])
      expect(await rowsOf(`select count(*) from basalt_logs.${table} where project_ref <> '${p.ref}'`)).toEqual([['0']])
      // …before any condition of the query runs: a division by zero on their rows would have told they exist.
      expect(
        await rowsOf(
          `select count(*) from basalt_logs.${table} where project_ref = '${otherRef}' and 1 / (length(id::text) - 36) = 1`,
        ),
      ).toEqual([['0']])
    }
    // Nothing the reader may list on the server names the other project: not the roles, schemas, views,
    // policies, databases, sessions or statistics.
    const catalogs = await rowsOf(
      `select (select string_agg(rolname, ' ') from pg_roles), (select string_agg(nspname, ' ') from pg_namespace),
              (select string_agg(definition, ' ') from pg_views), (select string_agg(qual, ' ') from pg_policies),
              (select string_agg(datname, ' ') from pg_database),
              (select string_agg(a::text, ' ') from pg_stat_activity a),
              (select string_agg(s::text, ' ') from pg_stats s)`,
    )
    expect(JSON.stringify(catalogs)).not.toContain(otherRef)
  })

  it('gives the workers of a parallel plan the reader’s project and range, not their own', async () => {
    await p.t.app.logs.writer.flush()
    const { start, end } = hour()
    const client = await p.t.db.connect()
    try {
      // As the reader (session_user, the settings it logs in with, its range written for this backend), with
      // parallel plans made free so that the few test lines are read by workers too.
      await p.t.app.logs.readers.actAs(client, p.ref, start, end)
      await client.query(
        `set parallel_setup_cost = 0; set parallel_tuple_cost = 0; set min_parallel_table_scan_size = 0;
         set min_parallel_index_scan_size = 0; set parallel_leader_participation = off`,
      )
      const count = async (where: string) => {
        const sql = `select count(*)::int as n from basalt_logs.api_log where ${where}`
        const plan = await client.query(`explain (analyze, format json) ${sql}`)
        const launched = JSON.stringify(plan.rows).match(/"Workers Launched":\s*(\d+)/)
        return { n: (await client.query<{ n: number }>(sql)).rows[0]!.n, launched: Number(launched?.[1] ?? 0) }
      }
      const ours = await count('true')
      // Read by workers only (the leader does not take part), and they found the project's lines…
      expect(ours.launched).toBeGreaterThan(0)
      const { rows } = await p.t.db.query<{ n: number }>(
        'select count(*)::int as n from basalt_logs.api_log where project_ref = $1 and ts between $2 and $3',
        [p.ref, start, end],
      )
      expect(ours.n).toBe(rows[0]!.n)
      expect(ours.n).toBeGreaterThan(0)
      // …and none of the other project's.
      expect(await count(`project_ref = '${otherRef}'`)).toEqual({ n: 0, launched: expect.any(Number) })
    } finally {
      await client.query('reset session authorization').catch(() => {})
      await client.query('reset all').catch(() => {})
      client.release()
    }
  })

  it("does not log the text of Basalt's own failing statements, which may carry a password", async () => {
    const { rows } = await p.t.db.query('select * from basalt.projects where ref = $1', [p.ref])
    const url = p.t.projectDatabases.superuserUrl(rows[0])
    // As Basalt sets a role's password: a statement that fails, with a secret in it.
    await withSuperuser(url, (c) =>
      c.query(`alter role role_that_is_not_there with password 'j27-secret-in-a-statement'`),
    ).catch(() => {})
    // A member's failing statement, written after it, is logged with its text.
    await p.database.query('select * from j27_after_the_secret').catch(() => {})
    const lines = await recentPostgresLines('j27_after_the_secret')
    expect(lines).toContainEqual(['role "role_that_is_not_there" does not exist', null])
    expect(JSON.stringify(lines)).not.toContain('j27-secret-in-a-statement')
  })

  it('keeps no password a member wrote: not in the Postgres log, not in the query-performance report', async () => {
    // A member's failing statement is logged with its text; one setting a password keeps only why it failed.
    await p.database.query(`alter role j27_nobody with password 'j27-member-secret'`).catch(() => {})
    // pg_stat_statements keeps a utility statement's text as written, password included (PostgreSQL 18 too).
    await p.database.query(`create role j27_reporter login password 'j27-stats-secret'`)
    // A shape of its own: pg_stat_statements keeps one text per shape, and aliases are not part of it (another
    // test's `select 42 as answer` would be recorded under this one's text).
    await p.database.query('select 1 as j27_reported, 2 as j27_shape, 3 as j27_own')
    await p.database.query('select * from j27_after_the_member_secret').catch(() => {})
    const lines = await recentPostgresLines('j27_after_the_member_secret')
    expect(lines).toContainEqual(['role "j27_nobody" does not exist', STATEMENT_NOT_KEPT])
    expect(JSON.stringify(lines)).not.toContain('j27-member-secret')
    const report = await readOnly.get(`/api/platform/projects/${p.ref}/analytics/reports/query-performance`)
    expect(report.statusCode).toBe(200)
    expect(report.body).toContain('j27_reported')
    expect(report.body).not.toContain('j27-stats-secret')
    const { rows } = await p.database.query("select query from _basalt.statement_stats() where query ~ 'j27'")
    expect(JSON.stringify(rows)).not.toContain('j27-stats-secret')
  })

  it('bounds a log query in rows, range and time', async () => {
    const res = await query(p.owner, 'select g from generate_series(1, 5000) g')
    expect(res.json().rows).toHaveLength(LOG_QUERY_MAX_ROWS)
    expect(res.json().truncated).toBe(true)
    const wide = await p.owner.post(api('/query'), {
      sql: 'select 1',
      start: '2026-01-01T00:00:00Z',
      end: '2026-03-01T00:00:00Z',
    })
    expect(wide.json().message).toBe(LOG_QUERY_MESSAGES.tooWide)
    const backwards = await p.owner.post(api('/query'), { sql: 'select 1', start: hour().end, end: hour().start })
    expect(backwards.json().message).toBe(LOG_QUERY_MESSAGES.range)
    const bad = await query(p.owner, 'select frm edge_logs')
    expect(bad.statusCode).toBe(400)
    // Where in the member's SELECT, not in Basalt's LIMIT around it.
    expect(bad.json()).toMatchObject({ message: 'column "frm" does not exist', position: 8 })
    // A comment at its end does not swallow that LIMIT.
    const commented = await p.owner.post(api('/query'), {
      sql: 'select 1 as one -- a comment',
      ...hour(),
      remember: false,
    })
    expect(commented.json().rows).toEqual([[1]])
    // A query that runs too long is stopped after 10 seconds.
    const slow = await query(p.owner, 'select pg_sleep(30)')
    expect(slow.statusCode).toBe(400)
    expect(slow.json().message).toBe(LOG_QUERY_MESSAGES.timeout)
  }, 30_000)

  it('keeps recent queries per member, and checks who asks', async () => {
    const recent = (await p.owner.get(api('/recent'))).json()
    // Only queries that ran are kept, newest first.
    expect(recent[0].sql).toBe('select g from generate_series(1, 5000) g')
    expect(recent.some((r: { sql: string }) => r.sql.includes('pg_sleep'))).toBe(false)
    // A Read-only member reads logs too, and has recent queries of their own.
    expect((await query(readOnly, 'select count(*) from edge_logs')).statusCode).toBe(200)
    expect((await readOnly.get(api('/recent'))).json().map((r: { sql: string }) => r.sql)).toEqual([
      'select count(*) from edge_logs',
    ])
    expect((await query(outsider, 'select 1')).statusCode).toBe(404)
    expect((await new Agent(p.t.app).get(api('/recent'))).statusCode).toBe(401)
    expect((await outsider.get(api('/recent'))).statusCode).toBe(404)
  })

  it('prunes what is older than the retention', async () => {
    const old = new Date(Date.now() - 8 * 24 * 3600_000)
    const line = { method: 'GET', path: '/old', status: 200, durationMs: 1, memberId: null, memberEmail: null }
    await insertApiLog(p.t.db, [
      { ...line, projectRef: p.ref, ts: old, responseBytes: 1, userAgent: null },
      { ...line, projectRef: p.ref, ts: new Date(), path: '/new', responseBytes: 1, userAgent: null },
    ])
    await maintainLogs(p.t.db, 7)
    const { rows } = await p.t.db.query(
      `select path from basalt_logs.api_log where project_ref = $1 and path in ('/old', '/new')`,
      [p.ref],
    )
    expect(rows.map((r) => r.path)).toEqual(['/new'])
    // Today's partition exists, and the default one caught nothing of it.
    const parts = await p.t.db.query(`select count(*)::int as n from basalt_logs.api_log_default`)
    expect(parts.rows[0].n).toBe(0)
    // The day that grew was vacuumed, so that its lines are read from the indexes alone (visibility map).
    const today = `api_log_${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`
    const vacuumed = await p.t.db.query(
      `select s.last_vacuum is not null as vacuumed, c.relallvisible > 0 as visible
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = 'basalt_logs' and s.relname = $1`,
      [today],
    )
    expect(vacuumed.rows).toEqual([{ vacuumed: true, visible: true }])
  })

  it('preloads pg_stat_statements in the project cluster, read for this database only', async () => {
    await p.database.query('select 42 as answer')
    const { rows } = await p.database.query(
      "select count(*)::int as n from _basalt.statement_stats() where query like 'select $1 as answer%'",
    )
    expect(rows[0].n).toBe(1)
  })

  it('draws the built-in reports from the API log, the samples and pg_stat_statements', async () => {
    const report = async (name: string, agent = p.owner) => {
      const res = await agent.get(`/api/platform/projects/${p.ref}/analytics/reports/${name}?period=1d`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    await p.owner.get(`/api/platform/pg-meta/${p.ref}/tables`)
    await p.t.app.logs.writer.flush()
    const api = await report('api-overview')
    expect(api.charts.find((c: { id: string }) => c.id === 'requests').points.at(-1).y).toBeGreaterThan(0)
    // Bars stand for whole UTC hours (a day) and six-hour blocks (a week), as their labels say.
    const times = (r: { charts: Array<{ points: Array<{ x: string }> }> }) =>
      r.charts.flatMap((c) => c.points.map((point) => point.x.slice(11)))
    expect(times(api).filter((t) => !t.endsWith(':00'))).toEqual([])
    const week = (await p.owner.get(`/api/platform/projects/${p.ref}/analytics/reports/database?period=7d`)).json()
    expect(times(week).length).toBeGreaterThan(0)
    expect(times(week).filter((t) => !['00:00', '06:00', '12:00', '18:00'].includes(t))).toEqual([])
    expect(api.tables[0].rows.map((r: unknown[]) => r[1])).toContain('/api/platform/pg-meta/:ref/tables')
    const database = await report('database')
    expect(database.charts.find((c: { id: string }) => c.id === 'size').points.at(-1).y).toBeGreaterThan(1_000_000)
    expect(database.charts.find((c: { id: string }) => c.id === 'connections').limit).toBeGreaterThan(0)
    const queries = await report('query-performance', readOnly)
    expect(queries.unavailable).toBeNull()
    const statements = (r: { tables: Array<{ rows: unknown[][] }> }) =>
      r.tables.flatMap((t) => t.rows.map((row) => row[0]))
    await p.database.query('select 42 as answer')
    // Basalt's own upkeep is left out: its superuser's statements (here one run as Basalt runs its sessions)
    // and the minute sample's reads (the database report above took one), which a user did not write.
    const { rows: projects } = await p.t.db.query('select * from basalt.projects where ref = $1', [p.ref])
    await withSuperuser(p.t.projectDatabases.superuserUrl(projects[0]), (c) => c.query('select 27 as j27_upkeep'))
    const mine = await report('query-performance', readOnly)
    expect(statements(mine)).toContain('select $1 as answer')
    expect(statements(mine).filter((q) => /j27_upkeep|pg_database_size|connection_states/.test(String(q)))).toEqual([])
    // Each statement says which role ran it: here the project's admin role.
    const answer = mine.tables[0].rows.find((r: unknown[]) => r[0] === 'select $1 as answer')
    expect(mine.tables[0].columns.at(-1)).toBe('Role')
    expect(answer.at(-1)).toBe((await p.database.query('select current_user as u')).rows[0].u)
    expect((await report('storage', readOnly)).unavailable).toBeNull()
    // Resetting statistics is a write: a Read-only member may not; the owner empties them.
    const reset = `/api/platform/projects/${p.ref}/analytics/reports/query-performance/reset`
    expect((await readOnly.post(reset)).statusCode).toBe(403)
    expect((await p.owner.post(reset)).statusCode).toBe(200)
    const after = await report('query-performance')
    expect(statements(after)).not.toContain('select $1 as answer')
    expect((await outsider.get(`/api/platform/projects/${p.ref}/analytics/reports/database`)).statusCode).toBe(404)
    const activity = (await p.owner.get(`/api/platform/projects/${p.ref}/analytics/overview`)).json()
    expect(activity.requests).toBeGreaterThan(0)
    expect(activity.queryStatsAvailable).toBe(true)
  })
})
