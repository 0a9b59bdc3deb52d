import { ident, literal, qualified, SqlInputError, unsafeRaw, type SqlValue } from './quote.ts'
import { buildCount, buildInsert, type TableRef } from './statements.ts'

/**
 * Row-level security policies (spec 1 §3, §5, §7): the one place their SQL is written — the policy editor's
 * review, the server that runs it and the table definition view all use these functions. They return SQL
 * without begin/commit, statements separated by `;\n`; {@link asTransaction} wraps them for the review.
 */

/**
 * Commands a policy applies to (spec 1 §9), as pg_policies spells them.
 *
 * @example
 * POLICY_COMMANDS.includes('ALL') // true
 */
export const POLICY_COMMANDS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'ALL'] as const
export type PolicyCommand = (typeof POLICY_COMMANDS)[number]

/**
 * Whether a policy combines with others by `or` (permissive, the default) or by `and` (restrictive).
 *
 * @example
 * const action: PolicyAction = 'PERMISSIVE'
 */
export type PolicyAction = 'PERMISSIVE' | 'RESTRICTIVE'

/**
 * Longest policy name Postgres keeps (spec 1 §5, §9: the editor ignores longer input).
 *
 * @example
 * name.slice(0, POLICY_NAME_MAX_LENGTH)
 */
export const POLICY_NAME_MAX_LENGTH = 63

/** The role a policy applies to when it names none (spec 1 §5: an empty roles list means public). */
export const PUBLIC_ROLE = 'public'

/**
 * A policy as the catalog holds it and the editor builds it. `definition` is the USING expression, `check`
 * the WITH CHECK one; both are SQL by design, null when absent. Empty `roles` means public.
 *
 * @example
 * const policy: PolicyDefinition = {
 *   schema: 'public', table: 'todos', name: 'Own rows', command: 'SELECT', action: 'PERMISSIVE',
 *   roles: ['authenticated'], definition: '(select auth.uid()) = user_id', check: null,
 * }
 */
export interface PolicyDefinition {
  schema: string
  table: string
  name: string
  command: PolicyCommand
  /** Default PERMISSIVE. */
  action?: PolicyAction | undefined
  roles: readonly string[]
  definition: string | null
  check: string | null
}

/**
 * The changed fields of a policy (spec 1 §3 update payload): only those among name, definition, check and
 * roles that differ. An empty object is no change.
 *
 * @example
 * const changes: PolicyChanges = { name: 'Members read', roles: ['authenticated'] }
 */
export interface PolicyChanges {
  name?: string
  definition?: string | null
  check?: string | null
  roles?: string[]
}

/**
 * Messages of the policy editor, verbatim from spec 1 §5.
 *
 * @example
 * expect(validatePolicy({ ...policy, name: '' })).toEqual([POLICY_MESSAGES.nameRequired])
 */
export const POLICY_MESSAGES = {
  nameRequired: 'Please provide a name for your policy',
  commandRequired: 'Please select an operation for your policy',
  usingRequired: 'Please provide a USING expression for your policy',
  checkRequired: 'Please provide a WITH CHECK expression for your policy',
  usingOrCheckRequired: 'Please provide either a USING, or WITH CHECK expression, or both for your policy',
} as const

// ---------- expressions ----------

/** The end (exclusive) of a quoted part starting at `from`: `'…'`, `E'…'` with backslashes, `"…"`, `$tag$…$tag$`. */
function quotedEnd(text: string, from: number): number {
  const char = text[from]
  if (char === '$') {
    const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(from))
    if (!tag) return from + 1
    const close = text.indexOf(tag[0], from + tag[0].length)
    return close === -1 ? text.length : close + tag[0].length
  }
  const escapes = char === "'" && /[Ee]/.test(text[from - 1] ?? '') && !/[A-Za-z0-9_]/.test(text[from - 2] ?? '')
  for (let i = from + 1; i < text.length; i += 1) {
    if (escapes && text[i] === '\\') i += 1
    else if (text[i] === char) {
      if (text[i + 1] === char) i += 1
      else return i + 1
    }
  }
  return text.length
}

