import pg from 'pg'
import type { DatabaseMigration } from '@basalt/contracts'
import { parse, scan, SqlError } from 'libpg-query'

/**
 * Database › Migrations (issue 26 point 10): the schema changes Basalt ran for members on a project's
 * database, kept in the platform database as numbered migrations. A change is recorded once it has
 * committed, with what its transaction ran — reads, settings and transaction control left out, a password
 * never kept.
 */

// Statements that change nothing in the schema: catalog reads, `set local`, begin / commit.
const NOT_CHANGES = new Set(['SelectStmt', 'VariableSetStmt', 'VariableShowStmt', 'TransactionStmt'])

/**
 * The statements of a text with their kinds, by Postgres' parser (each statement's own text, from its
 * location and length in the parse); null when the parser cannot read it.
 */
async function statementsOf(sql: string): Promise<Array<{ kind: string; text: string }> | null> {
  try {
    const tree = (await parse(sql)) as {
      stmts?: Array<{ stmt?: Record<string, unknown>; stmt_location?: number; stmt_len?: number }>
    }
    const bytes = Buffer.from(sql, 'utf8')
    return (tree.stmts ?? []).map((s) => {
      const start = s.stmt_location ?? 0
      const end = s.stmt_len ? start + s.stmt_len : bytes.length
      return { kind: Object.keys(s.stmt ?? {})[0] ?? '', text: bytes.subarray(start, end).toString('utf8').trim() }
    })
  } catch (err) {
    if (err instanceof SqlError) return null
    throw err
  }
}

/** A statement that sets a password, replaced by a comment saying so: a migration file never holds one. */
const PASSWORD = /^(ALTER|CREATE) ROLE ("(?:[^"]|"")+"|\S+) .*PASSWORD\s+'(?:[^']|'')*'.*$/is
const withoutPassword = (sql: string) =>
  sql.replace(
    PASSWORD,
    (_, verb: string, role: string) => `-- ${verb.toUpperCase()} ROLE ${role} PASSWORD … (a password is not recorded)`,
  )

/** A user mapping's options hold credentials (user, password): the statement is recorded as a comment. */
const USER_MAPPING = /^(CREATE|ALTER) USER MAPPING FOR (\S+) SERVER ("(?:[^"]|"")+"|\S+?)\s+OPTIONS\b.*$/is
const withoutCredentials = (sql: string) =>
  sql.replace(
    USER_MAPPING,
    (_, verb: string, role: string, server: string) =>
      `-- ${verb.toUpperCase()} USER MAPPING FOR ${role} SERVER ${server} OPTIONS (…) (its options hold credentials and are not recorded)`,
  )

/**
 * The statements of a change worth a migration, in the order they ran: every statement that is more than a
 * read, a setting or transaction control; one the parser cannot read is kept whole.
 */
export async function migrationStatements(ran: readonly string[]): Promise<string[]> {
  const kept: string[] = []
  for (const sql of ran) {
    const statements = (await statementsOf(sql)) ?? [{ kind: '', text: sql.trim() }]
    for (const { kind, text } of statements) {
      if (NOT_CHANGES.has(kind)) continue
      kept.push(withoutCredentials(withoutPassword(text.replace(/;\s*$/, '') + ';')))
    }
  }
  return kept
}

/**
 * A client that notes the text of every query run without parameters (DDL takes none) once it succeeded:
 * what a change ran, for its migration.
 */
export function recordingClient<C extends pg.ClientBase>(client: C, ran: string[]): C {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown
      return (text: unknown, values?: unknown, callback?: unknown) => {
        const result = (target.query as (...args: unknown[]) => unknown)(text, values, callback)
        const noted =
          typeof text === 'string' && (values === undefined || (Array.isArray(values) && values.length === 0))
        if (noted && result instanceof Promise) return result.then((r) => (ran.push(text), r))
        return result
      }
    },
  })
}

/**
 * What a statement of the SQL editor does to the schema, by its parse-tree kind: CREATE, ALTER, DROP, COMMENT,
 * GRANT / REVOKE, SECURITY LABEL, IMPORT FOREIGN SCHEMA… — not reads or writes of rows (SELECT, INSERT, UPDATE,
 * DELETE, MERGE, COPY, TRUNCATE, REFRESH), settings, cursors, DO / CALL (code that may do either), maintenance
 * (VACUUM, ANALYZE, REINDEX, CLUSTER), and not what belongs to the server or the database rather than its schema
 * (databases, tablespaces, subscriptions, ALTER SYSTEM).
 */
