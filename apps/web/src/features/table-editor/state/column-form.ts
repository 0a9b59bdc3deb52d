import {
  columnPayloadOf,
  columnTypeOf,
  diffColumn,
  type CreateColumnPayload,
  type CreateTablePayload,
  type ForeignKeyAction,
  type PgColumn,
  type PgTable,
  type UpdateColumnPayload,
} from '@basalt/contracts'
import {
  buildUpdateColumn,
  canBeIdentity,
  DDL_MESSAGES,
  defaultValueFormatOf,
  isArrayType,
  SqlInputError,
} from '@basalt/sql'

/**
 * The column form of spec 2 §3 as plain data, and what it sends: the create-column payload, and for an
 * existing column an update payload of only the changed fields. Pure, so the panels only render it.
 */

/**
 * A foreign key as the form edits it: the target and both actions.
 *
 * @example
 * const fk: ForeignKeyForm = { schema: 'public', table: 'authors', column: 'id', deletionAction: 'cascade', updateAction: 'no action' }
 */
export interface ForeignKeyForm {
  schema: string
  table: string
  column: string
  deletionAction: ForeignKeyAction
  updateAction: ForeignKeyAction
}

/**
 * The column form's fields (spec 2 §3 "Column form"): `format` is the type without `[]`, `isArray` adds it.
 *
 * @example
 * const form: ColumnForm = { ...emptyColumnForm(), name: 'title', format: 'text' }
 */
export interface ColumnForm {
  name: string
  comment: string
  format: string
  isArray: boolean
  defaultValue: string
  isIdentity: boolean
  isNullable: boolean
  isUnique: boolean
  isPrimaryKey: boolean
  check: string
  foreignKey: ForeignKeyForm | null
}

/** Errors of the form, by field: the spec's messages for name and type. */
export type ColumnFormErrors = Partial<Record<'name' | 'format', string>>

/**
 * A new column: nullable (spec 2 §3 default), nothing else set.
 *
 * @example
 * emptyColumnForm().isNullable // true
 */
export function emptyColumnForm(): ColumnForm {
  return {
    name: '',
    comment: '',
    format: '',
    isArray: false,
    defaultValue: '',
    isIdentity: false,
    isNullable: true,
    isUnique: false,
    isPrimaryKey: false,
    check: '',
    foreignKey: null,
  }
}

/**
 * The ON DELETE / ON UPDATE choices of a foreign key (spec 2 §3: default 'no action'; Cascade, Restrict,
 * Set default, Set NULL).
 */
export const FOREIGN_KEY_ACTION_OPTIONS: ReadonlyArray<{ value: ForeignKeyAction; label: string }> = [
  { value: 'no action', label: 'No action' },
  { value: 'cascade', label: 'Cascade' },
  { value: 'restrict', label: 'Restrict' },
  { value: 'set default', label: 'Set default' },
  { value: 'set null', label: 'Set NULL' },
]

/**
 * The built-in types the type picker offers, by their catalog names (what the grid shows as the format).
 */
export const BUILT_IN_TYPE_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'int2', label: 'int2 — signed two-byte integer' },
  { value: 'int4', label: 'int4 — signed four-byte integer' },
  { value: 'int8', label: 'int8 — signed eight-byte integer' },
  { value: 'float4', label: 'float4 — single precision floating-point number' },
  { value: 'float8', label: 'float8 — double precision floating-point number' },
  { value: 'numeric', label: 'numeric — exact number of selectable precision' },
  { value: 'json', label: 'json — textual JSON data' },
  { value: 'jsonb', label: 'jsonb — binary JSON data, decomposed' },
  { value: 'text', label: 'text — variable-length character string' },
  { value: 'varchar', label: 'varchar — variable-length character string' },
  { value: 'uuid', label: 'uuid — universally unique identifier' },
  { value: 'date', label: 'date — calendar date (year, month, day)' },
  { value: 'time', label: 'time — time of day (no time zone)' },
  { value: 'timetz', label: 'timetz — time of day, including time zone' },
  { value: 'timestamp', label: 'timestamp — date and time (no time zone)' },
  { value: 'timestamptz', label: 'timestamptz — date and time, including time zone' },
  { value: 'bool', label: 'bool — logical boolean (true/false)' },
  { value: 'bytea', label: 'bytea — variable-length binary string' },
]

