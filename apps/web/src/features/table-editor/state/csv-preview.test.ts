import { describe, expect, it } from 'vitest'
import { pgColumn } from '../../../test/pg-meta-fixtures'
import {
  defaultMapping,
  inferColumnType,
  inferColumnTypes,
  newColumnName,
  parseCsvPreview,
  PREVIEW_ROWS,
  readCsvPreview,
  tableNameFromFile,
} from './csv-preview'

describe('parseCsvPreview', () => {
  it('reads the header, the rows and the delimiter', () => {
    expect(parseCsvPreview('name;age\n"Ada; L.";36\nBob;\n', { header: true })).toEqual({
      headers: ['name', 'age'],
      rows: [
        ['Ada; L.', '36'],
        ['Bob', ''],
      ],
      delimiter: ';',
    })
  })

  it('names columns when there is no header, and pads short rows', () => {
    expect(parseCsvPreview('1,2,3\n4\n', { header: false })).toEqual({
      headers: ['column_1', 'column_2', 'column_3'],
      rows: [
        ['1', '2', '3'],
        ['4', '', ''],
      ],
      delimiter: ',',
    })
  })

  it('stops after the preview rows', () => {
    const text = 'n\n' + Array.from({ length: 100 }, (_, i) => `${i}\n`).join('')
    expect(parseCsvPreview(text, { header: true }).rows).toHaveLength(PREVIEW_ROWS)
  })

  it('reads a file the same way', async () => {
    const file = new File(['a\tb\n1\t2\n'], 'data.tsv', { type: 'text/tab-separated-values' })
    expect(await readCsvPreview(file, { header: true })).toEqual({
      headers: ['a', 'b'],
      rows: [['1', '2']],
      delimiter: '\t',
    })
  })
})

describe('inferColumnType', () => {
  it.each([
    [['1', '-20', ''], 'int8'],
    [['9223372036854775807'], 'int8'],
    [['9223372036854775808'], 'numeric'],
    [['1', '2.50', '1e3'], 'numeric'],
    [['true', 'FALSE', 't'], 'bool'],
    [['2026-01-02'], 'date'],
    [['2026-01-02 10:00:00+00', '2026-01-02T10:00:00Z', '2026-01-02 10:00'], 'timestamptz'],
    [['3f2504e0-4f89-11d3-9a0c-0305e82c3301'], 'uuid'],
    [['{"a": 1}', '[1, 2]'], 'jsonb'],
    [['{1,2}'], 'text'],
    [['1', 'x'], 'text'],
    [['', '  '], 'text'],
  ] as const)('%j is %s', (values, type) => {
    expect(inferColumnType(values)).toBe(type)
  })

  it('types each column of a preview', () => {
    expect(inferColumnTypes(parseCsvPreview('id,name,at\n1,a,2026-01-01\n2,b,\n', { header: true }))).toEqual([
      'int8',
      'text',
      'date',
    ])
  })
})

describe('defaultMapping', () => {
  const columns = [
    pgColumn('id', 'int8'),
    pgColumn('title', 'text'),
    pgColumn('title_upper', 'text', { is_generated: true }),
  ]
  it('maps headers to columns of the same name, once each, never to generated columns', () => {
    expect(defaultMapping([' ID ', 'Title', 'title', 'title_upper', 'other'], columns)).toEqual([
      'id',
      'title',
      null,
      null,
      null,
    ])
  })
})

describe('names for a new table', () => {
  it('keeps header names as written, within 63 bytes', () => {
    expect(newColumnName('  First name ', 0)).toBe('First name')
    expect(newColumnName('', 2)).toBe('column_3')
    expect(new TextEncoder().encode(newColumnName('é'.repeat(40), 0)).length).toBe(62)
  })

  it('makes a table name from the file name', () => {
    expect(tableNameFromFile('Sales 2026 (Q1).csv')).toBe('sales_2026_q1')
    expect(tableNameFromFile('---.csv')).toBe('imported_rows')
  })
})
