import type { DatabaseRole, ParsedRoleDefinition } from '@basalt/contracts'
import type { BuiltStatement } from './functions.ts'
import { ident, literal } from './quote.ts'

/**
 * DDL of roles (Database › Roles): CREATE ROLE with the attributes a CREATEROLE role may give, memberships
 * (GRANT / REVOKE), ALTER ROLE and DROP ROLE. A password goes in a statement of its own, so that it can be
 * left out of what is recorded (`secret: true`).
 */

export interface RoleStatement extends BuiltStatement {
  /** Holds a password: shown for review, never recorded or logged. */
  secret?: boolean
}

const flag = (on: boolean, name: string) => (on ? name : `NO${name}`)

type Attributes = Pick<
  ParsedRoleDefinition,
  'can_login' | 'can_create_role' | 'can_create_db' | 'can_bypass_rls' | 'connection_limit' | 'valid_until'
>

/** The attributes, each as its option; VALID UNTIL only when there is one (no expiry is no option). */
function attributeOptions(def: Attributes): string[] {
  return [
    flag(def.can_login, 'LOGIN'),
    flag(def.can_create_role, 'CREATEROLE'),
    flag(def.can_create_db, 'CREATEDB'),
    flag(def.can_bypass_rls, 'BYPASSRLS'),
    `CONNECTION LIMIT ${def.connection_limit ?? -1}`,
    ...(def.valid_until ? [`VALID UNTIL ${literal(def.valid_until)}`] : []),
  ]
}

const passwordStatement = (name: string, password: string): RoleStatement => ({
  kind: 'AlterRoleStmt',
  sql: `ALTER ROLE ${ident(name)} PASSWORD ${literal(password)};`,
  secret: true,
})

/**
 * CREATE ROLE, its password, and its memberships.
 *
 * @example
 * createRoleStatements({ name: 'reporter', can_login: true, …, member_of: ['authenticated'] })
 * // CREATE ROLE "reporter" WITH LOGIN NOCREATEROLE … ; GRANT "authenticated" TO "reporter";
 */
export function createRoleStatements(def: ParsedRoleDefinition): RoleStatement[] {
  const statements: RoleStatement[] = [
    { kind: 'CreateRoleStmt', sql: `CREATE ROLE ${ident(def.name)} WITH ${attributeOptions(def).join(' ')};` },
  ]
  if (def.password) statements.push(passwordStatement(def.name, def.password))
  for (const role of def.member_of)
    statements.push({ kind: 'GrantRoleStmt', sql: `GRANT ${ident(role)} TO ${ident(def.name)};` })
  return statements
}

/** What changes a role from `before` to `after`: a rename, its attributes, its password, its memberships. */
export function updateRoleStatements({
  before,
  after,
}: {
  before: DatabaseRole
  after: ParsedRoleDefinition
}): RoleStatement[] {
  const statements: RoleStatement[] = []
  if (after.name !== before.name) {
    statements.push({ kind: 'RenameStmt', sql: `ALTER ROLE ${ident(before.name)} RENAME TO ${ident(after.name)};` })
  }
  const had = new Set(attributeOptions(before))
  const changed = attributeOptions(after).filter((o) => !had.has(o))
  // Expiry removed: 'infinity' is how ALTER ROLE says none.
  if (before.valid_until && !after.valid_until) changed.push("VALID UNTIL 'infinity'")
  if (changed.length > 0) {
    statements.push({ kind: 'AlterRoleStmt', sql: `ALTER ROLE ${ident(after.name)} WITH ${changed.join(' ')};` })
  }
  if (after.password) statements.push(passwordStatement(after.name, after.password))
  const was = before.member_of.map((m) => m.role)
  for (const role of after.member_of.filter((r) => !was.includes(r))) {
    statements.push({ kind: 'GrantRoleStmt', sql: `GRANT ${ident(role)} TO ${ident(after.name)};` })
  }
  for (const role of was.filter((r) => !after.member_of.includes(r))) {
    statements.push({ kind: 'GrantRoleStmt', sql: `REVOKE ${ident(role)} FROM ${ident(after.name)};` })
  }
  return statements
}

/** DROP ROLE. */
export function buildDropRole(role: Pick<DatabaseRole, 'name'>): string {
  return `DROP ROLE ${ident(role.name)};`
}

/** The statements as the review shows them and as they are recorded: a password masked. */
export function roleReviewSql(statements: readonly RoleStatement[]): string {
  return statements
    .map((s) => (s.secret ? s.sql.replace(/PASSWORD '(?:[^']|'')*'/, "PASSWORD '********'") : s.sql))
    .join('\n')
}
