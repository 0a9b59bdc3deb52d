import { Transform, type Readable, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  CSV_IMPORT_MAX_REJECTED,
  CSV_IMPORT_TOO_LARGE_MESSAGE,
  type CsvImportOptions,
  type CsvImportResult,
  type CsvRejectedRow,
  csvImportOptionsSchema,
  fail,
  importRejectedMessage,
  ok,
  type Result,
} from '@basalt/contracts'
import { buildCreateTable, ident, literal, qualified, unsafeRaw } from '@basalt/sql'
import { POSTGRES_CSV_OPTIONS } from '@basalt/sql/csv'
import { CsvError, parse } from 'csv-parse'
import { stringify } from 'csv-stringify'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { isPgError, toApiError } from '../db/pg-error.ts'
import { buildFromInput, runSql } from './catalog.ts'
import { readStringsAsChecked } from './expression.ts'
import { findRelation, type Relation } from './relation-lookup.ts'
import { refuseProtectedSchema } from './schemas.ts'
import { checkColumnExpressions } from './table-ddl.ts'

/**
 * CSV import (spec 1 §2 "Import data from CSV", issue 4): the uploaded file streams into `COPY … FROM STDIN`
 * on the caller's transaction, so a failure anywhere (a refused row, a broken upload, a file over the limit)
 * leaves the table as it was once the caller rolls back — every failure here is returned for that purpose.
 *
 * - Every CSV column mapped: the bytes go to COPY untouched (only a UTF-8 byte-order mark is dropped), and
 *   COPY's own column list puts each CSV column into its table column.
 * - Some columns skipped: COPY cannot skip input columns, so the file is parsed (csv-parse) and written back
 *   without them (csv-stringify), keeping null (unquoted empty) apart from '' (quoted empty) and one output
 *   record per input record, so Postgres' line numbers still match the file's.
 * - Rejected rows: Postgres 17+ skips rows whose values do not convert (`ON_ERROR ignore`) and names each in
 *   a notice (`LOG_VERBOSITY verbose`); all of them are collected (the first CSV_IMPORT_MAX_REJECTED, and
 *   Postgres 18's `REJECT_LIMIT` stops there), then the import is refused. Any other error (a constraint,
 *   a malformed line, or every error before 17) stops the COPY and names its line in its context.
 * - Row-level security: Postgres refuses COPY FROM into a table whose RLS applies to the role. Then the rows
 *   are copied into a temporary table of the same column types and inserted from it, so the policies'
 *   WITH CHECK applies; if the insert fails, the rows are tried one by one to list each refused line.
 */

type ImportParams = Omit<CsvImportOptions, 'impersonation'>

/** The upload went over CSV_IMPORT_MAX_BYTES (the multipart parser cut it): raise it through the file stream. */
export class CsvFileTooLargeError extends Error {
  override readonly name = 'CsvFileTooLargeError'
}

/** A record with a different number of fields than the mapping has columns. */
class CsvShapeError extends Error {
  override readonly name = 'CsvShapeError'
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message)
  }
}

/** Drops a UTF-8 byte-order mark at the start of the file (spreadsheets write one; COPY would keep it). */
function stripBom(): Transform {
  let head: Buffer | null = Buffer.alloc(0)
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (head === null) return callback(null, chunk)
      head = Buffer.concat([head, chunk])
      if (head.length < 3) return callback()
      const rest = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head
      head = null
      callback(null, rest)
    },
    flush(callback) {
      callback(null, head && head.length > 0 ? head : undefined)
    },
  })
}

/** Keeps the mapped fields of each record, refusing records of another width. */
function pickColumns(mapping: readonly (string | null)[]): Transform {
  const keep = mapping.flatMap((column, i) => (column === null ? [] : [i]))
  let line = 0
  return new Transform({
    objectMode: true,
    transform(record: (string | null)[], _encoding, callback: TransformCallback) {
      line += 1
      if (record.length !== mapping.length) {
        return callback(new CsvShapeError(line, `Expected ${mapping.length} columns, found ${record.length}`))
      }
      callback(
        null,
        keep.map((i) => record[i]),
      )
    },
  })
}

