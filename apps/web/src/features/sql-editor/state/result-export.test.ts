import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { SqlColumn } from '@basalt/contracts'
import { exportFile, exportFileName, isEmptyResult, resultToCsv, resultToJson, resultToMarkdown } from './result-export'

const column = (name: string, type: string): SqlColumn => ({ name, type, typeId: 0 })
const result = {
  columns: [column('id', 'int8'), column('title', 'text'), column('meta', 'jsonb'), column('title', 'text')],
  rows: [
    ['1', 'Comma, "quote"\nand newline', '{"a": [1, "x"]}', 'pipe | here'],
    ['2', '', null, null],
  ],
}

describe('a result exported as CSV', () => {
  it("writes Postgres' text as COPY does: a header of the column names (repeated as the result repeats them)", () => {
    expect(resultToCsv(result)).toBe(
      'id,title,meta,title\n' + '1,"Comma, ""quote""\nand newline","{""a"": [1, ""x""]}",pipe | here\n' + '2,"",,\n',
    )
    expect(
      resultToCsv({
        columns: [column('b', 'bool'), column('tags', '_text')],
        rows: [
          [true, '{a,"b c"}'],
          [false, '{}'],
        ],
      }),
    ).toBe('b,tags\nt,"{a,""b c""}"\nf,{}\n')
    expect(Papa.parse<string[]>(resultToCsv(result)).data[1]).toEqual([
      '1',
      'Comma, "quote"\nand newline',
      '{"a": [1, "x"]}',
      'pipe | here',
    ])
  })
})

describe('a result exported as JSON', () => {
  it('keeps each value’s JSON type, and a repeated column name gets a suffix', () => {
    const json = JSON.parse(
      resultToJson({
        columns: [
          column('n', 'int4'),
          column('big', 'int8'),
          column('doc', 'jsonb'),
          column('n', 'bool'),
          column('f', 'float8'),
          column('tags', '_text'),
          column('flags', '_bool'),
          column('grid', '_int4'),
        ],
        rows: [
          [1, '9007199254740993', '{"tags": ["a"]}', true, '2.5', '{a,NULL,"b c"}', '{t,f}', '{{1,2},{3,4}}'],
          [2, null, '[1, 2]', false, 'NaN', '{}', null, '{}'],
        ],
      }),
    )
    expect(json).toEqual([
      {
        n: 1,
        big: '9007199254740993',
        doc: { tags: ['a'] },
        n_2: true,
        f: 2.5,
        tags: ['a', null, 'b c'],
        flags: [true, false],
        grid: [
          [1, 2],
          [3, 4],
        ],
      },
      { n: 2, big: null, doc: [1, 2], n_2: false, f: 'NaN', tags: [], flags: null, grid: [] },
    ])
  })
})

describe('a result exported as Markdown', () => {
  it('is a table whose cells escape | and keep line breaks as <br>, with NULL for null', () => {
    expect(resultToMarkdown(result)).toBe(
      [
        '| id | title | meta | title |',
        '| --- | --- | --- | --- |',
        '| 1 | Comma, "quote"<br>and newline | {"a": [1, "x"]} | pipe \\| here |',
        '| 2 |  | NULL | NULL |',
      ].join('\n'),
    )
  })
})

describe('export files', () => {
  it('are named from the project ref and the snippet name, with the result number when there are several', async () => {
    expect(exportFileName('csv', { projectRef: 'abcd', snippetName: 'Top users' })).toBe('abcd-Top-users.csv')
    expect(exportFileName('markdown', { projectRef: 'abcd', snippetName: ' a/b: c? ', resultNumber: 2 })).toBe(
      'abcd-a-b-c-result-2.md',
    )
    expect(exportFileName('json', { projectRef: 'abcd', snippetName: '' })).toBe('abcd-query.json')
    const file = exportFile(result, 'json', { projectRef: 'abcd', snippetName: 'Top users' })
    expect(file.name).toBe('abcd-Top-users.json')
    expect(file.type).toBe('application/json')
  })

  it('a result without rows is empty, whether a SELECT found nothing or the statement returns no rows', () => {
    expect(isEmptyResult({ columns: [column('id', 'int4')], rows: [] })).toBe(true)
    expect(isEmptyResult({ columns: [], rows: [] })).toBe(true)
    expect(isEmptyResult(result)).toBe(false)
  })
})
