import { describe, expect, it } from 'vitest'
import {
  asTransaction,
  buildCreatePolicy,
  buildDropPolicy,
  buildPolicyTrial,
  buildUpdatePolicy,
  diffPolicy,
  normalizeExpression,
  POLICY_MESSAGES,
  policyExpressionsOf,
  validatePolicy,
  type PolicyDefinition,
} from './policies.ts'
import { SqlInputError } from './quote.ts'

const policy: PolicyDefinition = {
  schema: 'public',
  table: 'todos',
  name: 'Own rows',
  command: 'UPDATE',
  action: 'PERMISSIVE',
  roles: ['authenticated'],
  definition: '(auth.uid() = user_id)',
  check: '(auth.uid() = user_id)',
}

describe('normalizeExpression', () => {
  it('makes each run of whitespace one space and trims the ends', () => {
    expect(normalizeExpression('  auth.uid()\n\t  =   user_id  ')).toBe('auth.uid() = user_id')
    expect(normalizeExpression(null)).toBe('')
    expect(normalizeExpression('   ')).toBe('')
  })

  it('keeps quoted text, names and comments as written', () => {
    expect(normalizeExpression("name  =  'two  spaces'")).toBe("name = 'two  spaces'")
    expect(normalizeExpression(`"odd  column"  is   null`)).toBe(`"odd  column" is null`)
    expect(normalizeExpression("a = 'it''s   x'  and b")).toBe("a = 'it''s   x' and b")
    expect(normalizeExpression("a = E'\\'   x'  and  b")).toBe("a = E'\\'   x' and b")
    expect(normalizeExpression('a = $$  x  $$   or  b')).toBe('a = $$  x  $$ or b')
    expect(normalizeExpression('a  /* two  words */  or b')).toBe('a /* two  words */ or b')
  })

  it('keeps the line break that ends a -- comment, and only that one', () => {
    expect(normalizeExpression('a = 1 -- the  note\n   or b = 2')).toBe('a = 1 -- the  note\nor b = 2')
    expect(normalizeExpression("a = '--'\n or b")).toBe("a = '--' or b")
  })
})

describe('the editor rules of spec 1 §5', () => {
  it('shows USING for SELECT, UPDATE, DELETE, ALL and no command; WITH CHECK for INSERT, UPDATE, ALL', () => {
    expect(policyExpressionsOf('SELECT')).toEqual({ using: true, check: false })
    expect(policyExpressionsOf('INSERT')).toEqual({ using: false, check: true })
    expect(policyExpressionsOf('UPDATE')).toEqual({ using: true, check: true })
    expect(policyExpressionsOf('DELETE')).toEqual({ using: true, check: false })
    expect(policyExpressionsOf('ALL')).toEqual({ using: true, check: true })
    expect(policyExpressionsOf(null)).toEqual({ using: true, check: false })
  })

  it('answers each validation message verbatim', () => {
    const base = { name: 'p', definition: '', check: '' }
    expect(validatePolicy({ ...base, name: ' ', command: 'ALL' })).toEqual(['Please provide a name for your policy'])
    expect(validatePolicy({ ...base, command: null })).toEqual(['Please select an operation for your policy'])
    expect(validatePolicy({ ...base, command: 'SELECT' })).toEqual([
      'Please provide a USING expression for your policy',
    ])
    expect(validatePolicy({ ...base, command: 'DELETE', definition: '  \n' })).toEqual([POLICY_MESSAGES.usingRequired])
    expect(validatePolicy({ ...base, command: 'INSERT' })).toEqual([
      'Please provide a WITH CHECK expression for your policy',
    ])
    expect(validatePolicy({ ...base, command: 'UPDATE' })).toEqual([
      'Please provide either a USING, or WITH CHECK expression, or both for your policy',
    ])
    expect(validatePolicy({ ...base, command: 'UPDATE', check: 'true' })).toEqual([])
    expect(validatePolicy({ ...base, command: 'ALL' })).toEqual([])
  })
})

