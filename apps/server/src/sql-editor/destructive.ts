import { parsePlPgSQL } from 'libpg-query'
import type { DestructiveOperation } from '@basalt/contracts'

/*
 * Which statements the SQL editor asks to confirm before running (issue 12 §5): those that drop, truncate,
 * delete or update without WHERE, alter … drop, or revoke. Decided from PostgreSQL's own parse tree, never
 * from the text, so that `select 'drop table x'`, a column named "delete" or a comment saying "truncate"
 * are not flagged, and `with gone as (delete from t returning *) select …` is.
 */

type Node = Record<string, unknown>

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The one key of a node wrapper (`{ DropStmt: {...} }`) and its body. */
function unwrap(node: unknown): [string, Node] | undefined {
  if (!isNode(node)) return undefined
  const keys = Object.keys(node)
  if (keys.length !== 1) return undefined
  const body = node[keys[0]!]
  return isNode(body) ? [keys[0]!, body] : undefined
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/** A name as written: `schema.table`, `f`, `t.p` from whatever node holds it. */
function nameOf(node: unknown): string {
  const inner = unwrap(node)
  if (!inner) return ''
  const [kind, body] = inner
  switch (kind) {
    case 'String':
      return String(body.sval ?? '')
    case 'List':
      return list(body.items).map(nameOf).join('.')
    case 'RangeVar':
      return [body.schemaname, body.relname].filter(Boolean).join('.')
    case 'TypeName': {
      const names = list(body.names).map(nameOf)
      return (names[0] === 'pg_catalog' ? names.slice(1) : names).join('.')
    }
    case 'ObjectWithArgs':
      return list(body.objname).map(nameOf).join('.')
    case 'RoleSpec':
      return body.roletype === 'ROLESPEC_PUBLIC'
        ? 'public'
        : body.roletype === 'ROLESPEC_CSTRING'
          ? String(body.rolename)
          : String(body.roletype).replace('ROLESPEC_', '').toLowerCase()
    case 'AccessPriv':
      return String(body.priv_name ?? 'all')
    case 'PublicationObjSpec':
      return body.pubtable ? nameOf({ RangeVar: (body.pubtable as Node).relation }) : String(body.name ?? '')
    default:
      return ''
  }
}

const names = (nodes: unknown) => list(nodes).map(nameOf).filter(Boolean).join(', ')

const OBJECT_WORDS: Record<string, string> = {
  OBJECT_MATVIEW: 'materialized view',
  OBJECT_FDW: 'foreign data wrapper',
  OBJECT_FOREIGN_SERVER: 'server',
  OBJECT_TSCONFIGURATION: 'text search configuration',
  OBJECT_TSDICTIONARY: 'text search dictionary',
  OBJECT_TSPARSER: 'text search parser',
  OBJECT_TSTEMPLATE: 'text search template',
  OBJECT_OPCLASS: 'operator class',
  OBJECT_OPFAMILY: 'operator family',
  OBJECT_EVENT_TRIGGER: 'event trigger',
  OBJECT_STATISTIC_EXT: 'statistics',
  OBJECT_LARGEOBJECT: 'large object',
  OBJECT_TABCONSTRAINT: 'constraint',
  OBJECT_DOMCONSTRAINT: 'constraint',
}

/** `OBJECT_FOREIGN_TABLE` → `foreign table`. */
const objectWord = (objtype: unknown) =>
  OBJECT_WORDS[String(objtype)] ??
  String(objtype)
    .replace(/^OBJECT_/, '')
    .replace(/_/g, ' ')
    .toLowerCase()

// Objects named with the table they belong to: the last name is theirs, the rest is the table's.
const ON_TABLE = new Set(['OBJECT_POLICY', 'OBJECT_TRIGGER', 'OBJECT_RULE'])

function describeDrop(body: Node): string {
  const word = objectWord(body.removeType)
  if (ON_TABLE.has(String(body.removeType))) {
    return list(body.objects)
      .map((object) => {
        const parts = list(unwrap(object)?.[1].items).map(nameOf)
        return `drop ${word} ${parts.at(-1)} on ${parts.slice(0, -1).join('.')}`
      })
      .join('; ')
  }
  return `drop ${word} ${names(body.objects)}`.trimEnd()
}

/** The parts of an ALTER TABLE (or ALTER TYPE, VIEW…) that drop something, as their SQL says it. */
function alterTableDrops(body: Node): string[] {
  const attribute = body.objtype === 'OBJECT_TYPE' ? 'attribute' : 'column'
  const drops: string[] = []
  for (const cmd of list(body.cmds)) {
    const c = unwrap(cmd)?.[1]
    if (!c) continue
    const name = String(c.name ?? '')
    switch (c.subtype) {
      case 'AT_DropColumn':
        drops.push(`drop ${attribute} ${name}`)
        break
      case 'AT_DropConstraint':
        drops.push(`drop constraint ${name}`)
        break
      case 'AT_DropNotNull':
        drops.push(`alter column ${name} drop not null`)
        break
      case 'AT_DropIdentity':
        drops.push(`alter column ${name} drop identity`)
        break
      case 'AT_DropExpression':
        drops.push(`alter column ${name} drop expression`)
        break
      case 'AT_ColumnDefault':
        if (c.def === undefined) drops.push(`alter column ${name} drop default`)
        break
    }
  }
  return drops
}

function describeRevoke(body: Node): string {
  const privileges = list(body.privileges).length > 0 ? names(body.privileges) : 'all'
  const on =
    body.targtype === 'ACL_TARGET_ALL_IN_SCHEMA'
      ? `all ${objectWord(body.objtype)}s in schema ${names(body.objects)}`
      : `${objectWord(body.objtype)} ${names(body.objects)}`
  return `revoke ${privileges} on ${on} from ${names(body.grantees)}`
}

/** The destructive operation of one statement node itself (not of the statements inside it). */
function operationOf(kind: string, body: Node): DestructiveOperation | undefined {
  switch (kind) {
    case 'DropStmt':
      return { operation: 'drop', description: describeDrop(body) }
    case 'DropRoleStmt':
      return { operation: 'drop', description: `drop role ${names(body.roles)}` }
    case 'DropdbStmt':
      return { operation: 'drop', description: `drop database ${String(body.dbname)}` }
    case 'DropOwnedStmt':
      return { operation: 'drop', description: `drop owned by ${names(body.roles)}` }
    case 'DropTableSpaceStmt':
      return { operation: 'drop', description: `drop tablespace ${String(body.tablespacename)}` }
    case 'DropSubscriptionStmt':
      return { operation: 'drop', description: `drop subscription ${String(body.subname)}` }
    case 'DropUserMappingStmt':
      return { operation: 'drop', description: `drop user mapping for ${nameOf(body.user)}` }
    case 'TruncateStmt':
      return { operation: 'truncate', description: `truncate ${names(body.relations)}` }
    case 'DeleteStmt':
      if (body.whereClause !== undefined) return undefined
      return {
        operation: 'delete',
        description: `delete from ${nameOf({ RangeVar: body.relation })} without a where clause`,
      }
    case 'UpdateStmt':
      if (body.whereClause !== undefined) return undefined
      return {
        operation: 'update',
        description: `update ${nameOf({ RangeVar: body.relation })} without a where clause`,
      }
    case 'AlterTableStmt': {
      const drops = alterTableDrops(body)
      if (drops.length === 0) return undefined
      const target = nameOf({ RangeVar: body.relation })
      return { operation: 'alter_drop', description: `alter ${objectWord(body.objtype)} ${target} ${drops.join(', ')}` }
    }
    case 'AlterDomainStmt': {
      const domain = list(body.typeName).map(nameOf).join('.')
      const what =
        body.subtype === 'X'
          ? `drop constraint ${String(body.name)}`
          : body.subtype === 'N'
            ? 'drop not null'
            : body.subtype === 'T' && body.def === undefined
              ? 'drop default'
              : undefined
      return what ? { operation: 'alter_drop', description: `alter domain ${domain} ${what}` } : undefined
    }
    case 'AlterPublicationStmt':
      if (body.action !== 'AP_DropObjects') return undefined
      return {
        operation: 'alter_drop',
        description: `alter publication ${String(body.pubname)} drop ${names(body.pubobjects)}`,
      }
    case 'AlterExtensionContentsStmt':
      if (body.action !== -1) return undefined
      return {
        operation: 'alter_drop',
        description: `alter extension ${String(body.extname)} drop ${objectWord(body.objtype)} ${nameOf(body.object)}`,
      }
    case 'GrantStmt':
      return body.is_grant ? undefined : { operation: 'revoke', description: describeRevoke(body) }
    case 'GrantRoleStmt':
      if (body.is_grant) return undefined
      return {
        operation: 'revoke',
        description: `revoke ${names(body.granted_roles)} from ${names(body.grantee_roles)}`,
      }
    case 'AlterDefaultPrivilegesStmt': {
      const action = unwrap({ GrantStmt: body.action })?.[1]
      if (!action || action.is_grant) return undefined
      return { operation: 'revoke', description: `alter default privileges ${describeRevoke(action)}` }
    }
    default:
      return undefined
  }
}

/*
 * Statements whose text holds other statements without running them now: a rule's or a function's body,
 * a trigger's, a prepared statement (EXECUTE runs it later, and cannot be seen here). A plain EXPLAIN (without
 * ANALYZE) does not run its statement either.
 */
const NOT_RUN_NOW = new Set(['RuleStmt', 'CreateFunctionStmt', 'PrepareStmt', 'CreateTrigStmt'])

/** Whether an EXPLAIN runs its statement: only with ANALYZE. */
const explainRuns = (body: Node) =>
  list(body.options).some((option) => {
    const o = unwrap(option)?.[1]
    if (o?.defname !== 'analyze') return false
    // `explain (analyze false)` does not run it.
    const value = unwrap(o.arg)
    return !value || !['false', 'off', '0'].includes(String(value[1].sval ?? value[1].ival ?? value[1].boolval))
  })

/** Every destructive operation of a parsed statement, its data-modifying WITH clauses included. */
export function destructiveOperations(stmt: unknown): DestructiveOperation[] {
  const found: DestructiveOperation[] = []
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item)
      return
    }
    if (!isNode(value)) return
    for (const [key, child] of Object.entries(value)) {
      if (NOT_RUN_NOW.has(key)) continue
      if (key === 'ExplainStmt' && isNode(child) && !explainRuns(child)) continue
      if (isNode(child) && /^[A-Z]/.test(key)) {
        const operation = operationOf(key, child)
        if (operation) found.push(operation)
      }
      visit(child)
    }
  }
  visit(stmt)
  return found
}

