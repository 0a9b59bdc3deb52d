import { z } from 'zod'
import { apiErrorSchema } from './errors.ts'
import { impersonationSchema, rowFilterSchema, rowSortSchema } from './pg-meta.ts'
import { createTablePayloadSchema } from './table-ddl.ts'
import { cellValuesSchema } from './table-writes.ts'

/**
 * Shapes of the table editor's CSV calls: `POST /api/platform/pg-meta/{ref}/table-rows/import` (multipart: a
 * JSON `options` field, then the `file`) and `POST …/table-rows/export` (JSON in, `text/csv` out). Both stream
 * through Postgres' `COPY`, so a file is never held whole in memory on either side of the server.
 */

// ---------- export (spec 1 §8, §9) ----------

/** Spec 1 §9: no CSV export of more rows than this. */
export const CSV_EXPORT_MAX_ROWS = 500_000
/** Spec 1 §8, verbatim: the answer to an export of more than {@link CSV_EXPORT_MAX_ROWS} rows. */
export const CSV_EXPORT_LIMIT_MESSAGE =
  "Sorry! We're unable to support exporting of CSV for row counts larger than 500,000 at the moment."

/**
 * Spec 1 §9: the exported file's name.
 *
 * @example
 *   csvExportFileName('todos') // 'todos_rows.csv'
 */
export const csvExportFileName = (table: string) => `${table}_rows.csv`

/**
 * POST …/table-rows/export — the rows matching the filters, in the order of the sorts, as the role sees them;
 * with `rows`, only those rows (by primary key) among them.
 *
 * @example
 *   { schema: 'public', table: 'todos', filters: [], sorts: [{ column: 'id', ascending: true }] }
 *   { schema: 'public', table: 'todos', filters: [], sorts: [], rows: [{ id: 1 }, { id: 7 }] }
 */
export const tableExportBodySchema = z.object({
  schema: z.string().min(1),
  table: z.string().min(1),
  filters: z.array(rowFilterSchema).default([]),
  sorts: z.array(rowSortSchema).default([]),
  impersonation: impersonationSchema.optional(),
  /** Primary keys of the chosen rows (the grid's selection); all matching rows when left out. */
  rows: z
    .array(cellValuesSchema.refine((key) => Object.keys(key).length > 0, 'each row needs its primary key'))
    .min(1)
    .max(CSV_EXPORT_MAX_ROWS)
    .optional(),
})
export type TableExportBody = z.input<typeof tableExportBodySchema>

// ---------- import ----------

/**
 * The largest CSV file one import accepts. The file streams into `COPY`, so this bounds how long the
 * transaction holds its locks, not memory.
 */
export const CSV_IMPORT_MAX_BYTES = 1024 * 1024 * 1024
/** At most this many rejected rows are listed (and, on Postgres 18, the import stops after this many). */
export const CSV_IMPORT_MAX_REJECTED = 1000

/** The answer to a file over {@link CSV_IMPORT_MAX_BYTES}. */
export const CSV_IMPORT_TOO_LARGE_MESSAGE = 'The file is larger than the 1 GiB a CSV import accepts'
/** Importing into a new table creates it, a schema change, which runs as the project's admin connection. */
export const CSV_IMPORT_CREATE_IMPERSONATING_MESSAGE =
  'A new table is created as the project’s admin connection: stop impersonating a role to import into a new table'

/**
 * The `options` field of an import, sent before the `file` field. `mapping` has one entry per CSV column:
 * the table column it goes to, or null to skip it.
 *
 * @example
 *   { schema: 'public', table: 'todos', header: true, mapping: ['title', null, 'done'] }
 */
export const csvImportOptionsSchema = z.object({
  schema: z.string().min(1),
  table: z.string().min(1),
  /** The first line holds column names (it is not imported). */
  header: z.boolean(),
  /** One character (one byte); a comma when left out. */
  delimiter: z
    .string()
    .length(1)
    .refine((d) => d.charCodeAt(0) < 128 && !['"', '\r', '\n'].includes(d), 'The delimiter must be one ASCII character')
    .optional(),
  mapping: z
    .array(z.string().min(1).nullable())
    .min(1)
    .refine((m) => m.some((c) => c !== null), 'Choose at least one column to import')
    .refine((m) => {
      const targets = m.filter((c) => c !== null)
      return new Set(targets).size === targets.length
    }, 'Each table column can receive only one CSV column'),
  /**
   * Import into a new table, created from this payload in the same transaction (`schema`/`table` then name
   * the new table). Refused while impersonating: creating a table runs as the admin connection.
   */
  create: createTablePayloadSchema.optional(),
  impersonation: impersonationSchema.optional(),
})
export type CsvImportOptions = z.input<typeof csvImportOptionsSchema>

export const csvImportResultSchema = z.object({ imported: z.number() })
export type CsvImportResult = z.infer<typeof csvImportResultSchema>

/**
 * A row Postgres refused. `line` is the row's line in the file as Postgres counts it: the header is line 1,
 * and a quoted value spanning several lines counts once.
 */
export const csvRejectedRowSchema = z.object({ line: z.number().int(), message: z.string() })
export type CsvRejectedRow = z.infer<typeof csvRejectedRowSchema>

/** The 422 answer when rows were refused; nothing was imported. */
export const csvImportRejectedSchema = apiErrorSchema.extend({
  code: z.literal('import_rejected'),
  rejected: z.array(csvRejectedRowSchema),
})
export type CsvImportRejected = z.infer<typeof csvImportRejectedSchema>

/**
 * The message of an import with rejected rows; `more` when the import stopped after `n` of them.
 *
 * @example
 *   importRejectedMessage(2) // '2 rows were rejected; nothing was imported'
 *   importRejectedMessage(1000, true) // 'More than 1,000 rows were rejected; nothing was imported'
 */
export const importRejectedMessage = (n: number, more = false) =>
  more
    ? `More than ${n.toLocaleString('en')} rows were rejected; nothing was imported`
    : `${n.toLocaleString('en')} ${n === 1 ? 'row was' : 'rows were'} rejected; nothing was imported`