/**
 * The streams between the upload and COPY, and the delimiter COPY then reads. Parsing happens only when
 * columns are skipped.
 */
function csvStages(params: ImportParams): { stages: Transform[]; delimiter: string } {
  const delimiter = params.delimiter ?? ','
  if (params.mapping.every((column) => column !== null)) return { stages: [stripBom()], delimiter }
  const parser = parse({
    delimiter,
    bom: true,
    // Postgres accepts quotes inside unquoted fields and rows of any width (it reports them itself).
    relax_quotes: true,
    relax_column_count: true,
    // An unquoted empty field is NULL to COPY, a quoted one is ''.
    cast: (value, context) => (value === '' && !context.quoting ? null : value),
  })
  // null is written as nothing, '' as "".
  // Written back in Postgres' own CSV dialect (null unquoted, '' quoted), the one Basalt writes everywhere.
  const writer = stringify(POSTGRES_CSV_OPTIONS)
  return { stages: [parser, pickColumns(params.mapping), writer], delimiter: ',' }
}

function copySql(target: string, columns: readonly string[], params: ImportParams, delimiter: string, version: number) {
  const options = ['format csv', `header ${params.header}`, `delimiter ${literal(delimiter)}`]
  if (version >= 170000) options.push('on_error ignore', 'log_verbosity verbose')
  if (version >= 180000) options.push(`reject_limit ${CSV_IMPORT_MAX_REJECTED}`)
  return `copy ${target} (${columns.map(ident).join(', ')}) from stdin with (${options.join(', ')})`
}

/** The line in `COPY <relation>, line N…`, the context of COPY's errors and notices; null for anything else. */
export function copyLine(where: string | undefined, relation: string): number | null {
  const prefix = `COPY ${relation}, line `
  if (!where?.startsWith(prefix)) return null
  const digits = /^\d+/.exec(where.slice(prefix.length))
  return digits ? Number(digits[0]) : null
}

// Postgres' notice for a row ON_ERROR ignore skipped. Its context is only `COPY <relation>`: the line is in
// the message alone.
const SKIPPED_ROW = /^skipping row due to data type incompatibility at line (\d+) for (column .*)$/s

/** The uploaded file, and the first error it raised. */
interface Upload {
  file: Readable
  error: unknown
}

interface CopyOutcome {
  rows: number
}

type CopyResult = Result<CopyOutcome>

/** Rows refused, as the 422 answer lists them. */
function rejectedFailure(rejected: CsvRejectedRow[], total: number, more = false): CopyResult {
  const sorted = [...rejected].sort((a, b) => a.line - b.line).slice(0, CSV_IMPORT_MAX_REJECTED)
  return {
    ok: false,
    error: {
      code: 'import_rejected',
      message: importRejectedMessage(total, more),
      rejected: sorted,
    } as Extract<CopyResult, { ok: false }>['error'],
  }
}

/**
 * Streams the file through the stages into one COPY into `target` (whose relation name, as COPY's messages
 * write it, is `relationName`), collecting skipped rows. Never throws for what the upload or the data did.
 */
