import {
  columnPayloadOf,
  diffColumn,
  diffTable,
  fail,
  ok,
  type AddColumnBody,
  type CreateTablePayload,
  type PgColumn,
  type PgTable,
  type Result,
  type UpdateColumnPayload,
  type UpdateTablePayload,
} from '@basalt/contracts'
import {
  buildAddColumn,
  buildCreateTable,
  buildDropColumn,
  buildDropTable,
  buildUpdateColumn,
  buildUpdateTable,
  defaultValueFormatFor,
  type ColumnChanges,
} from '@basalt/sql'
import type pg from 'pg'
import { buildFromInput, runSql } from './catalog.ts'
import { checkSingleExpression, runCheckedDdl } from './expression.ts'
import { refuseProtectedSchema } from './schemas.ts'
import { getColumn } from './columns.ts'
import { getTable } from './tables.ts'

/**
 * Schema changes of the table editor: create, update and drop tables and columns (spec 2 §3, §5). Each
 * change is built by `@basalt/sql` (the same SQL the review step showed), run as the admin connection in
 * one transaction with the catalog reads around it, and answered with the object as the catalog then says
 * it is. Updates are diffed against the catalog, so only what really changes is altered. Defaults written
 * as expressions and CHECK constraints are SQL by design: each must be one expression (expression.ts)
 * before any DDL is built.
 */

const run = runCheckedDdl

const hasText = (value: string | null | undefined): value is string => value != null && value.trim() !== ''

/**
 * Refuses the columns' defaults, those the builder writes as expressions, and their CHECKs unless each is
 * one expression: the builder puts both into the DDL as SQL. Give it what is about to be built (for an
 * update, the changes), so a default or check the catalog already holds is not read again.
 *
 * @example
 *   const checked = await checkColumnExpressions([{ defaultValue: 'now()', check: 'length(title) > 0' }])
 */
export async function checkColumnExpressions(
  columns: readonly Pick<ColumnChanges, 'defaultValue' | 'defaultValueFormat' | 'check'>[],
): Promise<Result<null>> {
  for (const { defaultValue, defaultValueFormat, check } of columns) {
    if (hasText(defaultValue) && defaultValueFormatFor(defaultValue, defaultValueFormat) === 'expression') {
      const checked = await checkSingleExpression(defaultValue, 'default')
      if (!checked.ok) return checked
    }
    if (hasText(check)) {
      const checked = await checkSingleExpression(check, 'check')
      if (!checked.ok) return checked
    }
  }
  return ok(null)
}

