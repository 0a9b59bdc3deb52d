import { z } from 'zod'
import { foreignKeyActionSchema, type PgColumn, type PgTable } from './pg-meta.ts'

/**
 * Shapes of the table editor's schema changes (`/api/platform/pg-meta/{ref}/tables` and `…/columns`), named
 * as spec 2 §3's column form payloads. Names and types are not refused here when empty: the SQL builder of
 * `@basalt/sql` (`buildCreateTable`, `buildAddColumn`…) refuses them with the spec's messages, so the form
 * and the server say the same thing.
 */

const queryBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])

/** How a default value is written: an `expression` is SQL (`now()`), a `literal` is quoted (`'draft'`). */
export const DEFAULT_VALUE_FORMATS = ['expression', 'literal'] as const
export const defaultValueFormatSchema = z.enum(DEFAULT_VALUE_FORMATS)

/**
 * A column's foreign key to one column of another table (spec 2 §3: deletion and update actions default to
 * 'no action').
 *
 * @example
 *   columnForeignKeySchema.parse({ schema: 'public', table: 'authors', column: 'id', deletionAction: 'cascade' })
 */
export const columnForeignKeySchema = z.object({
  schema: z.string().min(1),
  table: z.string().min(1),
  column: z.string().min(1),
  deletionAction: foreignKeyActionSchema.default('no action'),
  updateAction: foreignKeyActionSchema.default('no action'),
})
export type ColumnForeignKeyPayload = z.infer<typeof columnForeignKeySchema>

/**
 * A new column (spec 2 §3 create-column payload). `type` is the type's name with `[]` appended for an
 * array (`int8`, `varchar(20)`, `public.mood[]`).
 *
 * @example
 *   { name: 'created_at', type: 'timestamptz', defaultValue: 'now()', defaultValueFormat: 'expression', isNullable: false }
 */
export const createColumnPayloadSchema = z.object({
  name: z.string().trim(),
  type: z.string().trim(),
  comment: z.string().nullable().optional(),
  defaultValue: z.string().nullable().optional(),
  defaultValueFormat: defaultValueFormatSchema.optional(),
  isIdentity: z.boolean().optional(),
  isNullable: z.boolean().optional(),
  isUnique: z.boolean().optional(),
  isPrimaryKey: z.boolean().optional(),
  check: z.string().nullable().optional(),
  foreignKey: columnForeignKeySchema.optional(),
})
export type CreateColumnPayload = z.infer<typeof createColumnPayloadSchema>

/**
 * POST …/tables — a new table with its starting columns; the CSV import into a new table sends the same.
 *
 * @example
 *   { schema: 'public', name: 'todos', comment: null, rlsEnabled: true, columns: [{ name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true }] }
 */
export const createTablePayloadSchema = z.object({
  schema: z.string().min(1),
  name: z.string().trim(),
  comment: z.string().nullable().optional(),
  rlsEnabled: z.boolean(),
  columns: z.array(createColumnPayloadSchema).max(1600),
})
export type CreateTablePayload = z.infer<typeof createTablePayloadSchema>

/**
 * PATCH …/tables?id= — the table update payload (spec 2 §7): only what changes; a null comment removes it.
 *
 * @example
 *   { name: 'tasks', rls_enabled: true }
 */
export const updateTablePayloadSchema = z.object({
  name: z.string().trim().min(1).optional(),
  schema: z.string().min(1).optional(),
  comment: z.string().nullable().optional(),
  rls_enabled: z.boolean().optional(),
})
export type UpdateTablePayload = z.infer<typeof updateTablePayloadSchema>

const oid = z.coerce.number().int().min(1)

/** PATCH and DELETE …/tables?id=&cascade= */
export const tableIdQuerySchema = z.object({ id: oid })
export const deleteTableQuerySchema = tableIdQuerySchema.extend({ cascade: queryBoolean.default(false) })

/** POST …/columns — a new column of the table `tableId`. */
export const addColumnBodySchema = createColumnPayloadSchema.extend({ tableId: z.number().int().min(1) })
export type AddColumnBody = z.infer<typeof addColumnBodySchema>

/**
 * PATCH …/columns?id= — only the changed fields (spec 2 §3 update-column payload, plus the foreign key);
 * null clears a comment, default, check or foreign key.
 *
 * @example
 *   { name: 'headline', isNullable: false }
 */
export const updateColumnPayloadSchema = z.object({
  name: z.string().trim().optional(),
  type: z.string().trim().optional(),
  comment: z.string().nullable().optional(),
  defaultValue: z.string().nullable().optional(),
  defaultValueFormat: defaultValueFormatSchema.optional(),
  isIdentity: z.boolean().optional(),
  isNullable: z.boolean().optional(),
  isUnique: z.boolean().optional(),
  isPrimaryKey: z.boolean().optional(),
  check: z.string().nullable().optional(),
  foreignKey: columnForeignKeySchema.nullable().optional(),
})
export type UpdateColumnPayload = z.infer<typeof updateColumnPayloadSchema>

/** A column's id: `{table oid}.{attnum}`, as the column listings give it. */
export const columnIdSchema = z.string().regex(/^[1-9]\d*\.[1-9]\d*$/, 'A column id is {table id}.{position}')
/** PATCH and DELETE …/columns?id=&cascade= */
export const columnIdQuerySchema = z.object({ id: columnIdSchema })
export const deleteColumnQuerySchema = columnIdQuerySchema.extend({ cascade: queryBoolean.default(false) })

