import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { RowField, TableRow } from '@basalt/contracts'
import { rowsToCsv, rowsToJson, rowsToSql } from './copy-rows'

const field = (name: string, format: string): RowField => ({ name, dataTypeID: 0, format, dataType: format })
const fields = [field('id', 'int8'), field('title', 'text'), field('meta', 'jsonb'), field('tags', '_text')]
const row = (idx: number, data: Record<string, unknown>): TableRow => ({ idx, data, truncated: [] })
const rows = [
  row(0, { id: '1', title: 'Comma, "quote"\nand newline', meta: { a: [1, 'x'] }, tags: ['a', 'b c'] }),
  row(1, { id: '2', title: '', meta: null, tags: null }),
]

describe('rowsToCsv', () => {
  it("writes a header and one line per row in Postgres' CSV dialect, quoting what needs it", () => {
    expect(rowsToCsv(fields, rows)).toBe(
      'id,title,meta,tags\n' + '1,"Comma, ""quote""\nand newline","{""a"":[1,""x""]}","[""a"",""b c""]"\n' + '2,"",,\n',
    )
    expect(rowsToCsv([field('done', 'bool')], [row(0, { done: true }), row(1, { done: false })])).toBe('done\nt\nf\n')
  })

  it('reads back as the same values, empty text apart from null', () => {
    const parsed = Papa.parse<string[]>(rowsToCsv(fields, rows)).data
    expect(parsed[1]![1]).toBe('Comma, "quote"\nand newline')
    expect(rowsToCsv(fields, rows).split('\n')[3]).toBe('2,"",,')
  })
})

describe('rowsToJson', () => {
  it('writes the rows as objects', () => {
    expect(JSON.parse(rowsToJson(rows))).toEqual([rows[0]!.data, rows[1]!.data])
  })
})

describe('rowsToSql', () => {
  it('writes one insert of the statement builder', () => {
    const simple = [row(0, { id: '1', title: "it's" }), row(1, { id: '2', title: '' })]
    expect(rowsToSql({ schema: 'public', name: 'todos' }, fields.slice(0, 2), simple)).toBe(
      'insert into "public"."todos" ("id", "title") select "id", "title" from ' +
        `jsonb_populate_recordset(null::"public"."todos", '[{"id":"1","title":"it''s"},{"id":"2","title":""}]'::jsonb);`,
    )
  })
})
