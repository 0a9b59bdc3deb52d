import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildCount,
  buildDelete,
  buildInsert,
  buildSelect,
  buildUpdate,
  ident,
  literal,
  SqlInputError,
} from '@basalt/sql'
import { generator, prng } from '@basalt/sql/testing'
import { createTestDatabase } from './databases.ts'

// The statement builder's output sent to a real Postgres: every random identifier and value must come back
// exactly as it went in.
const SEED = 0xb_a5a17
const CASES = 10_000
const BATCH = 500

describe('statement builder against Postgres', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>
  let client: pg.Client
  beforeAll(async () => {
    db = await createTestDatabase('sqlrt')
    client = new pg.Client({ connectionString: db.url })
    await client.connect()
  })
  afterAll(async () => {
    await client.end()
    await db.drop()
  })

  /** A random identifier that fits Postgres' 63-byte limit (the builder refuses longer ones). */
  function identifiers(random: () => number, count: number): string[] {
    const { text } = generator(random)
    const out: string[] = []
    while (out.length < count) {
      const name = text(16)
      if (name && Buffer.byteLength(name) <= 63) out.push(name)
    }
    return out
  }

  it(`returns ${CASES} random identifiers and values unchanged`, async () => {
    const random = prng(SEED)
    const { text } = generator(random)
    const names = identifiers(random, CASES)
    const values = names.map(() => text(40))
    for (let start = 0; start < CASES; start += BATCH) {
      const n = names.slice(start, start + BATCH)
      const v = values.slice(start, start + BATCH)
      const sql = `select ${n.map((name, i) => `${literal(v[i]!)}::text as ${ident(name)}`).join(', ')}`
      const res = await client.query({ text: sql, rowMode: 'array' })
      expect(res.fields.map((f) => f.name)).toEqual(n)
      expect(res.rows[0]).toEqual(v)
    }
  })

  it('inserts, filters, counts, updates and deletes rows of a table with hostile names', async () => {
    const random = prng(SEED + 1)
    const { text } = generator(random)
    const [schema, table, textCol, jsonCol] = ['s$$"; drop', 't\'"\\ 😀', 'c"o\\l\'', 'j$$']
    const ref = { schema: schema!, name: table! }
    await client.query(`create schema ${ident(schema!)}`)
    await client.query(
      `create table ${ident(schema!)}.${ident(table!)} (id int generated always as identity primary key, ${ident(textCol!)} text, ${ident(jsonCol!)} jsonb)`,
    )
    const rows = Array.from({ length: 2000 }, () => ({
      [textCol!]: text(30),
      [jsonCol!]: { v: text(10), list: [text(5), '$$', null] },
    }))
    // A few very long values, and ones that look like SQL — still plain data.
    rows.push({ [textCol!]: 'x'.repeat(200_000), [jsonCol!]: { v: 'long', list: [] } })
    rows.push({ [textCol!]: "ARRAY['a'] || now()::text", [jsonCol!]: { v: "'); drop table x; --", list: [] } })
    for (let start = 0; start < rows.length; start += BATCH) {
      await client.query(buildInsert({ table: ref, rows: rows.slice(start, start + BATCH) }))
    }

    const all = await client.query(
      buildSelect({ table: ref, columns: [textCol!, jsonCol!], sorts: [{ column: 'id', ascending: true }] }),
    )
    expect(all.rows).toEqual(rows)

    // Every value found again through an equality filter built from its URL form.
    for (const row of rows.slice(0, 300)) {
      const value = row[textCol!] as string
      if (value === '') continue // an empty filter value is ignored by design
      const found = await client.query(
        buildCount({ table: ref, filters: [{ column: textCol!, operator: '=', value }] }),
      )
      expect(Number(found.rows[0].count)).toBeGreaterThanOrEqual(1)
    }

    const target = rows[5]![textCol!] as string
    const replacement = text(30) + '$$\\'
    await client.query(buildUpdate({ table: ref, values: { [textCol!]: replacement }, match: { id: 6 } }))
    const updated = await client.query(buildSelect({ table: ref, columns: [textCol!], match: { id: 6 } }))
    expect(updated.rows).toEqual([{ [textCol!]: replacement }])
    expect(target).not.toBe(replacement)

    const deleted = await client.query(buildDelete({ table: ref, match: { id: 6 }, returning: [textCol!] }))
    expect(deleted.rows).toEqual([{ [textCol!]: replacement }])
  })

  it('refuses NUL bytes before anything reaches Postgres', () => {
    expect(() => literal('a\u0000b')).toThrow(SqlInputError)
    expect(() => ident('a\u0000b')).toThrow(/NUL/)
  })
})
