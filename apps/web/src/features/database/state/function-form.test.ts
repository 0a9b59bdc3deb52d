import { describe, expect, it } from 'vitest'
import type { DatabaseFunction } from '@basalt/contracts'
import { emptyFunctionForm, functionFormOf, functionReviewSql, validateFunctionForm } from './function-form'
import { FUNCTION_MESSAGES } from '../messages'

const tricky: DatabaseFunction = {
  id: 7,
  schema: 'public',
  name: 'tricky',
  kind: 'function',
  language: 'sql',
  owner: 'admin',
  comment: null,
  arguments: [
    { mode: 'in', name: 'a', type: 'integer', default: null },
    { mode: 'out', name: 'b', type: 'integer', default: null },
    { mode: 'in', name: 'c', type: 'integer', default: '5' },
  ],
  argument_types: 'a integer, OUT b integer, c integer DEFAULT 5',
  identity_arguments: 'a integer, c integer',
  return_type: 'record',
  returns_set: false,
  is_trigger: false,
  volatility: 'volatile',
  security_definer: false,
  strict: false,
  leakproof: false,
  parallel: 'unsafe',
  config: [{ name: 'search_path', value: 'public, "My Schema"' }],
  body: ' select a + c ',
  sql_body: false,
  definition: 'CREATE OR REPLACE FUNCTION …',
}

describe('function form', () => {
  it('edits a function in place when its arguments and result stay, keeping each default on its argument', () => {
    const form = functionFormOf(tricky)
    expect(form.args.map((a) => a.default)).toEqual(['', '', '5'])
    expect(form.searchPath).toBe('public, My Schema')
    expect(functionReviewSql({ ...form, body: 'select a * c' }, tricky)).toBe(
      'CREATE OR REPLACE FUNCTION "public"."tricky"("a" integer, OUT "b" integer, "c" integer DEFAULT 5)\n' +
        'RETURNS record\nLANGUAGE sql\nVOLATILE\nSECURITY INVOKER\nSET search_path = "public", "My Schema"\n' +
        'AS $$select a * c$$;',
    )
    expect(
      functionReviewSql({ ...form, returnType: 'integer', args: form.args.filter((a) => a.mode === 'in') }, tricky),
    ).toMatch(/^DROP FUNCTION "public"\."tricky"\(a integer, c integer\);\n\nCREATE FUNCTION/)
  })

  it('asks for a name, a result and a body before review', () => {
    const errors = validateFunctionForm({ ...emptyFunctionForm('public'), returnType: ' ', body: '' })
    expect(errors).toEqual({
      name: FUNCTION_MESSAGES.nameRequired,
      returnType: FUNCTION_MESSAGES.returnTypeRequired,
      body: FUNCTION_MESSAGES.bodyRequired,
    })
  })
})
