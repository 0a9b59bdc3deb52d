import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseType, Dependent } from '@basalt/contracts'
import { Agent, createProjectApp } from '../../../test/platform-app.ts'

describe('Database › Enumerated types routes', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: Agent
  let outsider: Agent
  const api = (query = '') => `/api/platform/pg-meta/${p.ref}/database/types${query}`
  const named = async (name: string): Promise<DatabaseType | undefined> =>
    ((await p.owner.get(api('?included_schemas=public'))).json() as DatabaseType[]).find((t) => t.name === name)

  beforeAll(async () => {
    p = await createProjectApp('Types')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
    await p.database.query(`
      create domain public.positive as int not null check (value > 0);
      create type public.span as range (subtype = int4);
      create type public.pair as (a int, b text);
      create type public.mood as enum ('sad', 'ok');
    `)
  })
  afterAll(async () => {
    await p?.close()
  })

  it('lists types by kind as pg_type has them: domains with constraints, ranges, composites, enums', async () => {
    expect(await named('positive')).toMatchObject({
      kind: 'domain',
      base_type: 'integer',
      constraints: ['NOT NULL', 'CHECK (VALUE > 0)'],
    })
    expect(await named('span')).toMatchObject({ kind: 'range', base_type: 'integer' })
    expect(await named('span_multirange')).toMatchObject({ kind: 'multirange' })
    expect(await named('pair')).toMatchObject({
      kind: 'composite',
      attributes: [
        { name: 'a', type: 'integer' },
        { name: 'b', type: 'text' },
      ],
    })
    expect(await named('mood')).toMatchObject({ kind: 'enum', values: ['sad', 'ok'] })
  })

  it('creates an enum, adds values before and after, renames one, and drops it with what depends on it', async () => {
    const created = await p.owner.post(api(), { schema: 'public', name: 'state', values: ['draft', 'done'] })
    expect(created.statusCode, created.body).toBe(201)
    const state: DatabaseType = created.json()
    const add = (body: object) => p.owner.patch(api(`?id=${state.id}`), { action: 'add', ...body })
    expect((await add({ value: 'review', before: 'done' })).json().values).toEqual(['draft', 'review', 'done'])
    expect((await add({ value: 'archived' })).json().values).toEqual(['draft', 'review', 'done', 'archived'])
    const renamed = await p.owner.patch(api(`?id=${state.id}`), { action: 'rename', from: 'done', to: 'published' })
    expect(renamed.json().values).toEqual(['draft', 'review', 'published', 'archived'])
    const taken = await add({ value: 'draft' })
    expect(taken.json()).toMatchObject({ code: 'pg_error', pg: { code: '42710' } })

    await p.database.query('create table public.posts (id int, state public.state)')
    const dependents: Dependent[] = (await p.owner.get(api(`/dependents?id=${state.id}`))).json()
    expect(dependents.map((d) => d.description)).toContain('column state of table posts')
    expect((await p.owner.delete(api(`?id=${state.id}`))).json()).toMatchObject({ pg: { code: '2BP01' } })
    expect((await p.owner.delete(api(`?id=${state.id}&cascade=true`))).statusCode).toBe(200)
    expect(await named('state')).toBeUndefined()
  })

  it('lets a Read-only member read and not write; another organisation gets 404, a signed-out caller 401', async () => {
    expect((await readOnly.get(api())).statusCode).toBe(200)
    const body = { schema: 'public', name: 'nope', values: ['a'] }
    expect((await readOnly.post(api(), body)).statusCode).toBe(403)
    const mood = (await named('mood'))!
    expect((await readOnly.patch(api(`?id=${mood.id}`), { action: 'add', value: 'x' })).statusCode).toBe(403)
    expect((await outsider.get(api())).statusCode).toBe(404)
    expect((await outsider.post(api(), body)).statusCode).toBe(404)
    expect((await new Agent(p.t.app).get(api())).statusCode).toBe(401)
    expect((await named('mood'))!.values).toEqual(['sad', 'ok'])
  })
})