describe('buildCreatePolicy', () => {
  it('writes CREATE POLICY: permissive, for its command, to its roles, with USING and WITH CHECK', () => {
    expect(buildCreatePolicy({ ...policy, definition: ' auth.uid()  =\n user_id ' })).toBe(
      [
        'create policy "Own rows" on "public"."todos"',
        'as permissive',
        'for update',
        'to "authenticated"',
        'using (auth.uid() = user_id)',
        'with check ((auth.uid() = user_id))',
      ].join('\n'),
    )
  })

  it('applies to public when no role is given, and leaves out the expressions the command does not take', () => {
    expect(buildCreatePolicy({ ...policy, command: 'INSERT', roles: [], definition: 'true', check: 'x > 0' })).toBe(
      'create policy "Own rows" on "public"."todos"\nas permissive\nfor insert\nto public\nwith check (x > 0)',
    )
    expect(buildCreatePolicy({ ...policy, command: 'SELECT', action: 'RESTRICTIVE', check: 'x' })).toContain(
      'as restrictive\nfor select\nto "authenticated"\nusing ((auth.uid() = user_id))',
    )
  })

  it('quotes names and ends a trailing -- comment before the parenthesis', () => {
    const sql = buildCreatePolicy({
      ...policy,
      name: 'a "quoted" name',
      roles: ['Admins', 'anon'],
      command: 'SELECT',
      definition: 'true -- everyone',
    })
    expect(sql).toContain('create policy "a ""quoted"" name" on "public"."todos"')
    expect(sql).toContain('to "Admins", "anon"')
    expect(sql).toContain('using (true -- everyone\n)')
  })

  it('refuses a policy without a name', () => {
    expect(() => buildCreatePolicy({ ...policy, name: '  ' })).toThrow(POLICY_MESSAGES.nameRequired)
    expect(() => buildCreatePolicy({ ...policy, name: 'x'.repeat(64) })).toThrow(SqlInputError)
  })
})

describe('diffPolicy and buildUpdatePolicy', () => {
  it('keeps only what changed, expressions compared whitespace-normalised and roles as a set', () => {
    expect(diffPolicy(policy, { ...policy, definition: '(auth.uid()   =  user_id)' })).toEqual({})
    expect(diffPolicy({ ...policy, roles: ['a', 'b'] }, { roles: ['b', 'a', 'a'] })).toEqual({})
    expect(diffPolicy({ ...policy, roles: [] }, { roles: ['public'] })).toEqual({})
    expect(diffPolicy(policy, { name: ' Members ', roles: ['anon', 'authenticated'], check: '' })).toEqual({
      name: 'Members',
      roles: ['anon', 'authenticated'],
      check: null,
    })
  })

  it('alters USING, WITH CHECK and the roles, with the rename last', () => {
    expect(
      buildUpdatePolicy({
        before: policy,
        changes: { name: 'Members', definition: 'true', check: 'false', roles: ['authenticated', 'anon'] },
      }),
    ).toBe(
      [
        'alter policy "Own rows" on "public"."todos" using (true)',
        'alter policy "Own rows" on "public"."todos" with check (false)',
        'alter policy "Own rows" on "public"."todos" to "anon", "authenticated"',
        'alter policy "Own rows" on "public"."todos" rename to "Members"',
      ].join(';\n'),
    )
    expect(buildUpdatePolicy({ before: policy, changes: {} })).toBe('')
  })

  it('drops and creates the policy again when an expression is taken away', () => {
    expect(buildUpdatePolicy({ before: policy, changes: { check: null, name: 'New' } })).toBe(
      [
        'drop policy "Own rows" on "public"."todos"',
        'create policy "New" on "public"."todos"\nas permissive\nfor update\nto "authenticated"\nusing ((auth.uid() = user_id))',
      ].join(';\n'),
    )
  })

  it('shows statements as one transaction', () => {
    expect(asTransaction('a;\nb')).toBe('begin;\na;\nb;\ncommit;')
    expect(asTransaction('')).toBe('')
  })
})

describe('buildDropPolicy and buildPolicyTrial', () => {
  const table = { schema: 'public', name: 'todos' }

  it('drops a policy by name and table', () => {
    expect(buildDropPolicy(policy)).toBe('drop policy "Own rows" on "public"."todos"')
  })

  it('tries each command on every row the policies let through', () => {
    expect(buildPolicyTrial({ table, command: 'SELECT' })).toBe('select count(*) as "count" from "public"."todos"')
    expect(buildPolicyTrial({ table, command: 'INSERT' })).toBe('insert into "public"."todos" default values')
    expect(buildPolicyTrial({ table, command: 'INSERT', values: { title: "it's" } })).toBe(
      `insert into "public"."todos" ("title") values ('it''s')`,
    )
    expect(buildPolicyTrial({ table, command: 'UPDATE', values: { done: true } })).toBe(
      'update "public"."todos" set "done" = true',
    )
    expect(buildPolicyTrial({ table, command: 'UPDATE', touch: 'id' })).toBe('update "public"."todos" set "id" = "id"')
    expect(() => buildPolicyTrial({ table, command: 'UPDATE' })).toThrow(SqlInputError)
    expect(buildPolicyTrial({ table, command: 'DELETE' })).toBe('delete from "public"."todos"')
  })
})