/** How deep `do` blocks inside `do` blocks are looked into. */
const MAX_DO_DEPTH = 4

/** Said of an operation found inside a `do` block. */
const IN_DO = ' (in a do block)'

/** Whether a `DO` runs PL/pgSQL (the default language) rather than another language. */
const isPlpgsqlDo = (body: Node) =>
  list(body.args).every((arg) => {
    const a = unwrap(arg)?.[1]
    return a?.defname !== 'language' || nameOf(a.arg) === 'plpgsql'
  })

/**
 * Every destructive operation of one statement of the editor's text (`stmt` is its parse tree, `text` its
 * SQL): for a PL/pgSQL `DO` block, those of the statements in it that PL/pgSQL runs as written — not those
 * it builds at run time (EXECUTE), which no parser can see.
 */
export async function destructiveOperationsOf(
  stmt: unknown,
  text: string,
  parse: (sql: string) => Promise<unknown[]>,
  depth = 0,
): Promise<DestructiveOperation[]> {
  const doBlock = unwrap(stmt)
  if (doBlock?.[0] !== 'DoStmt') return destructiveOperations(stmt)
  if (depth >= MAX_DO_DEPTH || !isPlpgsqlDo(doBlock[1])) return []
  let tree: unknown
  try {
    tree = await parsePlPgSQL(text)
  } catch {
    // Not PL/pgSQL that Postgres would accept: running it fails before anything is done.
    return []
  }
  const queries: string[] = []
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(collect)
    if (!isNode(value)) return
    const expr = value.PLpgSQL_expr
    // parseMode 0 is a whole statement; the others are expressions and assignments.
    if (isNode(expr) && typeof expr.query === 'string' && (expr.parseMode ?? 0) === 0) queries.push(expr.query)
    Object.values(value).forEach(collect)
  }
  collect(tree)
  const found: DestructiveOperation[] = []
  for (const query of queries) {
    let stmts: unknown[]
    try {
      stmts = await parse(query)
    } catch {
      continue
    }
    for (const inner of stmts) {
      for (const op of await destructiveOperationsOf(inner, query, parse, depth + 1)) {
        found.push({ ...op, description: op.description.endsWith(IN_DO) ? op.description : op.description + IN_DO })
      }
    }
  }
  return found
}
