import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProjectApp } from '../../test/platform-app.ts'

/** Over a real socket: what inject cannot show — an answer that arrives as it is read, and a reader that leaves. */
describe('SQL editor runs over HTTP', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let base: string
  let bearer: Record<string, string>

  beforeAll(async () => {
    p = await createProjectApp('Streaming')
    bearer = { authorization: `Bearer ${(await p.owner.post('/api/account/tokens', { name: 'stream' })).json().token}` }
    await p.t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(p.t.app.server.address() as AddressInfo).port}/api/platform/pg-meta/${p.ref}/query`
  })
  afterAll(async () => {
    // fetch keeps its connections open for reuse; the server would wait for them to time out.
    p?.t.app.server.closeAllConnections()
    await p?.close()
  })

  const post = (path: string, body: object, signal?: AbortSignal) =>
    fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer },
      body: JSON.stringify(body),
      signal,
    })
  const sleeping = async () =>
    (
      await p.database.query(
        "select pid from pg_stat_activity where query = 'select pg_sleep(30)' and state = 'active'",
      )
    ).rows

  it('sends each result set as soon as it is read, before later statements finish', async () => {
    const started = Date.now()
    const res = await post('', { query: "select g from generate_series(1, 3) g; select pg_sleep(1.5); select 'end'" })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    // The run's id comes at once; the first result set as soon as it is read.
    let text = decoder.decode((await reader.read()).value)
    expect(text).toMatch(/^\{"runId":"[0-9a-f-]{36}","results":\[/)
    while (!text.includes('"rows":[[1],[2],[3]]')) text += decoder.decode((await reader.read()).value)
    expect(Date.now() - started).toBeLessThan(1000)
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500)
    const answer = JSON.parse(text)
    expect(answer.status).toBe('success')
    expect(answer.results.map((r: { rows: unknown[] }) => r.rows)).toEqual([[[1], [2], [3]], [['']], [['end']]])
  })

  it('stops the statement when the reader goes away', async () => {
    const runId = randomUUID()
    const abort = new AbortController()
    const res = await post('', { query: 'select pg_sleep(30)', runId }, abort.signal)
    expect(res.status).toBe(200)
    const deadline = Date.now() + 10_000
    while ((await sleeping()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    expect(await sleeping()).toHaveLength(1)
    abort.abort()
    let entry: { status: string } | undefined
    while (Date.now() < deadline) {
      entry = (await p.owner.get(`/api/platform/pg-meta/${p.ref}/query/history?search=pg_sleep(30)`)).json().runs[0]
      // A run is listed once it has run for a moment or has ended (sql-editor/live-runs.ts).
      if (entry && entry.status !== 'running' && (await sleeping()).length === 0) break
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(await sleeping()).toEqual([])
    expect(entry).toMatchObject({ status: 'cancelled' })
  })
})
