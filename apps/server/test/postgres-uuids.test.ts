import { parsePgUuid } from '@basalt/contracts'
import { UUID_ACCEPTED, UUID_REFUSED, uuidSpellings } from '@basalt/contracts/testing'
import { prng } from '@basalt/sql/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withAdminClient } from './databases.ts'
import { createProjectApp } from './platform-app.ts'

// Ids are checked by packages/contracts before a call reaches Postgres: that check must accept every text
// Postgres's uuid type reads — and write it back the way Postgres does — and nothing else.

const SEED = 0x00_0dd1d5
const GENERATED = 5_000

/** How Postgres reads each text as a uuid: its output text, or null where it refuses the input. */
async function postgresReads(inputs: string[]): Promise<Array<string | null>> {
  const { rows } = await withAdminClient((c) =>
    c.query<{ uuid: string | null }>(
      `select case when pg_input_is_valid(t.input, 'uuid') then t.input::uuid::text end as uuid
         from unnest($1::text[]) with ordinality as t(input, n) order by t.n`,
      [inputs],
    ),
  )
  return rows.map((r) => r.uuid)
}

describe('uuid input as Postgres reads it', () => {
  it('the spellings packages/contracts lists are read the same way by Postgres', async () => {
    const inputs = [...UUID_ACCEPTED.map(([input]) => input), ...UUID_REFUSED]
    const expected = [...UUID_ACCEPTED.map(([, canonical]) => canonical), ...UUID_REFUSED.map(() => null)]
    expect(await postgresReads(inputs)).toEqual(expected)
    expect(inputs.map(parsePgUuid)).toEqual(expected)
  })

  it(`${GENERATED} random texts near a uuid are read alike by Postgres and parsePgUuid`, async () => {
    const inputs = uuidSpellings(prng(SEED), GENERATED)
    const postgres = await postgresReads(inputs)
    const mismatches = inputs.filter((input, i) => parsePgUuid(input) !== postgres[i])
    expect(mismatches).toEqual([])
    // The generator makes both kinds in fair numbers, or the comparison would prove little.
    const accepted = postgres.filter((u) => u !== null).length
    expect(accepted).toBeGreaterThan(GENERATED / 5)
    expect(GENERATED - accepted).toBeGreaterThan(GENERATED / 5)
  })
})

describe('grid reads with a non-RFC uuid and a filter value Postgres refuses', () => {
  const USER = { id: '11111111-1111-1111-1111-111111111111', email: 'ones@example.com' }
  const OTHER = { id: 'aaaaaaaa-0000-4000-8000-000000000001', email: 'ada@example.com' }
  let fixture: Awaited<ReturnType<typeof createProjectApp>>
  const api = (path: string) => `/api/platform/pg-meta/${fixture.ref}/${path}`
  const notes = { schema: 'public', table: 'notes' }

  beforeAll(async () => {
    fixture = await createProjectApp('Uuids')
    await fixture.database.query(`
      insert into auth.users (id, email) values ('${USER.id}', '${USER.email}'), ('${OTHER.id}', '${OTHER.email}');
      create table public.notes (id bigint primary key, owner uuid not null, body text);
      grant select on public.notes to authenticated;
      alter table public.notes enable row level security;
      create policy "own notes" on public.notes for select to authenticated using (auth.uid() = owner);
      insert into public.notes values (1, '${USER.id}', 'ones 1'), (2, '${OTHER.id}', 'ada 1'), (3, '${USER.id}', 'ones 2');
    `)
  })
  afterAll(async () => {
    await fixture?.close()
  })

  it('impersonates an auth user whose id is no RFC uuid, however it is spelt', async () => {
    for (const userId of [USER.id, '{11111111111111111111111111111111}']) {
      const impersonation = { role: 'authenticated', userId }
      const rows = await fixture.owner.post(api('table-rows'), { ...notes, impersonation })
      expect(rows.statusCode, rows.body).toBe(200)
      expect(rows.json().rows.map((r: { data: { body: string } }) => r.data.body)).toEqual(['ones 1', 'ones 2'])
      const count = await fixture.owner.post(api('table-count'), { ...notes, impersonation })
      expect(count.statusCode, count.body).toBe(200)
      expect(count.json()).toEqual({ count: 2, is_estimate: false })
    }
  })

  it('refuses a user id Postgres would not read, naming the field', async () => {
    const rows = await fixture.owner.post(api('table-rows'), {
      ...notes,
      impersonation: { role: 'authenticated', userId: '1111' },
    })
    expect(rows.statusCode).toBe(400)
    expect(rows.json()).toEqual({
      code: 'validation_failed',
      message: 'impersonation.userId: invalid input syntax for type uuid',
    })
  })

  it("answers a filter value the column's type refuses with Postgres's error, for rows and count", async () => {
    const filters = [{ column: 'id', operator: '=', value: 'abc' }]
    for (const path of ['table-rows', 'table-count']) {
      const res = await fixture.owner.post(api(path), { ...notes, filters })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'pg_error',
        message: 'invalid input syntax for type bigint: "abc"',
        pg: { code: '22P02' },
      })
    }
  })
})
