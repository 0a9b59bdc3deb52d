import { randomUUID } from 'node:crypto'
import {
  CONTENT_OWNER_ONLY_MESSAGE,
  defaultReportContent,
  reportWindow,
  type ContentItem,
  type ReportContent,
} from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createProjectApp } from '../../test/platform-app.ts'
import { REPORT_QUERY_MESSAGES } from '../sql-editor/report-query.ts'

describe('custom reports', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let developer: Agent
  let readOnly: Agent
  let outsider: Agent
  const content = (query = '') => `/api/platform/projects/${p.ref}/content${query}`
  const reportQuery = () => `/api/platform/pg-meta/${p.ref}/report-query`
  const create = async (agent: Agent, body: object) => {
    const res = await agent.post(content(), body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as ContentItem
  }
  const snippet = (agent: Agent, sql: string, visibility: 'user' | 'project' = 'project') =>
    create(agent, { type: 'sql', name: `Chart ${randomUUID()}`, content: { sql }, visibility })
  const period = { period_start: '2026-01-01T00:00:00.000Z', period_end: '2026-01-08T00:00:00.000Z' }
  const run = (agent: Agent, snippetId: string, body: object = period) =>
    agent.post(reportQuery(), { snippetId, ...body })

  beforeAll(async () => {
    p = await createProjectApp('Reports')
    developer = await p.join('dev@example.com', 'developer')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    await p.database.query(`
      create table public.signups (id serial primary key, at timestamptz not null);
      insert into public.signups (at)
        select '2025-12-25T00:00:00Z'::timestamptz + make_interval(days => d) from generate_series(0, 20) d;
      grant select on public.signups to public;`)
  })
  afterAll(async () => {
    await p?.close()
  })

  it('stores a new report with the default content: 7 days to today, by day, no blocks', async () => {
    const now = new Date('2026-11-24T10:00:00Z')
    const report = await create(p.owner, { type: 'report', name: 'Signups', content: defaultReportContent(now) })
    expect(report).toMatchObject({
      type: 'report',
      name: 'Signups',
      visibility: 'project',
      content: {
        schema_version: 1,
        period_start: { time_period: '7d', date: now.toISOString() },
        period_end: { time_period: 'today', date: now.toISOString() },
        interval: '1d',
        layout: [],
      },
    })
    expect(reportWindow('7d', now)).toEqual({ start: '2026-11-17T10:00:00.000Z', end: now.toISOString() })
    const broken = await p.owner.post(content(), { type: 'report', name: 'Broken', content: { layout: [] } })
    expect(broken.statusCode).toBe(400)
  })

  it('lists reports sorted by name, whatever their case', async () => {
    for (const name of ['zebra', 'Apple', 'mango']) {
      await create(developer, { type: 'report', name, content: defaultReportContent(new Date()) })
    }
    const res = await developer.get(content('?type=report'))
    const names = (res.json().data as ContentItem[]).map((c) => c.name)
    expect(names.filter((n) => ['zebra', 'Apple', 'mango'].includes(n))).toEqual(['Apple', 'mango', 'zebra'])
  })

  it('lets the owner add blocks, rename and delete; other members only view; a layout must be whole', async () => {
    const chart = await snippet(developer, 'select 1 as x')
    const report = await create(developer, { type: 'report', name: 'Mine', content: defaultReportContent(new Date()) })
    const block = {
      id: randomUUID(),
      snippet_id: chart.id,
      chart: { type: 'bar', cumulative: false, xKey: 'x', yKey: 'x' },
    }
    const withBlock: ReportContent = { ...(report.content as unknown as ReportContent), layout: [block as never] }
    const saved = await developer.patch(content(`?id=${report.id}`), { content: withBlock })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().content.layout).toEqual([block])

    const partial = await developer.patch(content(`?id=${report.id}`), { content: { layout: [block] } })
    expect(partial.statusCode).toBe(400)
    expect(partial.json().code).toBe('validation_failed')

    for (const other of [p.owner, readOnly]) {
      const rename = await other.patch(content(`?id=${report.id}`), { name: 'Theirs' })
      expect(rename.statusCode).toBe(403)
      expect(rename.json().message).toMatch(/permissions|owner/)
    }
    expect((await p.owner.patch(content(`?id=${report.id}`), { name: 'Theirs' })).json().message).toBe(
      CONTENT_OWNER_ONLY_MESSAGE,
    )
    const renamed = await developer.patch(content(`?id=${report.id}`), { name: 'Renamed' })
    expect(renamed.json()).toMatchObject({ name: 'Renamed', content: { layout: [block] } })
    expect(
      (await readOnly.post(content(), { type: 'report', name: 'No', content: defaultReportContent(new Date()) }))
        .statusCode,
    ).toBe(403)
    expect((await p.owner.delete(content(`?ids=${report.id}`))).statusCode).toBe(403)
    expect((await developer.delete(content(`?ids=${report.id}`))).statusCode).toBe(200)
  })

  it('runs a block’s snippet for the period, the period bound as parameters', async () => {
    const s = await snippet(
      developer,
      `select date_trunc('day', at)::date as day, count(*)::int as signups
         from public.signups where at >= {{period_start}} and at < '{{period_end}}'
        group by 1 order by 1 -- not {{period_end}}`,
    )
    const res = await run(developer, s.id)
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json()
    expect(answer.columns.map((c: { name: string; type: string }) => [c.name, c.type])).toEqual([
      ['day', 'date'],
      ['signups', 'int4'],
    ])
    expect(answer.rows).toHaveLength(7)
    expect(answer.rows[0]).toEqual(['2026-01-01', 1])

    const shorter = await run(developer, s.id, { ...period, period_start: '2026-01-06T00:00:00Z' })
    expect(shorter.json().rows).toHaveLength(2)
  })

  it('refuses a period that is no timestamp, so nothing but a timestamp ever reaches Postgres', async () => {
    const s = await snippet(developer, 'select count(*)::int as n from public.signups where at >= {{period_start}}')
    for (const bad of ["2026-01-01'; drop table public.signups; --", '2026-01-01', 'now()']) {
      const res = await run(developer, s.id, { ...period, period_start: bad })
      expect(res.statusCode, bad).toBe(400)
    }
    const reversed = await run(developer, s.id, { period_start: period.period_end, period_end: period.period_start })
    expect(reversed.statusCode).toBe(400)
    const { rows } = await p.database.query('select count(*)::int as n from public.signups')
    expect(rows[0].n).toBe(21)
  })

  it('never changes data, runs one statement, and keeps Postgres errors whole', async () => {
    const write = await snippet(developer, 'insert into public.signups (at) values ({{period_start}}) returning id')
    const refused = await run(developer, write.id)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'pg_error', pg: { code: '25006' } })
    expect((await p.database.query('select count(*)::int as n from public.signups')).rows[0].n).toBe(21)

    const two = await snippet(developer, 'select 1; select 2')
    expect((await run(developer, two.id)).json()).toEqual({
      code: 'bad_request',
      message: REPORT_QUERY_MESSAGES.oneStatement,
    })
    const wrong = await snippet(developer, 'select no_such_column from public.signups')
    const failed = await run(developer, wrong.id)
    expect(failed.statusCode).toBe(400)
    expect(failed.json().formattedError).toContain('LINE 1:')
  })

  it('runs for members who see the snippet, as their login; 404 outside, 401 signed out', async () => {
    const shared = await snippet(developer, 'select current_user::text as who, 1 as n')
    const own = await snippet(developer, 'select 1 as n', 'user')
    const ro = await run(readOnly, shared.id)
    expect(ro.statusCode, ro.body).toBe(200)
    expect(ro.json().rows[0][0]).not.toBe((await run(developer, shared.id)).json().rows[0][0])
    expect((await run(readOnly, own.id)).statusCode).toBe(404)
    expect((await run(outsider, shared.id)).statusCode).toBe(404)
    const anonymous = new Agent(p.t.app)
    await anonymous.get('/api/auth/state')
    expect((await run(anonymous, shared.id)).statusCode).toBe(401)
    expect((await run(developer, 'not-an-id')).statusCode).toBe(400)
  })

  it('draws a shared report’s chart for every member who can open it, when its snippet is private to the owner', async () => {
    const privateSql = await snippet(developer, 'select count(*)::int as n from public.signups', 'user')
    const layout = [
      { id: randomUUID(), snippet_id: privateSql.id, chart: { type: 'bar', cumulative: false, xKey: 'n', yKey: 'n' } },
    ]
    const contentOf = (l: unknown[]) => ({ ...defaultReportContent(new Date()), layout: l })
    const shared = await create(developer, { type: 'report', name: 'Team', content: contentOf(layout) })
    const personal = await create(developer, {
      type: 'report',
      name: 'Mine',
      visibility: 'user',
      content: contentOf(layout),
    })
    // Another member: the snippet alone is not theirs to read, the report's block is.
    expect((await run(readOnly, privateSql.id)).statusCode).toBe(404)
    const drawn = await run(readOnly, privateSql.id, { ...period, reportId: shared.id })
    expect(drawn.statusCode, drawn.body).toBe(200)
    expect(drawn.json()).toMatchObject({ rows: [[21]], snippetVisible: false })
    expect((await run(developer, privateSql.id, { ...period, reportId: shared.id })).json()).toMatchObject({
      rows: [[21]],
      snippetVisible: true,
    })
    // Not through a report they cannot open, nor a report without that block, nor from another organisation.
    expect((await run(readOnly, privateSql.id, { ...period, reportId: personal.id })).statusCode).toBe(404)
    const other = await create(p.owner, { type: 'report', name: 'Borrowed', content: contentOf([]) })
    expect((await run(readOnly, privateSql.id, { ...period, reportId: other.id })).statusCode).toBe(404)
    expect((await run(outsider, privateSql.id, { ...period, reportId: shared.id })).statusCode).toBe(404)
  })

  it('never reaches someone else’s private snippet through a report that names it', async () => {
    const hidden = await snippet(developer, 'select 42 as secret', 'user')
    const layout = [
      {
        id: randomUUID(),
        snippet_id: hidden.id,
        chart: { type: 'bar', cumulative: false, xKey: 'secret', yKey: 'secret' },
      },
    ]
    const forged = await create(p.owner, {
      type: 'report',
      name: 'Forged',
      content: { ...defaultReportContent(new Date()), layout },
    })
    expect((await run(p.owner, hidden.id, { ...period, reportId: forged.id })).statusCode).toBe(404)
  })
})