/** Default values worth suggesting for a type, as the user would type them (expressions by the spec's rule). */
export function defaultValueSuggestions(format: string, isArray: boolean): string[] {
  if (isArray) return ['[]']
  switch (format) {
    case 'uuid':
      return ['gen_random_uuid()']
    case 'timestamptz':
    case 'timestamp':
      return ['now()', "(now() at time zone 'utc')"]
    case 'date':
      return ['CURRENT_DATE', 'now()']
    case 'time':
    case 'timetz':
      return ['now()']
    case 'bool':
      return ['true', 'false']
    case 'json':
    case 'jsonb':
      return ['{}', '[]']
    default:
      return []
  }
}

/** The type the column form sends: the format, with `[]` appended for an array (spec 2 §3). */
export function columnFormType(form: Pick<ColumnForm, 'format' | 'isArray'>): string {
  const format = form.format.trim()
  return form.isArray && format !== '' ? `${format}[]` : format
}

/**
 * Whether the identity option applies: integer types only, not arrays (spec 2 §5).
 *
 * @example
 * identityAllowed({ format: 'int8', isArray: false }) // true
 */
export function identityAllowed(form: Pick<ColumnForm, 'format' | 'isArray'>): boolean {
  return canBeIdentity(columnFormType(form))
}

/**
 * The spec's messages for a missing name or type (spec 2 §5); empty when the form can be sent.
 *
 * @example
 * validateColumnForm(emptyColumnForm()) // { name: 'Please assign a name for your column', format: 'Please select a type for your column' }
 */
export function validateColumnForm(form: Pick<ColumnForm, 'name' | 'format'>): ColumnFormErrors {
  const errors: ColumnFormErrors = {}
  if (form.name.trim() === '') errors.name = DDL_MESSAGES.columnNameRequired
  if (form.format.trim() === '') errors.format = DDL_MESSAGES.columnTypeRequired
  return errors
}

const orNull = (text: string) => (text.trim() === '' ? null : text)

/**
 * The create-column payload (spec 2 §3): the name trimmed, the type with `[]` for arrays, identity only for
 * integer types, the default's format by the spec's rule (expression or literal).
 *
 * @example
 * toCreateColumnPayload({ ...emptyColumnForm(), name: ' due ', format: 'date', defaultValue: 'CURRENT_DATE' })
 * // { name: 'due', type: 'date', defaultValue: 'CURRENT_DATE', defaultValueFormat: 'expression', isNullable: true, … }
 */
export function toCreateColumnPayload(form: ColumnForm): CreateColumnPayload {
  const identity = form.isIdentity && identityAllowed(form)
  const defaultValue = identity ? null : orNull(form.defaultValue)
  return {
    name: form.name.trim(),
    type: columnFormType(form),
    comment: orNull(form.comment),
    defaultValue,
    ...(defaultValue !== null ? { defaultValueFormat: defaultValueFormatOf(defaultValue) } : {}),
    isIdentity: identity,
    isNullable: form.isNullable,
    isUnique: form.isUnique,
    isPrimaryKey: form.isPrimaryKey,
    check: orNull(form.check),
    ...(form.foreignKey ? { foreignKey: { ...form.foreignKey } } : {}),
  }
}

/**
 * A default as the user would type it: Postgres prints a constant with its cast (`'ok'::mood`,
 * `'{}'::text[]`), which the form shows as the text inside the quotes; expressions stay as printed.
 *
 * @example
 * defaultValueForForm("'it''s'::text") // "it's"
 * defaultValueForForm('now()') // 'now()'
 */
export function defaultValueForForm(printed: string | null): string {
  if (printed === null) return ''
  const constant = /^'((?:[^']|'')*)'::[^']+$/.exec(printed)
  return constant ? (constant[1] as string).replaceAll("''", "'") : printed
}

/**
 * The form of an existing column, from the catalog: its type split into format and array, its default as
 * the user would type it, its primary and foreign key from the table.
 *
 * @example
 * columnFormOf(table.columns[0], table).format // 'int8'
 */
export function columnFormOf(column: PgColumn, table: Pick<PgTable, 'primary_keys' | 'relationships'>): ColumnForm {
  const source = columnPayloadOf(column, table)
  const isArray = isArrayType(source.type)
  return {
    name: source.name,
    comment: source.comment ?? '',
    format: isArray ? source.type.replace(/\[\s*\]\s*$/, '') : source.type,
    isArray,
    defaultValue: defaultValueForForm(source.defaultValue ?? null),
    isIdentity: source.isIdentity ?? false,
    isNullable: source.isNullable ?? true,
    isUnique: source.isUnique ?? false,
    isPrimaryKey: source.isPrimaryKey ?? false,
    check: source.check ?? '',
    foreignKey: source.foreignKey
      ? {
          schema: source.foreignKey.schema,
          table: source.foreignKey.table,
          column: source.foreignKey.column,
          deletionAction: source.foreignKey.deletionAction,
          updateAction: source.foreignKey.updateAction,
        }
      : null,
  }
}