async function copyCsv(
  client: pg.ClientBase,
  upload: Upload,
  params: ImportParams,
  target: { sql: string; relationName: string; columns: readonly string[] },
  version: number,
): Promise<CopyResult> {
  const { stages, delimiter } = csvStages(params)
  const sql = copySql(target.sql, target.columns, params, delimiter, version)
  const rejected: CsvRejectedRow[] = []
  let skipped = 0
  const onNotice = (notice: { message?: string; where?: string }) => {
    const skip = SKIPPED_ROW.exec(notice.message ?? '')
    if (!skip || notice.where !== `COPY ${target.relationName}`) return
    skipped += 1
    if (rejected.length < CSV_IMPORT_MAX_REJECTED) {
      rejected.push({ line: Number(skip[1]), message: `Invalid value for ${skip[2]}` })
    }
  }
  client.on('notice', onNotice)
  try {
    await client.query("select set_config('client_min_messages', 'notice', true)")
    const copy = client.query(copyFrom(sql))
    try {
      await pipeline([upload.file, ...stages, copy])
    } catch (err) {
      if (upload.error !== null) {
        return upload.error instanceof CsvFileTooLargeError
          ? fail('payload_too_large', CSV_IMPORT_TOO_LARGE_MESSAGE)
          : fail('bad_request', 'The upload stopped before the end of the file; nothing was imported')
      }
      if (err instanceof CsvShapeError) return rejectedFailure([{ line: err.line, message: err.message }], 1)
      if (err instanceof CsvError) {
        return rejectedFailure([{ line: Number(err.records) + 1, message: err.message }], 1)
      }
      if (!isPgError(err)) throw err
      const failed = err as { code?: string; where?: string; message: string; detail?: string }
      // Past REJECT_LIMIT (Postgres 18) COPY gives up: the rows skipped so far are the answer.
      if (version >= 180000 && skipped > CSV_IMPORT_MAX_REJECTED) {
        return rejectedFailure(rejected, CSV_IMPORT_MAX_REJECTED, true)
      }
      const line = copyLine(failed.where, target.relationName)
      if (line === null) return { ok: false, error: toApiError(err, sql) }
      const message = failed.detail ? `${failed.message} (${failed.detail})` : failed.message
      return rejectedFailure([...rejected, { line, message }], skipped + 1)
    }
    if (skipped > 0) return rejectedFailure(rejected, skipped)
    return ok({ rows: copy.rowCount })
  } finally {
    client.removeListener('notice', onNotice)
  }
}

/**
 * The RLS path: COPY into a temporary table with the mapped columns' types (c0, c1, … and the record's
 * number), then one insert from it, as the role, so the policies apply. When that insert fails, each row is
 * tried alone (in a subtransaction) to list the refused lines.
 */
async function copyThroughTemporaryTable(
  client: pg.ClientBase,
  upload: Upload,
  params: ImportParams,
  relation: Relation,
  columns: readonly string[],
  version: number,
): Promise<CopyResult> {
  const staging = 'basalt_csv_import'
  const refused = 'basalt_csv_refused'
  const types = new Map(relation.columns.map((c) => [c.name, c.data_type]))
  const slots = columns.map((_, i) => `c${i}`)
  const built = buildFromInput(() => {
    const definitions = columns.map((column, i) => {
      const type = types.get(column)
      if (type === undefined) return null
      // format_type() output from the catalog: a type name Postgres itself wrote, valid as SQL.
      return `${ident(slots[i]!)} ${unsafeRaw(type, 'a type name as format_type() writes it').sql}`
    })
    const missing = columns.find((_, i) => definitions[i] === null)
    return {
      missing,
      create:
        `create temporary table ${ident(staging)} (${definitions.join(', ')}, ` +
        `line bigint generated always as identity) on commit drop; ` +
        `create temporary table ${ident(refused)} (line bigint, message text) on commit drop`,
      target: qualified(relation.schema, relation.name),
      list: columns.map(ident).join(', '),
    }
  })
  if (!built.ok) return built
  const { missing, create, target, list } = built.data
  if (missing !== undefined) {
    return fail('bad_request', `Column "${missing}" does not exist in ${relation.schema}.${relation.name}`)
  }
  const created = await runSql(client, create)
  if (!created.ok) return created

  const copied = await copyCsv(
    client,
    upload,
    params,
    { sql: `pg_temp.${ident(staging)}`, relationName: staging, columns: slots },
    version,
  )
  if (!copied.ok) return copied

  const slotList = slots.map(ident).join(', ')
  const insert =
    `insert into ${target} (${list}) overriding system value ` +
    `select ${slotList} from pg_temp.${ident(staging)} order by line`
  await client.query('savepoint basalt_csv_import')
  try {
    const result = await client.query(insert)
    return ok({ rows: result.rowCount ?? 0 })
  } catch (err) {
    if (!isPgError(err)) throw err
    await client.query('rollback to savepoint basalt_csv_import')
    const offset = params.header ? 1 : 0
    const values = slots.map((slot) => `r.${ident(slot)}`).join(', ')
    const body =
      `declare r record; n int := 0; begin ` +
      `for r in select * from pg_temp.${ident(staging)} order by line loop ` +
      `begin insert into ${target} (${list}) overriding system value values (${values}); ` +
      `exception when others then ` +
      `insert into pg_temp.${ident(refused)} values (r.line + ${offset}, sqlerrm); n := n + 1; ` +
      `exit when n >= ${CSV_IMPORT_MAX_REJECTED}; end; end loop; end`
    const tried = await runSql(client, `do ${literal(body)}`)
    if (!tried.ok) return tried
    const lines = await runSql<{ line: string; message: string }>(
      client,
      `select line, message from pg_temp.${ident(refused)} order by line`,
    )
    if (!lines.ok) return lines
    if (lines.data.length === 0) return { ok: false, error: toApiError(err, insert) }
    const rows = lines.data.map((r) => ({ line: Number(r.line), message: r.message }))
    return rejectedFailure(rows, rows.length, rows.length >= CSV_IMPORT_MAX_REJECTED)
  }
}