/**
 * An expression with each run of whitespace outside quotes and comments made one space, and the ends
 * trimmed (spec 1 §5: expressions are whitespace-normalised before saving). Quoted text and comments stay as
 * written; a `--` comment keeps the line break that ends it. Empty for null or blank text.
 *
 * @example
 * normalizeExpression('  auth.uid()\n   =  user_id ') // 'auth.uid() = user_id'
 * normalizeExpression("name = 'two  spaces'") // "name = 'two  spaces'"
 */
export function normalizeExpression(expression: string | null | undefined): string {
  const text = (expression ?? '').trim()
  let out = ''
  let i = 0
  let afterLineComment = false
  while (i < text.length) {
    const char = text[i] as string
    if (/\s/.test(char)) {
      while (i < text.length && /\s/.test(text[i] as string)) i += 1
      // The line break ending a `--` comment must stay a line break.
      out += afterLineComment ? '\n' : ' '
      afterLineComment = false
      continue
    }
    let end: number
    if (char === "'" || char === '"' || char === '$') end = quotedEnd(text, i)
    else if (text.startsWith('--', i)) {
      const close = text.indexOf('\n', i)
      end = close === -1 ? text.length : close
      afterLineComment = true
    } else if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2)
      end = close === -1 ? text.length : close + 2
    } else end = i + 1
    out += text.slice(i, end)
    i = end
  }
  return out
}

const hasExpression = (expression: string | null | undefined) => normalizeExpression(expression) !== ''

/** An expression inside parentheses; a `--` comment is ended before the closing one. */
function parenthesized(expression: string): string {
  const text = normalizeExpression(expression)
  return `(${unsafeRaw(text, 'RLS policy expressions are SQL by design').sql}${/--[^\n]*$/.test(text) ? '\n' : ''})`
}

// ---------- rules of the editor ----------

/**
 * Which expressions a command takes (spec 1 §5): USING for SELECT, UPDATE, DELETE, ALL (and while no
 * command is chosen); WITH CHECK for INSERT, UPDATE, ALL.
 *
 * @example
 * policyExpressionsOf('INSERT') // { using: false, check: true }
 */
export function policyExpressionsOf(command: PolicyCommand | null | undefined): { using: boolean; check: boolean } {
  return {
    using: command !== 'INSERT',
    check: command === 'INSERT' || command === 'UPDATE' || command === 'ALL',
  }
}

/**
 * The messages of spec 1 §5 a policy's form fails with; empty when it can be saved.
 *
 * @example
 * validatePolicy({ name: 'Read', command: 'SELECT', definition: '' }) // [POLICY_MESSAGES.usingRequired]
 */
export function validatePolicy(policy: {
  name: string
  command: PolicyCommand | null | undefined
  definition: string | null | undefined
  check: string | null | undefined
}): string[] {
  const messages: string[] = []
  if (policy.name.trim() === '') messages.push(POLICY_MESSAGES.nameRequired)
  const using = hasExpression(policy.definition)
  const check = hasExpression(policy.check)
  switch (policy.command) {
    case null:
    case undefined:
      messages.push(POLICY_MESSAGES.commandRequired)
      break
    case 'SELECT':
    case 'DELETE':
      if (!using) messages.push(POLICY_MESSAGES.usingRequired)
      break
    case 'INSERT':
      if (!check) messages.push(POLICY_MESSAGES.checkRequired)
      break
    case 'UPDATE':
      if (!using && !check) messages.push(POLICY_MESSAGES.usingOrCheckRequired)
      break
    case 'ALL':
      break
  }
  return messages
}

/** The roles as a sorted set, public for none. */
function roleSet(roles: readonly string[]): string[] {
  const set = [...new Set(roles.map((r) => r.trim()).filter((r) => r !== ''))].sort()
  return set.length === 0 ? [PUBLIC_ROLE] : set
}

