import { describe, expect, it } from 'vitest'
import { checkSingleExpression, EXPRESSION_MESSAGES, type ExpressionField } from './expression.ts'

const DEFAULT_ATTACK = "0; create table public.rce(line text); copy public.rce from program 'id'; --"
const CHECK_ATTACK = 'true); create table x(); --'

describe('checkSingleExpression', () => {
  it.each([
    'now()',
    'gen_random_uuid()',
    "'a'::text",
    '(1 + 2)',
    'current_date',
    'CURRENT_DATE',
    'array[]::int[]',
    'length(name) > 0',
    'extensions.uuid_generate_v4()',
    "nextval('todos_id_seq'::regclass)",
    '(1, 2)',
    "'{}'::jsonb",
    "'a--b' || '/* not a comment */'",
    "'it''s;'",
    '$$ ; drop table t; $$',
    "'tab\there'",
    "E'bell\\u0007'",
    "'ring \u0007 bell'",
    "name <> '' and\n  length(name) < 100",
    '  now()  ',
    "'😀' || 'é'",
  ])('accepts %j, answering it trimmed', async (text) => {
    const result = await checkSingleExpression(text, 'default')
    expect(result).toEqual({ ok: true, data: expect.objectContaining({ sql: text.trim() }) })
  })

  const notSingle = (field: ExpressionField) => ({ code: 'bad_request', message: EXPRESSION_MESSAGES[field].notSingle })
  const syntaxError = (message: string) => ({ code: 'bad_request', message, formattedError: expect.any(String) })

  it.each([
    ['default', DEFAULT_ATTACK, syntaxError('syntax error at or near ";"')],
    ['check', CHECK_ATTACK, syntaxError('syntax error at or near ")"')],
    ['default', '1; select 1', syntaxError('syntax error at or near ";"')],
    ['default', '1 from pg_sleep(1)', syntaxError('syntax error at or near "from"')],
    ['check', 'true where false', syntaxError('syntax error at or near "where"')],
    ['default', '1, 2', notSingle('default')],
    ['check', 'select 1', notSingle('check')],
    ['check', 'select true from pg_class', notSingle('check')],
    ['check', '1) + (2', notSingle('check')],
    ['check', 'true) or (true', notSingle('check')],
    ['default', '(with d as (delete from t returning 1) select 1)', notSingle('default')],
    ['default', '1 -- ', { code: 'bad_request', message: EXPRESSION_MESSAGES.default.comment }],
    ['check', 'true /* why */', { code: 'bad_request', message: EXPRESSION_MESSAGES.check.comment }],
    ['default', '/* ', syntaxError('unterminated /* comment at or near "/*\n)"')],
    ['default', '$$', syntaxError('unterminated dollar-quoted string at or near "$$\n)"')],
    ['default', "'", syntaxError('unterminated quoted string at or near "\'\n)"')],
    ['default', '', notSingle('default')],
    ['check', ' \n\t', notSingle('check')],
    ['default', 'now()\u0000; drop table t', { code: 'bad_request', message: expect.stringContaining('NUL') }],
  ] as const)('refuses as a %s: %j', async (field, text, error) => {
    expect(await checkSingleExpression(text, field)).toEqual({ ok: false, error })
  })

  it('shows a syntax error as psql would, under the text the user wrote, naming the field', async () => {
    const result = await checkSingleExpression(DEFAULT_ATTACK, 'default')
    expect(!result.ok && result.error.formattedError).toBe(
      [
        'ERROR:  syntax error at or near ";"',
        `LINE 1: ${DEFAULT_ATTACK}`,
        '         ^',
        `HINT:  ${EXPRESSION_MESSAGES.default.notSingle}`,
      ].join('\n'),
    )
    // An error at the wrapper's closing parenthesis points just past the text, on its last line.
    const open = await checkSingleExpression("'😀' ||\n  length(name) >", 'check')
    expect(!open.ok && open.error.formattedError).toBe(
      [
        'ERROR:  syntax error at or near ")"',
        'LINE 2:   length(name) >',
        `${' '.repeat('LINE 2:   length(name) >'.length)}^`,
        `HINT:  ${EXPRESSION_MESSAGES.check.notSingle}`,
      ].join('\n'),
    )
    // libpg-query counts code points; the caret still lands under the character it means.
    const wide = await checkSingleExpression("'😀😀' || ; 1", 'check')
    const [, line = '', caret = ''] = (!wide.ok && wide.error.formattedError?.split('\n')) || []
    expect(line).toBe("LINE 1: '😀😀' || ; 1")
    expect(caret.indexOf('^')).toBe(line.indexOf(';'))
  })

  it('refuses a nesting too deep for the parser as a 400, not a crash', async () => {
    const deep = `${'('.repeat(20_000)}1${')'.repeat(20_000)}`
    const result = await checkSingleExpression(deep, 'default')
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_request' } })
  })
})
