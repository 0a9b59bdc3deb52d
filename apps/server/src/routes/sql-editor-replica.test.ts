import { READ_REPLICA_WRITE_MESSAGE, type SqlRunResult } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Agent, createProjectApp } from '../../test/platform-app.ts'

/** SQL editor runs on a read replica chosen by x-connection-encrypted (spec 2 §6, §8). */
describe('SQL editor runs on a read replica', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let owner: Agent
  let ref: string
  let connectionId: string
  const run = async (query: string) => {
    const res = await owner.request(
      'POST',
      `/api/platform/pg-meta/${ref}/query`,
      { query },
      { 'x-connection-encrypted': connectionId },
    )
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as SqlRunResult
  }

  beforeAll(async () => {
    p = await createProjectApp('Replicated', { clusters: true })
    ;({ owner, ref } = p)
    await p.database.query(
      `create table public.notes (id int primary key, body text); insert into public.notes values (1, 'one')`,
    )
    expect((await owner.post(`/api/projects/${ref}/replicas`)).statusCode).toBe(201)
    for (const deadline = Date.now() + 60_000; ;) {
      const replica = (await owner.get(`/api/platform/projects/${ref}/databases`)).json()[1]
      if (replica?.status === 'active') {
        connectionId = replica.connectionId
        break
      }
      if (Date.now() > deadline) throw new Error('the replica did not come up')
      await new Promise((r) => setTimeout(r, 200))
    }
  })
  afterAll(async () => {
    await p?.close()
  })

  it('reads there, and answers a write with the spec’s note and Postgres’ error', async () => {
    for (const deadline = Date.now() + 10_000; ;) {
      const read = await run('select pg_is_in_recovery(), body from public.notes')
      if (read.results[0]?.rows.length === 1) {
        expect(read.results[0].rows).toEqual([[true, 'one']])
        break
      }
      if (Date.now() > deadline) throw new Error(JSON.stringify(read))
      await new Promise((r) => setTimeout(r, 100))
    }
    const write = await run("select 1;\ninsert into public.notes values (2, 'two')")
    expect(write).toMatchObject({ status: 'error', rolledBack: true })
    expect(write.error).toMatchObject({
      code: 'bad_request',
      message: READ_REPLICA_WRITE_MESSAGE,
      statementIndex: 1,
      pg: { code: '25006' },
    })
    expect(write.error!.formattedError).toBe('ERROR:  cannot execute INSERT in a read-only transaction')
    // The same write on the primary (no header) is fine.
    const primary = await owner.post(`/api/platform/pg-meta/${ref}/query`, {
      query: "insert into public.notes values (2, 'two')",
    })
    expect(primary.json()).toMatchObject({ status: 'success' })
  })
})
