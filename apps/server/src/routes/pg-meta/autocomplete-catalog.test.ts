import type { PgFunction, PgKeyword, TableColumnsListing } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createProjectApp } from '../../../test/platform-app.ts'

describe('catalog reads of the SQL editor autocomplete (functions, key words, table columns)', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: Agent
  let outsider: Agent
  const api = (path: string) => `/api/platform/pg-meta/${p.ref}${path}`
  const functions = async (agent: Agent, query = '') => {
    const res = await agent.get(api(`/functions${query}`))
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as PgFunction[]
  }

  beforeAll(async () => {
    p = await createProjectApp('Autocomplete')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    await p.database.query(`
      create function public.add_todo(title text, done boolean default false) returns bigint
        language sql as 'select 1::bigint';
      create function public.admin_only() returns int language sql as 'select 1';
      revoke execute on function public.admin_only() from public;
      create table public.todos (id bigint primary key, title text);
      create schema reports;
      create function reports.monthly(month date) returns setof record language sql as 'select 1, 2';
    `)
  })
  afterAll(async () => {
    await p?.close()
  })

  it("lists the project's functions with their arguments, by schema, as the member's role may execute them", async () => {
    const all = await functions(p.owner)
    expect(all.find((f) => f.name === 'add_todo')).toMatchObject({
      schema: 'public',
      result_type: 'bigint',
      argument_types: 'title text, done boolean DEFAULT false',
      type: 'normal',
      args: [
        { mode: 'in', name: 'title', type: 'text', default: null },
        { mode: 'in', name: 'done', type: 'boolean', default: 'false' },
      ],
    })
    expect(all.map((f) => f.name)).toContain('admin_only')
    // System schemas (pg_catalog…) only when asked for; auth's helpers are among them with the filter.
    expect(all.some((f) => f.schema === 'pg_catalog')).toBe(false)

    const reports = await functions(p.owner, '?included_schemas=reports')
    expect(reports.map((f) => `${f.schema}.${f.name}`)).toEqual(['reports.monthly'])
    const notReports = await functions(p.owner, '?excluded_schemas=reports,auth,storage,extensions,_basalt')
    expect(notReports.map((f) => f.schema).sort()).toEqual(['public', 'public'])

    const system = await functions(p.owner, '?included_schemas=pg_catalog,auth&include_system_schemas=true')
    const names = system.map((f) => `${f.schema}.${f.name}`)
    expect(names).toEqual(expect.arrayContaining(['auth.uid', 'pg_catalog.now', 'pg_catalog.count']))
  })

  it('a Read-only member reads them too, without what their login may not execute', async () => {
    const names = (await functions(readOnly)).map((f) => f.name)
    expect(names).toContain('add_todo')
    expect(names).not.toContain('admin_only')
    const keywords = await readOnly.get(api('/keywords'))
    expect(keywords.statusCode).toBe(200)
    const tables = await readOnly.get(api('/table-columns?included_schemas=public'))
    expect(tables.statusCode, tables.body).toBe(200)
    expect((tables.json() as TableColumnsListing[]).map((t) => t.tablename)).toContain('todos')
  })

  it('lists the tables and views of the schemas asked for, with their columns', async () => {
    const res = await p.owner.get(api('/table-columns?included_schemas=public'))
    expect(res.statusCode, res.body).toBe(200)
    const todos = (res.json() as TableColumnsListing[]).find((t) => t.tablename === 'todos')
    expect(todos).toEqual({
      schemaname: 'public',
      tablename: 'todos',
      quoted_name: 'public.todos',
      is_table: true,
      type: 'table',
      columns: [
        { attname: 'id', data_type: 'bigint', attnum: 1 },
        { attname: 'title', data_type: 'text', attnum: 2 },
      ],
    })
  })

  it("lists the server's key words", async () => {
    const res = await p.owner.get(api('/keywords'))
    expect(res.statusCode, res.body).toBe(200)
    const keywords = res.json() as PgKeyword[]
    expect(keywords).toContainEqual({ word: 'select', category: 'reserved' })
    expect(keywords.length).toBeGreaterThan(400)
  })

  it('answers 404 to someone outside the organisation and 401 signed out', async () => {
    for (const path of ['/functions', '/keywords', '/table-columns']) {
      const res = await outsider.get(api(path))
      expect(res.statusCode, path).toBe(404)
      const anonymous = await new Agent(p.t.app).get(api(path))
      expect(anonymous.statusCode, path).toBe(401)
    }
  })

  it('refuses a bad filter with a 400', async () => {
    const res = await p.owner.get(api('/functions?include_system_schemas=maybe'))
    expect(res.statusCode).toBe(400)
  })
})
