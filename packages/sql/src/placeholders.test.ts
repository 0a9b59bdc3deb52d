import { describe, expect, it } from 'vitest'
import { bindPlaceholders, inlinePlaceholders, offsetBeforeInlining } from './placeholders.ts'

const PERIOD = ['period_start', 'period_end'] as const
const bind = (sql: string) => bindPlaceholders(sql, PERIOD, 'timestamptz')

describe('bindPlaceholders', () => {
  it('turns each placeholder into a typed parameter, numbered in order of first use', () => {
    expect(
      bind('select * from t where at between {{period_end}} and {{ period_start }} or at = {{period_end}}'),
    ).toEqual({
      text: 'select * from t where at between $1::timestamptz and $2::timestamptz or at = $1::timestamptz',
      names: ['period_end', 'period_start'],
    })
  })

  it('takes a string literal holding only a placeholder as the placeholder', () => {
    expect(bind("select '{{period_start}}'::date")).toEqual({
      text: 'select $1::timestamptz::date',
      names: ['period_start'],
    })
  })

  it('leaves placeholders inside strings, identifiers, dollar quotes and comments as written', () => {
    const sql = [
      "select 'since {{period_start}}', E'\\'{{period_start}}', \"{{period_end}}\"",
      '$$ {{period_start}} $$, $fn$ {{period_end}} $fn$',
      '-- {{period_start}}',
      '/* outer /* {{period_start}} */ {{period_end}} */ 1',
    ].join('\n')
    expect(bind(sql)).toEqual({ text: sql, names: [] })
  })

  it('leaves unknown names and lone braces alone', () => {
    expect(bind('select {{other}}, {1}, a$b, {{period_start}}')).toEqual({
      text: 'select {{other}}, {1}, a$b, $1::timestamptz',
      names: ['period_start'],
    })
  })

  it('never lets a doubled quote end a string early', () => {
    const sql = "select 'it''s {{period_start}}' || {{period_end}}"
    expect(bind(sql).text).toBe("select 'it''s {{period_start}}' || $1::timestamptz")
  })
})

describe('inlinePlaceholders', () => {
  const values = { period_start: '2026-11-19T00:00:00.000Z', period_end: '2026-11-26T00:00:00.000Z' }
  const inline = (sql: string, v: Record<string, string> = values) => inlinePlaceholders(sql, v, 'timestamptz')

  it('writes each value as a quoted, typed literal wherever bindPlaceholders would bind it, in every statement', () => {
    const sql = "select {{period_start}};\nselect '{{period_end}}', '{{period_start}} as text' -- {{period_end}}"
    expect(inline(sql)).toMatchObject({
      text:
        "select '2026-11-19T00:00:00.000Z'::timestamptz;\n" +
        "select '2026-11-26T00:00:00.000Z'::timestamptz, '{{period_start}} as text' -- {{period_end}}",
      names: ['period_start', 'period_end'],
    })
    expect(inline('select 1')).toEqual({ text: 'select 1', names: [], edits: [] })
  })

  it('quotes what a value holds, so that it can never end its literal', () => {
    expect(inline('select {{period_start}}', { period_start: "x'; drop table t; --" }).text).toBe(
      "select 'x''; drop table t; --'::timestamptz",
    )
  })

  it('maps an offset of the text it wrote back to the text it was given', () => {
    const sql = 'select {{period_start}}, {{period_end}}, oops'
    const { text, edits } = inline(sql)
    expect(offsetBeforeInlining(edits, text.indexOf('oops'))).toBe(sql.indexOf('oops'))
    expect(offsetBeforeInlining(edits, text.indexOf('select'))).toBe(0)
    // Inside a value: the placeholder it replaced.
    expect(offsetBeforeInlining(edits, text.indexOf('2026-11-26'))).toBe(sql.indexOf('{{period_end}}'))
  })
})