/**
 * What changed between a policy and its edited form (spec 1 §3 update payload): the name (trimmed),
 * whitespace-normalised expressions (null when emptied) and the roles as a set; fields that stay the same
 * are left out. An empty object means there is nothing to save.
 *
 * @example
 * diffPolicy(policy, { ...policy, definition: ' true ' }) // { definition: 'true' } unless it was 'true'
 */
export function diffPolicy(
  before: Pick<PolicyDefinition, 'name' | 'definition' | 'check' | 'roles'>,
  after: Pick<PolicyChanges, 'name' | 'definition' | 'check'> & { roles?: readonly string[] | undefined },
): PolicyChanges {
  const changes: PolicyChanges = {}
  if (after.name !== undefined && after.name.trim() !== before.name) changes.name = after.name.trim()
  for (const field of ['definition', 'check'] as const) {
    const next = after[field]
    if (next === undefined) continue
    const normalized = normalizeExpression(next)
    if (normalized !== normalizeExpression(before[field])) changes[field] = normalized === '' ? null : normalized
  }
  if (after.roles !== undefined) {
    const next = roleSet(after.roles)
    if (next.join('\n') !== roleSet(before.roles).join('\n')) changes.roles = next
  }
  return changes
}

// ---------- statements ----------

function rolesSql(roles: readonly string[]): string {
  return roleSet(roles)
    .map((role) => (role === PUBLIC_ROLE ? PUBLIC_ROLE : ident(role)))
    .join(', ')
}

function policyOn(policy: Pick<PolicyDefinition, 'schema' | 'table' | 'name'>): string {
  return `${ident(policy.name)} on ${qualified(policy.schema, policy.table)}`
}

/**
 * CREATE POLICY (spec 1 §7): as permissive or restrictive, for its command, to its roles (public for
 * none), with the USING and WITH CHECK expressions the command takes, whitespace-normalised.
 *
 * @example
 * buildCreatePolicy({
 *   schema: 'public', table: 'todos', name: 'Own rows', command: 'SELECT',
 *   roles: ['authenticated'], definition: 'auth.uid() = user_id', check: null,
 * })
 * // create policy "Own rows" on "public"."todos"
 * // as permissive
 * // for select
 * // to "authenticated"
 * // using (auth.uid() = user_id)
 */
export function buildCreatePolicy(policy: PolicyDefinition): string {
  const name = policy.name.trim()
  if (name === '') throw new SqlInputError(POLICY_MESSAGES.nameRequired)
  if (!POLICY_COMMANDS.includes(policy.command)) throw new SqlInputError(POLICY_MESSAGES.commandRequired)
  const action = policy.action ?? 'PERMISSIVE'
  if (action !== 'PERMISSIVE' && action !== 'RESTRICTIVE') throw new SqlInputError(`Unknown policy action ${action}`)
  const takes = policyExpressionsOf(policy.command)
  const lines = [
    `create policy ${policyOn({ ...policy, name })}`,
    `as ${action.toLowerCase()}`,
    `for ${policy.command.toLowerCase()}`,
    `to ${rolesSql(policy.roles)}`,
  ]
  if (takes.using && hasExpression(policy.definition)) lines.push(`using ${parenthesized(policy.definition ?? '')}`)
  if (takes.check && hasExpression(policy.check)) lines.push(`with check ${parenthesized(policy.check ?? '')}`)
  return lines.join('\n')
}

/**
 * Changes a policy (spec 1 §7): one ALTER POLICY each for USING, WITH CHECK and the roles, and the rename
 * last, so that every statement before it names the policy as it still is. Postgres cannot take an
 * expression away from a policy, so a change that empties one drops the policy and creates it again as it
 * is to be. Empty text when nothing changes. Run it in one transaction; {@link asTransaction} shows it so.
 *
 * @example
 * buildUpdatePolicy({ before: policy, changes: { name: 'Members read', roles: ['authenticated', 'anon'] } })
 * // alter policy "Own rows" on "public"."todos" to "anon", "authenticated";
 * // alter policy "Own rows" on "public"."todos" rename to "Members read"
 */