// ---------- from the catalog, and diffs ----------

/**
 * A column's type for the form: the udt name, with `[]` for an array (`_text` → `text[]`).
 *
 * @example
 *   columnTypeOf({ data_type: 'ARRAY', format: '_int4' }) // 'int4[]'
 */
export function columnTypeOf(column: Pick<PgColumn, 'data_type' | 'format'>): string {
  return column.data_type === 'ARRAY' && column.format.startsWith('_') ? `${column.format.slice(1)}[]` : column.format
}

/**
 * A column as the form edits it, from the catalog (spec 2 §3 "column source from the database"): its primary
 * key from the table's, its foreign key when one of the table's relationships is on this column alone. The
 * default keeps the catalog's text (`now()`, `'ok'::mood`); `defaultValueFormat` is left for the caller.
 *
 * @example
 *   const before = columnPayloadOf(table.columns[1], table)
 */
export function columnPayloadOf(
  column: PgColumn,
  table: Pick<PgTable, 'primary_keys' | 'relationships'>,
): CreateColumnPayload {
  const own = table.relationships.filter(
    (r) => r.source_schema === column.schema && r.source_table_name === column.table,
  )
  const fk = own.find((r) => r.source_column_name === column.name && own.filter((o) => o.id === r.id).length === 1)
  return {
    name: column.name,
    type: columnTypeOf(column),
    comment: column.comment,
    defaultValue: column.default_value,
    isIdentity: column.is_identity,
    isNullable: column.is_nullable,
    isUnique: column.is_unique,
    isPrimaryKey: table.primary_keys.some((k) => k.name === column.name),
    check: column.check,
    ...(fk
      ? {
          foreignKey: {
            schema: fk.target_table_schema,
            table: fk.target_table_name,
            column: fk.target_column_name,
            deletionAction: fk.deletion_action,
            updateAction: fk.update_action,
          },
        }
      : {}),
  }
}

/** Empty text means none, for comments, checks and defaults. */
const blankToNull = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value)

const sameForeignKey = (a: ColumnForeignKeyPayload | null | undefined, b: ColumnForeignKeyPayload | null | undefined) =>
  (a ?? null) === (b ?? null) ||
  (a != null &&
    b != null &&
    a.schema === b.schema &&
    a.table === b.table &&
    a.column === b.column &&
    a.deletionAction === b.deletionAction &&
    a.updateAction === b.updateAction)

/**
 * The update-column payload of only the fields that differ between the column as it is and as it should
 * be (spec 2 §3); a changed default carries its format. Fields the wanted state leaves out are unchanged.
 *
 * @example
 *   diffColumn(columnPayloadOf(column, table), { ...form, name: 'headline' }) // { name: 'headline' }
 */
export function diffColumn(before: CreateColumnPayload, after: UpdateColumnPayload): UpdateColumnPayload {
  const changes: UpdateColumnPayload = {}
  if (after.name !== undefined && after.name.trim() !== before.name) changes.name = after.name.trim()
  if (after.type !== undefined && after.type.trim() !== before.type) changes.type = after.type.trim()
  if (after.comment !== undefined && blankToNull(after.comment) !== blankToNull(before.comment)) {
    changes.comment = blankToNull(after.comment)
  }
  if (after.check !== undefined && blankToNull(after.check)?.trim() !== blankToNull(before.check)?.trim()) {
    changes.check = blankToNull(after.check)
  }
  if (after.defaultValue !== undefined && blankToNull(after.defaultValue) !== blankToNull(before.defaultValue)) {
    changes.defaultValue = blankToNull(after.defaultValue)
    if (after.defaultValueFormat !== undefined && changes.defaultValue !== null) {
      changes.defaultValueFormat = after.defaultValueFormat
    }
  }
  for (const key of ['isIdentity', 'isNullable', 'isUnique', 'isPrimaryKey'] as const) {
    const value = after[key]
    if (value !== undefined && value !== (before[key] ?? key === 'isNullable')) changes[key] = value
  }
  if (after.foreignKey !== undefined && !sameForeignKey(before.foreignKey, after.foreignKey)) {
    changes.foreignKey = after.foreignKey
  }
  return changes
}

/**
 * The table update payload of only what differs from the table as it is.
 *
 * @example
 *   diffTable(table, { name: 'todos', comment: 'Tasks', rls_enabled: true }) // { comment: 'Tasks' }
 */
export function diffTable(
  before: Pick<PgTable, 'name' | 'schema' | 'comment' | 'rls_enabled'>,
  after: UpdateTablePayload,
): UpdateTablePayload {
  const changes: UpdateTablePayload = {}
  if (after.name !== undefined && after.name.trim() !== before.name) changes.name = after.name.trim()
  if (after.schema !== undefined && after.schema !== before.schema) changes.schema = after.schema
  if (after.comment !== undefined && blankToNull(after.comment) !== blankToNull(before.comment)) {
    changes.comment = blankToNull(after.comment)
  }
  if (after.rls_enabled !== undefined && after.rls_enabled !== before.rls_enabled) {
    changes.rls_enabled = after.rls_enabled
  }
  return changes
}
