import { once } from 'node:events'
import type { Duplex, Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import {
  CSV_EXPORT_LIMIT_MESSAGE,
  CSV_EXPORT_MAX_ROWS,
  fail,
  NO_PRIMARY_KEY_MESSAGE,
  ok,
  type Result,
  type TableExportBody,
  tableExportBodySchema,
} from '@basalt/contracts'
import {
  buildSelect,
  filterConditions,
  ident,
  jsonLiteral,
  qualified,
  sortItem,
  unsafeRaw,
  type Filter,
  type Sort,
} from '@basalt/sql'
import type pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import type { SharedSnapshot } from '../db/impersonation.ts'
import { isPgError, toApiError } from '../db/pg-error.ts'
import { buildFromInput, runSql } from './catalog.ts'
import { checkReadableColumns, findRelation, type Relation } from './relation-lookup.ts'
import { columnTypesOf, effectiveSorts } from './table-rows.ts'

/**
 * CSV export of a table's rows (spec 1 §2 "Export to CSV", §8, §9): the rows matching the grid's filters, in
 * its order, as the impersonated role sees them — or only the selected rows — streamed straight from
 * `COPY (select …) TO STDOUT` to the response, never held in memory. Over CSV_EXPORT_MAX_ROWS rows it is
 * refused before anything is sent.
 */

/** The client went away mid-export; its connection was closed (it was stuck in COPY OUT), nothing to answer. */
export class ExportAbortedError extends Error {
  override readonly name = 'ExportAbortedError'
}

type ExportParams = Omit<TableExportBody, 'impersonation'>

/**
 * The select an export copies: filters and sorts as the grid applies them (its default order too), and, for
 * chosen rows, a semi-join on the primary key against the keys sent. The keys travel as one JSON constant
 * through `jsonb_populate_recordset`, so each converts to its column's type, as in the statement builder's
 * inserts. COPY takes no bind parameters, hence constants.
 *
 * @example
 * exportSelectSql(relation, { schema: 'public', table: 'todos', filters: [], sorts: [], rows: [{ id: 1 }] })
 * // 'select * from "public"."todos" where ("id") in (select "id" from
 * //  jsonb_populate_recordset(null::"public"."todos", \'[{"id":1}]\'::jsonb)) order by "id" asc'
 */
export function exportSelectSql(
  relation: Relation,
  params: { filters: readonly Filter[]; sorts: readonly Sort[]; rows?: readonly Record<string, unknown>[] },
): string {
  const table = { schema: relation.schema, name: relation.name }
  const columnTypes = columnTypesOf(relation)
  const sorts = effectiveSorts(relation, params.sorts)
  // Under a read ceiling only the readable columns, by name; otherwise every column, as `*`.
  const columns = relation.restricted ? relation.columns.map((c) => c.name) : undefined
  if (!params.rows) return buildSelect({ table, columns, filters: params.filters, columnTypes, sorts })
  const name = qualified(relation.schema, relation.name)
  const keys = relation.primary_key.map(ident).join(', ')
  const conditions = filterConditions(params.filters, columnTypes)
  const chosen = jsonLiteral(params.rows as Parameters<typeof jsonLiteral>[0])
  conditions.push(`(${keys}) in (select ${keys} from jsonb_populate_recordset(null::${name}, ${chosen}::jsonb))`)
  const order = sorts.length > 0 ? ` order by ${sorts.map(sortItem).join(', ')}` : ''
  const list = columns ? columns.map(ident).join(', ') : '*'
  return `select ${list} from ${name} where ${conditions.join(' and ')}${order}`
}

/** The statement that streams a select as CSV with a header line. */
export const copyToCsvSql = (select: string) => `copy (${select}) to stdout with (format csv, header true)`

function checkRowKeys(relation: Relation, rows: readonly Record<string, unknown>[]): Result<void> {
  const key = relation.primary_key
  if (key.length === 0) return fail('bad_request', NO_PRIMARY_KEY_MESSAGE)
  for (const row of rows) {
    const given = Object.keys(row)
    if (given.length !== key.length || !key.every((k) => given.includes(k))) {
      return fail('bad_request', `Give the primary key columns ${key.join(', ')} of each row to export`)
    }
  }
  return ok(undefined)
}

/**
 * Whether more than CSV_EXPORT_MAX_ROWS rows match: a count of at most CSV_EXPORT_MAX_ROWS + 1 rows, so a
 * huge table is never scanned to the end just to be refused.
 */
async function overLimit(client: pg.ClientBase, relation: Relation, filters: readonly Filter[]) {
  const probe = buildFromInput(() =>
    buildSelect({
      table: { schema: relation.schema, name: relation.name },
      columns: [unsafeRaw('1', 'a constant: only the number of rows matters')],
      filters,
      columnTypes: columnTypesOf(relation),
      limit: CSV_EXPORT_MAX_ROWS + 1,
    }),
  )
  if (!probe.ok) return probe
  const rows = await runSql<{ n: number }>(client, `select count(*)::int as n from (${probe.data}) as r`)
  return rows.ok ? ok((rows.data[0]?.n ?? 0) > CSV_EXPORT_MAX_ROWS) : rows
}

/**
 * A connection whose COPY OUT was abandoned cannot run anything else (the stream reading it is gone), and
 * Postgres, blocked writing to it, would never notice a polite end: close its socket so the backend rolls
 * back and exits and the pool discards the client (withRole's rollback then fails and releases it broken).
 */
async function abandonConnection(client: pg.ClientBase): Promise<void> {
  // The closed socket surfaces as an 'error' on the client; a checked-out client has no listener for it.
  client.on('error', () => {})
  // (events.once would reject on that 'error': wait for 'end' alone.)
  const ended = new Promise((resolve) => client.once('end', resolve))
  ;(client as unknown as { connection: { stream: Duplex } }).connection.stream.destroy()
  // Once ended the client is marked unusable, so the pool drops it on release instead of handing it out.
  await ended
}

/**
 * Streams the export. Checks come first and fail as values (not found, no primary key, over the limit, a
 * Postgres error such as an unknown sort column); once the COPY has produced its first data, `start` gets the
 * CSV stream to send and this resolves when it has been sent whole. When the receiver stops reading, it
 * throws {@link ExportAbortedError} after closing the connection; a Postgres error mid-stream is thrown as is.
 * Run it through withRole so the role's privileges and RLS apply.
 *
 * Given a shared snapshot (withRole's `shareSnapshot`), the row count runs on a second connection that sees
 * the same rows while the COPY starts on this one: the count's scan and the COPY's first rows overlap, and
 * nothing is sent until the count allows it. Without one, or with no connection to spare, it counts first.
 */
export async function exportTableCsv(
  client: pg.ClientBase,
  input: ExportParams,
  start: (csv: Readable) => void,
  snapshot?: SharedSnapshot,
): Promise<Result<void>> {
  const parsed = tableExportBodySchema.safeParse(input)
  if (!parsed.success) return fail('validation_failed', parsed.error.issues.map((i) => i.message).join('; '))
  const params = parsed.data
  const relation = await findRelation(client, params.schema, params.table)
  if (!relation.ok) return relation
  const readable = checkReadableColumns(relation.data, [
    ...params.filters.map((f) => f.column),
    ...params.sorts.map((s) => s.column),
  ])
  if (!readable.ok) return readable
  const sql = buildFromInput(() => copyToCsvSql(exportSelectSql(relation.data, params)))
  if (!sql.ok) return sql
  let counted: Promise<Result<boolean>> | undefined
  if (params.rows) {
    const keys = checkRowKeys(relation.data, params.rows)
    if (!keys.ok) return keys
  } else {
    const count = (on: pg.ClientBase) => overLimit(on, relation.data, params.filters)
    counted = (await snapshot?.alongside(count))?.done
    if (!counted) {
      const over = await count(client)
      if (!over.ok) return over
      if (over.data) return fail('bad_request', CSV_EXPORT_LIMIT_MESSAGE)
    }
  }

  // Up to 4 MiB buffered between Postgres and the client: room for the COPY to run ahead while the count
  // finishes (about 50 ms of its output), fewer stops and starts of the Postgres socket when the client is
  // briefly slower, and still a bounded memory per export (docs/performance.md).
  const csv = client.query(copyTo(sql.data, { highWaterMark: 4 * 1024 * 1024 }))
  // A statement Postgres refuses fails before any data: wait for the first data (or the end) to know.
  const firstData = once(csv, 'readable').then(
    () => ok(undefined),
    (err: unknown): Result<void> => {
      if (isPgError(err)) return { ok: false, error: toApiError(err, sql.data) }
      throw err
    },
  )
  // The count, when it runs alongside, has the last word: over the limit (or failed), nothing is sent, and a
  // COPY already under way is stopped by closing its connection.
  const [over, copying] = await Promise.allSettled([counted, firstData])
  const stop = async () => {
    if (copying.status !== 'fulfilled' || !copying.value.ok) return
    csv.on('error', () => {}) // the closed connection ends it with an error nobody waits for
    await abandonConnection(client)
  }
  if (over.status === 'rejected') {
    await stop()
    throw over.reason
  }
  if (over.value && !(over.value.ok && !over.value.data)) {
    await stop()
    return over.value.ok ? fail('bad_request', CSV_EXPORT_LIMIT_MESSAGE) : over.value
  }
  if (copying.status === 'rejected') throw copying.reason
  const copied = copying.value
  if (!copied.ok) return copied
  start(csv)
  try {
    await finished(csv)
  } catch (err) {
    if (isPgError(err)) throw err
    await abandonConnection(client)
    throw new ExportAbortedError('The client stopped reading the export', { cause: err })
  }
  return ok(undefined)
}
