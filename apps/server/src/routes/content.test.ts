import { randomUUID } from 'node:crypto'
import {
  defaultReportContent,
  CONTENT_ID_TAKEN_MESSAGE,
  CONTENT_NAME_REQUIRED_MESSAGE,
  CONTENT_NOT_FOUND_MESSAGE,
  CONTENT_OWNER_ONLY_MESSAGE,
  type ContentItem,
} from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createProjectApp } from '../../test/platform-app.ts'

describe('content API (snippets and reports)', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let developer: Agent
  let readOnly: Agent
  let writer: Agent
  let outsider: Agent
  const url = (query = '') => `/api/platform/projects/${p.ref}/content${query}`
  const list = async (agent: Agent, query = '') => {
    const res = await agent.get(url(query))
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { data: ContentItem[] }).data
  }
  const create = async (agent: Agent, body: object) => {
    const res = await agent.post(url(), body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as ContentItem
  }
  const snippet = (name: string, sql = 'select 1', extra: object = {}) => ({
    type: 'sql',
    name,
    content: { sql },
    ...extra,
  })

  beforeAll(async () => {
    p = await createProjectApp('Content')
    developer = await p.join('dev@example.com', 'developer')
    readOnly = await p.join('ro@example.com', 'read_only')
    writer = await p.join('writer@example.com', 'developer')
    outsider = await p.outsider()
  })
  afterAll(async () => {
    await p?.close()
  })

  it('creates a member’s own snippet, with the id the browser chose, seen by nobody else', async () => {
    const id = randomUUID()
    const created = await create(p.owner, snippet('  Daily report  ', 'select now()', { id }))
    expect(created).toMatchObject({
      id,
      type: 'sql',
      name: 'Daily report',
      description: null,
      visibility: 'user',
      content: { sql: 'select now()', favorite: false },
      owner: { username: 'owner@example.com' },
      updated_by: { username: 'owner@example.com' },
    })
    expect(created.owner_id).toBe(created.owner!.id)
    expect((await list(p.owner)).map((c) => c.id)).toContain(id)
    expect((await list(developer)).map((c) => c.id)).not.toContain(id)
    const hidden = await developer.get(url(`/item/${id}`))
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json()).toEqual({ code: 'not_found', message: CONTENT_NOT_FOUND_MESSAGE })
    expect((await p.owner.get(url(`/item/${id}`))).json()).toEqual(created)

    const again = await p.owner.post(url(), snippet('Copy', 'select 2', { id }))
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ code: 'conflict', message: CONTENT_ID_TAKEN_MESSAGE })
    const unnamed = await p.owner.post(url(), snippet('   '))
    expect(unnamed.statusCode).toBe(400)
    expect(unnamed.json()).toEqual({ code: 'validation_failed', message: `name: ${CONTENT_NAME_REQUIRED_MESSAGE}` })
  })

  it('saves changes of the owner: text, name, description; an empty name is refused', async () => {
    const s = await create(developer, snippet('Draft'))
    const saved = await developer.patch(url(`?id=${s.id}`), { content: { sql: 'select 42' } })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ name: 'Draft', content: { sql: 'select 42', favorite: false } })
    expect(saved.json().updated_at >= s.updated_at).toBe(true)
    const renamed = await developer.patch(url(`?id=${s.id}`), { name: ' Final ', description: 'the one' })
    expect(renamed.json()).toMatchObject({ name: 'Final', description: 'the one', content: { sql: 'select 42' } })
    const cleared = await developer.patch(url(`?id=${s.id}`), { description: null })
    expect(cleared.json().description).toBeNull()
    const empty = await developer.patch(url(`?id=${s.id}`), { name: '' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe(`name: ${CONTENT_NAME_REQUIRED_MESSAGE}`)
    const missing = await developer.patch(url(`?id=${randomUUID()}`), { name: 'x' })
    expect(missing.statusCode).toBe(404)
  })

  it('shares a snippet with the project: members see it read-only, favourite it for themselves, copy it', async () => {
    const s = await create(p.owner, snippet('Shared one', 'select 1 as shared'))
    const shared = await p.owner.patch(url(`?id=${s.id}`), { visibility: 'project' })
    expect(shared.json().visibility).toBe('project')

    for (const member of [developer, readOnly]) {
      const seen = (await list(member)).find((c) => c.id === s.id)
      expect(seen).toMatchObject({
        visibility: 'project',
        owner_id: s.owner_id,
        content: { sql: 'select 1 as shared' },
      })
    }
    // Only its owner renames, changes, shares or deletes it.
    for (const change of [{ name: 'Mine now' }, { content: { sql: 'drop table x' } }, { visibility: 'user' }]) {
      const refused = await developer.patch(url(`?id=${s.id}`), change)
      expect(refused.statusCode).toBe(403)
      expect(refused.json()).toEqual({ code: 'forbidden', message: CONTENT_OWNER_ONLY_MESSAGE })
    }
    const notDeleted = await developer.delete(url(`?ids=${s.id}`))
    expect(notDeleted.statusCode).toBe(403)

    // A favourite is each member's own.
    const starred = await developer.patch(url(`?id=${s.id}`), { content: { favorite: true } })
    expect(starred.statusCode, starred.body).toBe(200)
    expect(starred.json()).toMatchObject({ name: 'Shared one', content: { favorite: true } })
    expect((await list(developer, '?favorite=true')).map((c) => c.id)).toEqual([s.id])
    expect((await list(p.owner)).find((c) => c.id === s.id)!.content.favorite).toBe(false)

    // A personal copy is a new snippet of the member's.
    const copy = await create(developer, snippet('Shared one (copy)', 'select 1 as shared'))
    expect(copy.owner_id).not.toBe(s.owner_id)
    expect((await list(p.owner)).map((c) => c.id)).not.toContain(copy.id)

    // Read-only members may not save, share or favourite.
    for (const call of [
      readOnly.post(url(), snippet('Nope')),
      readOnly.patch(url(`?id=${s.id}`), { content: { favorite: true } }),
      readOnly.delete(url(`?ids=${s.id}`)),
    ]) {
      const res = await call
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe('You need additional permissions to save queries and reports')
    }
  })

  it('lists by name, searched trimmed and case-insensitive, by type and visibility', async () => {
    const names = ['zeta Query', 'Alpha query', 'beta']
    for (const name of names) await create(writer, snippet(name))
    const content = defaultReportContent(new Date())
    const report = await create(writer, { type: 'report', name: 'Usage report', content })
    expect(report).toMatchObject({ visibility: 'project', content: { ...content, favorite: false } })

    const mine = (await list(writer, '?type=sql')).filter((c) => c.owner?.username === 'writer@example.com')
    expect(mine.map((c) => c.name)).toEqual(['Alpha query', 'beta', 'zeta Query'])
    const found = await list(writer, `?search=${encodeURIComponent('  QUERY ')}`)
    expect(found.map((c) => c.name)).toEqual(['Alpha query', 'zeta Query'])
    expect((await list(writer, '?type=report')).map((c) => c.name)).toEqual(['Usage report'])
    expect((await list(writer, '?visibility=project&type=report')).map((c) => c.name)).toEqual(['Usage report'])
    expect(await list(writer, '?search=nothing-like-this')).toEqual([])
  })

  it('deletes the member’s own, several at once, all or none', async () => {
    const a = await create(developer, snippet('Delete me 1'))
    const b = await create(developer, snippet('Delete me 2'))
    const others = await create(p.owner, snippet('Owner shared', 'select 1', { visibility: 'project' }))

    const mixed = await developer.delete(url(`?ids=${a.id},${others.id}`))
    expect(mixed.statusCode).toBe(403)
    expect((await list(developer)).map((c) => c.id)).toEqual(expect.arrayContaining([a.id, b.id]))

    const gone = await developer.delete(url(`?ids=${a.id},${b.id},${randomUUID()}`))
    expect(gone.statusCode, gone.body).toBe(200)
    expect(gone.json().deleted.sort()).toEqual([a.id, b.id].sort())
    expect((await list(developer)).map((c) => c.id)).not.toContain(a.id)
    // Already deleted: 'Content not found', which the editor treats as done.
    const twice = await developer.delete(url(`?ids=${a.id}`))
    expect(twice.statusCode).toBe(404)
    expect(twice.json()).toEqual({ code: 'not_found', message: CONTENT_NOT_FOUND_MESSAGE })
    expect((await developer.delete(url('?ids=not-an-id'))).statusCode).toBe(400)
  })

  it('is a 404 outside the organisation and a 401 signed out', async () => {
    const s = await create(p.owner, snippet('Private to the org', 'select 1', { visibility: 'project' }))
    const anonymous = new Agent(p.t.app)
    await anonymous.get('/api/auth/state')
    const calls: [string, string, unknown?][] = [
      ['GET', url()],
      ['GET', url(`/item/${s.id}`)],
      ['POST', url(), snippet('x')],
      ['PATCH', url(`?id=${s.id}`), { name: 'x' }],
      ['DELETE', url(`?ids=${s.id}`)],
    ]
    for (const [method, path, body] of calls) {
      expect((await outsider.request(method as 'GET', path, body)).statusCode, `${method} ${path}`).toBe(404)
      expect((await anonymous.request(method as 'GET', path, body)).statusCode, `${method} ${path}`).toBe(401)
    }
    expect((await list(p.owner)).find((c) => c.id === s.id)!.name).toBe('Private to the org')
  })
})