export function buildUpdatePolicy({ before, changes }: { before: PolicyDefinition; changes: PolicyChanges }): string {
  const takes = policyExpressionsOf(before.command)
  const removes = (field: 'definition' | 'check') =>
    field in changes && !hasExpression(changes[field]) && hasExpression(before[field])
  if (removes('definition') || removes('check')) {
    const after: PolicyDefinition = {
      ...before,
      name: changes.name ?? before.name,
      definition: 'definition' in changes ? (changes.definition ?? null) : before.definition,
      check: 'check' in changes ? (changes.check ?? null) : before.check,
      roles: changes.roles ?? before.roles,
    }
    return [buildDropPolicy(before), buildCreatePolicy(after)].join(';\n')
  }
  const on = policyOn(before)
  const list: string[] = []
  if (takes.using && hasExpression(changes.definition)) {
    list.push(`alter policy ${on} using ${parenthesized(changes.definition ?? '')}`)
  }
  if (takes.check && hasExpression(changes.check)) {
    list.push(`alter policy ${on} with check ${parenthesized(changes.check ?? '')}`)
  }
  if (changes.roles !== undefined) list.push(`alter policy ${on} to ${rolesSql(changes.roles)}`)
  if (changes.name !== undefined && changes.name.trim() !== before.name) {
    if (changes.name.trim() === '') throw new SqlInputError(POLICY_MESSAGES.nameRequired)
    list.push(`alter policy ${on} rename to ${ident(changes.name.trim())}`)
  }
  return list.join(';\n')
}

/**
 * DROP POLICY.
 *
 * @example
 * buildDropPolicy({ schema: 'public', table: 'todos', name: 'Own rows' }) // 'drop policy "Own rows" on "public"."todos"'
 */
export function buildDropPolicy(policy: Pick<PolicyDefinition, 'schema' | 'table' | 'name'>): string {
  return `drop policy ${policyOn(policy)}`
}

/**
 * Statements as the one transaction they run in, for a review to show: `begin;`, each statement, `commit;`.
 *
 * @example
 * asTransaction('alter policy "a" on "public"."t" to public') // 'begin;\nalter policy … to public;\ncommit;'
 */
export function asTransaction(sql: string): string {
  return sql === '' ? '' : `begin;\n${sql};\ncommit;`
}

// ---------- trying a policy ----------

/**
 * What 'Test as a user' runs as the chosen role, after the pending policy was applied in a transaction that
 * is rolled back: SELECT counts the rows the role sees; INSERT inserts one row (the values given, or the
 * columns' defaults); UPDATE sets the values given on every row the role may update — or, without values,
 * sets `touch` to itself, which checks USING and WITH CHECK without changing data; DELETE deletes every row
 * the role may delete. No WHERE: the policies are the filter.
 *
 * @example
 * buildPolicyTrial({ table: { schema: 'public', name: 'todos' }, command: 'DELETE' }) // 'delete from "public"."todos"'
 */
export function buildPolicyTrial({
  table,
  command,
  values = {},
  touch,
}: {
  table: TableRef
  command: Exclude<PolicyCommand, 'ALL'>
  values?: Readonly<Record<string, SqlValue>>
  /** A column an UPDATE without values sets to itself. */
  touch?: string
}): string {
  const name = qualified(table.schema, table.name)
  switch (command) {
    case 'SELECT':
      return buildCount({ table })
    case 'INSERT':
      return buildInsert({ table, rows: [values], form: 'constants' })
    case 'UPDATE': {
      const entries = Object.entries(values).filter(([, value]) => value !== undefined)
      if (entries.length > 0) {
        return `update ${name} set ${entries.map(([column, value]) => `${ident(column)} = ${literal(value)}`).join(', ')}`
      }
      if (touch === undefined) throw new SqlInputError('An update without values needs a column to set to itself')
      return `update ${name} set ${ident(touch)} = ${ident(touch)}`
    }
    case 'DELETE':
      return `delete from ${name}`
  }
}
