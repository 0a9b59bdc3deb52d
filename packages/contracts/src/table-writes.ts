import { z } from 'zod'
import { impersonationSchema, rowFilterSchema, tableRowsResultSchema } from './pg-meta.ts'

/**
 * Shapes of the grid's row writes (`POST /api/platform/pg-meta/{ref}/table-rows/{insert,update,delete}`).
 * Values travel as the user typed them; the server converts each one by its column's catalog type, never by
 * guessing from the value.
 */

// ---------- messages (spec 1 §8) ----------

/** Updating or deleting rows matches on the primary key; a table without one cannot be edited. */
export const NO_PRIMARY_KEY_MESSAGE = 'Please add a primary key column to your table to update or delete rows'
/** Deleting all rows (truncate) cannot be limited by RLS, so it is refused under an impersonated role. */
export const TRUNCATE_IMPERSONATING_MESSAGE = 'Table truncation is not supported when impersonating a role'
/** An update that changed nothing: the row was deleted meanwhile, or RLS hides it from the role. */
export const NO_ROW_UPDATED_MESSAGE =
  'No row was updated: it no longer exists or a row-level security policy hides it from this role'

/** Rows one insert or one delete-by-key call may carry. */
export const MAX_WRITE_ROWS = 1000

// ---------- values ----------

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }
const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValueSchema),
    z.record(z.string(), jsonValueSchema),
  ]),
)

/**
 * One cell as the user entered it: the text form Postgres accepts for the column type (`'2026-01-02 10:00:00+00'`,
 * `'12.50'`, `'{1,2}'`, `'\x0102'` for bytea), a number or boolean, `null`, any JSON value for json/jsonb columns,
 * or a JSON array for array columns.
 *
 * @example
 *   cellInputSchema.parse({ theme: 'dark' }) // for a jsonb column
 */
export const cellInputSchema = jsonValueSchema
export type CellInput = JsonValue

/** Values by column name. */
export const cellValuesSchema = z.record(z.string().min(1), cellInputSchema)
export type CellValues = z.infer<typeof cellValuesSchema>

const target = {
  schema: z.string().min(1),
  table: z.string().min(1),
  impersonation: impersonationSchema.optional(),
}

// ---------- insert ----------

/**
 * POST …/table-rows/insert — columns left out take their default (identity, `now()` …).
 *
 * @example
 *   { schema: 'public', table: 'todos', rows: [{ title: 'Buy milk', done: false }] }
 */
export const tableInsertBodySchema = z.object({
  ...target,
  rows: z.array(cellValuesSchema).min(1).max(MAX_WRITE_ROWS),
})
export type TableInsertBody = z.infer<typeof tableInsertBodySchema>

// ---------- update ----------

/**
 * POST …/table-rows/update — `match` is the row's primary key, `values` the changed columns.
 *
 * @example
 *   { schema: 'public', table: 'todos', match: { id: 1 }, values: { done: true } }
 */
export const tableUpdateBodySchema = z.object({
  ...target,
  match: cellValuesSchema.refine((m) => Object.keys(m).length > 0, 'match needs the primary key'),
  values: cellValuesSchema.refine((v) => Object.keys(v).length > 0, 'values needs at least one column'),
})
export type TableUpdateBody = z.infer<typeof tableUpdateBodySchema>

/** Insert and update answer with the written rows, shaped exactly like the rows read call. */
export const tableWriteResultSchema = tableRowsResultSchema
export type TableWriteResult = z.infer<typeof tableWriteResultSchema>

// ---------- delete ----------

/**
 * POST …/table-rows/delete — either the rows by primary key, or `all` rows matching the filters; `all` with no
 * filters truncates the table (refused while impersonating). `cascade` makes that truncate `cascade` too
 * (it empties the tables whose foreign keys point here); plain deletes follow the foreign keys' own actions.
 *
 * @example
 *   { schema: 'public', table: 'todos', rows: [{ id: 1 }, { id: 2 }] }
 *   { schema: 'public', table: 'todos', all: { filters: [{ column: 'done', operator: '=', value: 'true' }] } }
 */
export const tableDeleteBodySchema = z.union([
  z.object({
    ...target,
    cascade: z.boolean().optional(),
    rows: z
      .array(cellValuesSchema.refine((m) => Object.keys(m).length > 0, 'each row needs its primary key'))
      .min(1)
      .max(MAX_WRITE_ROWS),
  }),
  z.object({
    ...target,
    cascade: z.boolean().optional(),
    all: z.object({ filters: z.array(rowFilterSchema) }),
  }),
])
export type TableDeleteBody = z.infer<typeof tableDeleteBodySchema>

/** Rows deleted; `null` when the table was truncated (Postgres does not count those). */
export const tableDeleteResultSchema = z.object({ deleted: z.number().nullable() })
export type TableDeleteResult = z.infer<typeof tableDeleteResultSchema>