async function tableOid(client: pg.ClientBase, schema: string, name: string): Promise<Result<number>> {
  const rows = await runSql<{ oid: string }>(
    client,
    `select c.oid::int8 as oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [schema, name],
  )
  if (!rows.ok) return rows
  const [row] = rows.data
  return row ? ok(Number(row.oid)) : fail('not_found', `Table ${schema}.${name} not found`)
}

// ---------- tables ----------

/** Creates a table with its columns, comment and RLS (POST …/tables); answers it as GET …/tables?id= does. */
export async function createTable(client: pg.ClientBase, payload: CreateTablePayload): Promise<Result<PgTable>> {
  const refused = refuseProtectedSchema(payload.schema)
  if (refused) return refused
  const checked = await checkColumnExpressions(payload.columns)
  if (!checked.ok) return checked
  const created = await run(
    client,
    buildFromInput(() => buildCreateTable(payload)),
  )
  if (!created.ok) return created
  const id = await tableOid(client, payload.schema, payload.name.trim())
  return id.ok ? getTable(client, id.data) : id
}

/** Renames, moves, comments or toggles RLS of a table (PATCH …/tables?id=), only where it differs. */
export async function updateTable(
  client: pg.ClientBase,
  id: number,
  payload: UpdateTablePayload,
): Promise<Result<PgTable>> {
  const before = await getTable(client, id)
  if (!before.ok) return before
  const refused =
    refuseProtectedSchema(before.data.schema) ?? refuseProtectedSchema(payload.schema ?? before.data.schema)
  if (refused) return refused
  const changes = diffTable(before.data, payload)
  const updated = await run(
    client,
    buildFromInput(() =>
      buildUpdateTable({
        table: before.data,
        changes: {
          name: changes.name,
          schema: changes.schema,
          comment: changes.comment,
          rlsEnabled: changes.rls_enabled,
        },
      }),
    ),
  )
  return updated.ok ? getTable(client, id) : updated
}

/** Drops a table (DELETE …/tables?id=&cascade=); answers the table as it was. */
export async function deleteTable(client: pg.ClientBase, id: number, cascade: boolean): Promise<Result<PgTable>> {
  const before = await getTable(client, id)
  if (!before.ok) return before
  const refused = refuseProtectedSchema(before.data.schema)
  if (refused) return refused
  const dropped = await run(
    client,
    buildFromInput(() => buildDropTable({ table: before.data, cascade })),
  )
  return dropped.ok ? before : dropped
}

// ---------- columns ----------

function parseColumnId(id: string): { tableId: number; attnum: number } {
  const [tableId, attnum] = id.split('.').map(Number)
  return { tableId: tableId ?? 0, attnum: attnum ?? 0 }
}

/** Adds a column to a table (POST …/columns); answers it as the column listing does. */
export async function addColumn(client: pg.ClientBase, body: AddColumnBody): Promise<Result<PgColumn>> {
  const { tableId, ...column } = body
  const checked = await checkColumnExpressions([column])
  if (!checked.ok) return checked
  const table = await getTable(client, tableId)
  if (!table.ok) return table
  const refused = refuseProtectedSchema(table.data.schema)
  if (refused) return refused
  const added = await run(
    client,
    buildFromInput(() => buildAddColumn({ table: table.data, column })),
  )
  if (!added.ok) return added
  const rows = await runSql<{ attnum: number }>(
    client,
    'select attnum from pg_attribute where attrelid = $1 and attname = $2 and not attisdropped',
    [tableId, column.name.trim()],
  )
  if (!rows.ok) return rows
  const [row] = rows.data
  return row ? getColumn(client, `${tableId}.${row.attnum}`) : fail('not_found', `Column ${column.name} not found`)
}

/**
 * Updates a column (PATCH …/columns?id=): the payload is diffed against the catalog, so fields sent unchanged
 * alter nothing. Answers the column as it then is (its id stays: attnum survives renames and type changes).
 */
export async function updateColumn(
  client: pg.ClientBase,
  id: string,
  payload: UpdateColumnPayload,
): Promise<Result<PgColumn>> {
  const column = await getColumn(client, id)
  if (!column.ok) return column
  const table = await getTable(client, parseColumnId(id).tableId)
  if (!table.ok) return table
  const refused = refuseProtectedSchema(table.data.schema)
  if (refused) return refused
  const before = columnPayloadOf(column.data, table.data)
  const changes = diffColumn(before, payload)
  const checked = await checkColumnExpressions([changes])
  if (!checked.ok) return checked
  const updated = await run(
    client,
    buildFromInput(() =>
      buildUpdateColumn({
        table: table.data,
        before: {
          name: before.name,
          ordinalPosition: column.data.ordinal_position,
          type: before.type,
          defaultValue: before.defaultValue,
          isIdentity: before.isIdentity,
        },
        changes,
      }),
    ),
  )
  return updated.ok ? getColumn(client, id) : updated
}

/** Drops a column (DELETE …/columns?id=&cascade=); answers the column as it was. */
export async function deleteColumn(client: pg.ClientBase, id: string, cascade: boolean): Promise<Result<PgColumn>> {
  const column = await getColumn(client, id)
  if (!column.ok) return column
  const refused = refuseProtectedSchema(column.data.schema)
  if (refused) return refused
  const dropped = await run(
    client,
    buildFromInput(() =>
      buildDropColumn({
        table: { schema: column.data.schema, name: column.data.table },
        column: column.data.name,
        cascade,
      }),
    ),
  )
  return dropped.ok ? column : dropped
}