const SCHEMA_KINDS = new Set([
  'CommentStmt',
  'GrantStmt',
  'GrantRoleStmt',
  'RenameStmt',
  'IndexStmt',
  'ViewStmt',
  'RuleStmt',
  'CompositeTypeStmt',
  'DefineStmt',
  'SecLabelStmt',
  'ImportForeignSchemaStmt',
  'ReassignOwnedStmt',
])
const NOT_SCHEMA_KINDS = new Set([
  'CreatedbStmt',
  'DropdbStmt',
  'AlterDatabaseStmt',
  'AlterDatabaseSetStmt',
  'AlterDatabaseRefreshCollStmt',
  'AlterSystemStmt',
  'CreateTableSpaceStmt',
  'DropTableSpaceStmt',
  'AlterTableSpaceOptionsStmt',
  'AlterTableMoveAllStmt',
  'CreateSubscriptionStmt',
  'AlterSubscriptionStmt',
  'DropSubscriptionStmt',
])
export const isSchemaChange = (kind: string) =>
  !NOT_SCHEMA_KINDS.has(kind) && (SCHEMA_KINDS.has(kind) || /^(Create|Alter|Drop)[A-Z]/.test(kind))

type Node = Record<string, unknown>
const asNode = (v: unknown): Node => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Node) : {})
const optionNames = (body: Node) =>
  (Array.isArray(body.options) ? body.options : []).map((o) => asNode(asNode(o).DefElem).defname)

/** The statement's own node: `{ kind, body }` of the first statement of `sql`. */
async function nodeOf(sql: string): Promise<Node> {
  const tree = (await parse(sql)) as { stmts?: Array<{ stmt?: Node }> }
  return asNode(Object.values(asNode(tree.stmts?.[0]?.stmt))[0])
}

/**
 * A statement of the SQL editor as a migration records it: without the comments after it (a `;` after a line
 * comment would be commented out), and as a comment when it carries a password (CREATE / ALTER ROLE or USER,
 * however the password is quoted) or a user mapping's options (its credentials), decided by Postgres' parser.
 */
async function recordedText(kind: string, sql: string): Promise<string> {
  const tokens = (await scan(sql)).tokens.filter((t) => t.tokenName !== 'SQL_COMMENT' && t.tokenName !== 'C_COMMENT')
  const bytes = Buffer.from(sql, 'utf8')
  const text = bytes.subarray(tokens[0]?.start ?? 0, tokens.at(-1)?.end ?? bytes.length).toString('utf8')
  const plain = withoutCredentials(withoutPassword(text))
  if (plain !== text) return plain
  if (kind === 'CreateRoleStmt' || kind === 'AlterRoleStmt') {
    const body = await nodeOf(text)
    if (optionNames(body).includes('password')) {
      const role = typeof body.role === 'string' ? body.role : String(asNode(body.role).rolename ?? '')
      const verb = kind === 'CreateRoleStmt' ? 'CREATE' : 'ALTER'
      return `-- ${verb} ROLE ${pg.escapeIdentifier(role)} PASSWORD … (a password is not recorded)`
    }
  }
  if (kind === 'CreateUserMappingStmt' || kind === 'AlterUserMappingStmt') {
    const body = await nodeOf(text)
    if (optionNames(body).length) {
      const user = asNode(body.user)
      const role = user.rolename ? pg.escapeIdentifier(String(user.rolename)) : String(user.roletype ?? '')
      const verb = kind === 'CreateUserMappingStmt' ? 'CREATE' : 'ALTER'
      return `-- ${verb} USER MAPPING FOR ${role} SERVER ${pg.escapeIdentifier(String(body.servername))} OPTIONS (…) (its options hold credentials and are not recorded)`
    }
  }
  return text
}

/** A statement of a SQL editor run, as sql-editor/statements.ts splits the text (Postgres' parser). */
export interface RunStatement {
  kind: string
  sql: string
  outsideTransaction: boolean
}

/**
 * The schema changes a successful SQL editor run committed, in order, for a branch's migration history
 * (issue 28 §4): its schema-changing statements (isSchemaChange), less those a `rollback`, a `rollback to
 * savepoint`, a `prepare transaction` or a `begin` left open at the end undid. One that cannot run inside a
 * transaction (CREATE INDEX CONCURRENTLY…) is recorded as a comment: the apply to the parent is one transaction.
 */