/**
 * The update-column payload of only the changed fields (spec 2 §3): the form against the form the column
 * opened with. Every field sent differs from the catalog too, so the server's own diff keeps all of them
 * and the SQL under review is the SQL that runs.
 *
 * @example
 * toUpdateColumnPayload(column, table, { ...columnFormOf(column, table), name: 'headline' }) // { name: 'headline' }
 */
export function toUpdateColumnPayload(
  column: PgColumn,
  table: Pick<PgTable, 'primary_keys' | 'relationships'>,
  form: ColumnForm,
): UpdateColumnPayload {
  const wanted = toCreateColumnPayload(form)
  return diffColumn(toCreateColumnPayload(columnFormOf(column, table)), {
    ...wanted,
    // Turning identity off is honoured for any type; turning it on only for integers (spec 2 §5).
    isIdentity: form.isIdentity && identityAllowed(form),
    foreignKey: wanted.foreignKey ?? null,
  })
}

/**
 * The columns a new table starts with: `id` (an identity primary key) and `created_at` (now()).
 *
 * @example
 * startingColumns().map((c) => c.name) // ['id', 'created_at']
 */
export function startingColumns(): ColumnForm[] {
  return [
    { ...emptyColumnForm(), name: 'id', format: 'int8', isIdentity: true, isPrimaryKey: true, isNullable: false },
    { ...emptyColumnForm(), name: 'created_at', format: 'timestamptz', defaultValue: 'now()', isNullable: false },
  ]
}

/**
 * The table form's fields (name, description, RLS, and for a new table its columns).
 *
 * @example
 * const form: TableForm = { name: 'todos', comment: '', rlsEnabled: true, columns: startingColumns() }
 */
export interface TableForm {
  name: string
  comment: string
  rlsEnabled: boolean
  columns: ColumnForm[]
}

/**
 * Errors of the table form: the name, and each column's (by index).
 *
 * @example
 * validateTableForm({ name: '', comment: '', rlsEnabled: true, columns: [] }).name // 'Please assign a name for your table'
 */
export function validateTableForm(form: TableForm): { name?: string; columns: ColumnFormErrors[] } {
  const columns = form.columns.map(validateColumnForm)
  return form.name.trim() === '' ? { name: DDL_MESSAGES.tableNameRequired, columns } : { columns }
}

export function tableFormHasErrors(errors: ReturnType<typeof validateTableForm>): boolean {
  return errors.name !== undefined || errors.columns.some((c) => Object.keys(c).length > 0)
}

/**
 * The create-table payload: the one shape any new table is made from (the table form, the CSV import).
 *
 * @example
 * toCreateTablePayload('public', { name: 'todos', comment: '', rlsEnabled: true, columns: startingColumns() })
 */
export function toCreateTablePayload(schema: string, form: TableForm): CreateTablePayload {
  return {
    schema,
    name: form.name.trim(),
    comment: orNull(form.comment),
    rlsEnabled: form.rlsEnabled,
    columns: form.columns.map(toCreateColumnPayload),
  }
}

// ---------- SQL for review ----------

/**
 * The SQL a change will run, built by `@basalt/sql` exactly as the server builds it, or the message of
 * input the builder refuses (an empty name, an unreadable type).
 *
 * @example
 * reviewSql(() => buildDropTable({ table })) // { ok: true, sql: 'drop table "public"."todos"' }
 */
export function reviewSql(build: () => string): { ok: true; sql: string } | { ok: false; message: string } {
  try {
    return { ok: true, sql: build() }
  } catch (error) {
    if (error instanceof SqlInputError) return { ok: false, message: error.message }
    throw error
  }
}

/**
 * The update statements of a column as the server will build them: from the catalog's column (position,
 * type, printed default) and the update payload.
 *
 * @example
 * updateColumnSql(column, { name: 'headline' }) // 'alter table "public"."todos" rename column "title" to "headline"'
 */
export function updateColumnSql(column: PgColumn, changes: UpdateColumnPayload): string {
  return buildUpdateColumn({
    table: { schema: column.schema, name: column.table },
    before: {
      name: column.name,
      ordinalPosition: column.ordinal_position,
      type: columnTypeOf(column),
      defaultValue: column.default_value,
      isIdentity: column.is_identity,
    },
    changes,
  })
}