/**
 * Imports a CSV file into a table (created first from `create`, in the same transaction, when given). Run it
 * inside a transaction — through withRole, so the role's privileges and RLS apply — and roll back whenever it
 * fails: a failure can come after some rows were written. The file is always read to its end or destroyed.
 */
export async function importCsv(
  client: pg.ClientBase,
  input: ImportParams,
  file: Readable,
): Promise<Result<CsvImportResult>> {
  // Watched from the start: the upload may fail (cut, aborted) while the catalog is still being read.
  const upload: Upload = { file, error: null }
  const onError = (err: unknown) => {
    upload.error ??= err
  }
  file.on('error', onError)
  try {
    return await importUpload(client, input, upload)
  } finally {
    file.removeListener('error', onError)
    // Whatever stopped the import before COPY read the file, the upload must not stall half-read.
    if (!file.readableEnded && !file.destroyed) file.resume()
  }
}

async function importUpload(
  client: pg.ClientBase,
  input: ImportParams,
  upload: Upload,
): Promise<Result<CsvImportResult>> {
  const parsed = csvImportOptionsSchema.safeParse(input)
  if (!parsed.success) return fail('validation_failed', parsed.error.issues.map((i) => i.message).join('; '))
  const params = parsed.data
  // A new table must be created where the import writes (checked below), so this covers it too.
  const refused = refuseProtectedSchema(params.schema)
  if (refused) return refused
  if (params.create) {
    const { create } = params
    if (create.schema !== params.schema || create.name.trim() !== params.table) {
      return fail('bad_request', 'The new table must have the schema and name the import writes to')
    }
    const checked = await checkColumnExpressions(create.columns)
    if (!checked.ok) return checked
    const ddl = buildFromInput(() => buildCreateTable(create))
    if (!ddl.ok) return ddl
    const conforming = await readStringsAsChecked(client)
    if (!conforming.ok) return conforming
    const created = await runSql(client, ddl.data)
    if (!created.ok) return created
  }
  const relation = await findRelation(client, params.schema, params.table)
  if (!relation.ok) return relation
  const columns = params.mapping.filter((column) => column !== null)

  const server = await runSql<{ version: number; rls: boolean }>(
    client,
    "select current_setting('server_version_num')::int as version, row_security_active($1::oid::regclass) as rls",
    [relation.data.id],
  )
  if (!server.ok) return server
  const { version, rls } = server.data[0]!

  let copied: CopyResult
  if (rls) {
    copied = await copyThroughTemporaryTable(client, upload, params, relation.data, columns, version)
  } else {
    const target = buildFromInput(() => qualified(params.schema, params.table))
    if (!target.ok) return target
    copied = await copyCsv(
      client,
      upload,
      params,
      { sql: target.data, relationName: relation.data.name, columns },
      version,
    )
  }
  return copied.ok ? ok({ imported: copied.data.rows }) : copied
}