export async function schemaChangesOfRun(statements: readonly RunStatement[], rolledBack: boolean): Promise<string[]> {
  const committed: string[] = []
  let pending: string[] = []
  let savepoints: Array<{ name: string; at: number }> = []
  const commit = () => {
    committed.push(...pending)
    pending = []
    savepoints = []
  }
  const undo = () => {
    pending = []
    savepoints = []
  }
  for (const s of statements) {
    if (s.kind === 'TransactionStmt') {
      const body = await nodeOf(s.sql)
      const name = String(body.savepoint_name ?? '')
      switch (body.kind) {
        case 'TRANS_STMT_COMMIT':
          commit()
          break
        case 'TRANS_STMT_ROLLBACK':
        case 'TRANS_STMT_PREPARE':
          undo()
          break
        case 'TRANS_STMT_SAVEPOINT':
          savepoints.push({ name, at: pending.length })
          break
        case 'TRANS_STMT_ROLLBACK_TO': {
          const i = savepoints.findLastIndex((p) => p.name === name)
          if (i >= 0) {
            pending = pending.slice(0, savepoints[i]!.at)
            savepoints = savepoints.slice(0, i + 1)
          }
          break
        }
        case 'TRANS_STMT_RELEASE': {
          const i = savepoints.findLastIndex((p) => p.name === name)
          if (i >= 0) savepoints = savepoints.slice(0, i)
          break
        }
      }
      continue
    }
    if (!isSchemaChange(s.kind)) continue
    const text = await recordedText(s.kind, s.sql)
    if (s.outsideTransaction) {
      commit()
      committed.push(
        `-- Not applied with the others: it cannot run inside a transaction. Run it yourself:\n${text
          .split('\n')
          .map((line) => `-- ${line}`)
          .join('\n')}`,
      )
    } else pending.push(text)
  }
  if (!rolledBack) commit()
  return committed.map((t) => (t.startsWith('--') ? t : `${t.replace(/;\s*$/, '')};`))
}

/** A migration's name for a SQL editor run: `sql_editor_` and the first words of its first change (before a `(`). */
export function sqlEditorMigrationName(changes: readonly string[]): string {
  const first = changes.find((c) => !c.startsWith('--')) ?? ''
  return migrationName('sql_editor', first.split('(')[0]!.split(/\s+/).slice(0, 4).join(' '))
}

/** A file name's part from an action and target: `index_create_items_title_idx`. */
export function migrationName(action: string, target: string): string {
  const words = `${action.replace(/^database\./, '')} ${target}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  return words.slice(0, 80) || 'change'
}

/** Records a committed change as the project's next migration; nothing when it ran no schema change. */
export async function recordMigration(
  db: pg.Pool,
  m: {
    projectId: string
    name: string
    statements: readonly string[]
    author: { id: string | null; email: string | null }
  },
): Promise<void> {
  if (m.statements.length === 0) return
  const sql = m.statements.map((s) => (s.endsWith(';') ? s : `${s};`)).join('\n\n')
  // One at a time per project (the advisory lock), so that number and version only grow.
  const client = await db.connect()
  try {
    await client.query('begin')
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`basalt-migrations:${m.projectId}`])
    await client.query(
      `insert into basalt.project_migrations (project_id, number, version, name, statements, author_id, author_email)
       select $1, coalesce(max(number), 0) + 1,
              greatest(to_char(now() at time zone 'utc', 'YYYYMMDDHH24MISS')::bigint, coalesce(max(version::bigint), 0) + 1)::text,
              $2, $3, $4, $5
         from basalt.project_migrations where project_id = $1`,
      [m.projectId, m.name, sql, m.author.id, m.author.email],
    )
    await client.query('commit')
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  } finally {
    client.release()
  }
}

interface MigrationRow {
  number: number
  version: string
  name: string
  statements: string
  author_email: string | null
  created_at: Date
}

/** A project's migrations, oldest first. */
export async function listMigrations(db: pg.Pool, projectId: string): Promise<DatabaseMigration[]> {
  const { rows } = await db.query<MigrationRow>(
    `select number, version, name, statements, author_email, created_at
       from basalt.project_migrations where project_id = $1 order by number`,
    [projectId],
  )
  return rows.map((r) => ({
    number: r.number,
    version: r.version,
    name: r.name,
    statements: r.statements,
    author: r.author_email,
    created_at: r.created_at.toISOString(),
  }))
}

/** A migration as the file a migration tool applies: a header naming it, then its SQL. */
export function migrationFile(m: DatabaseMigration): { name: string; text: string } {
  return {
    name: `${m.version}_${m.name}.sql`,
    text: `-- Migration ${m.number}: ${m.name}\n-- By ${m.author ?? 'unknown'} at ${m.created_at}, recorded by Basalt\n\n${m.statements}\n`,
  }
}
