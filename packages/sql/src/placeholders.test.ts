import { describe, expect, it } from 'vitest'
import { bindPlaceholders } from './placeholders.ts'

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
