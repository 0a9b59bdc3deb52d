import {
  CELL_ARRAY_LIMIT_ITEMS,
  CELL_TEXT_LIMIT_BYTES,
  fail,
  ok,
  type Result,
  type RowField,
  type RowFilter,
  type TableCellParams,
  type TableCellResult,
  type TableRow,
  type TableRowsParams,
  type TableRowsResult,
  tableCellParamsSchema,
  tableRowsParamsSchema,
} from '@basalt/contracts'
import { buildSelect, ident, unsafeRaw, type ColumnTypes, type FilterOperator, type Sort } from '@basalt/sql'
import type pg from 'pg'
import { buildFromInput, runSql } from './catalog.ts'
import { isPgError } from '../db/pg-error.ts'
import {
  checkReadableColumns,
  findRelation,
  isSmallRelation,
  signatureSql,
  type Relation,
  type RelationCache,
  type RelationColumn,
} from './relation-lookup.ts'

/**
 * A page of a table's rows for the grid, and one whole cell on demand.
 *
 * A page of a 10-million-row table must not wait on a full scan: no count here (see table-count.ts), no
 * default ORDER BY on a big table, no OFFSET for page 1. Big cells are cut in SQL so they never leave the
 * server whole: text over CELL_TEXT_LIMIT_BYTES bytes arrives as its first CELL_TEXT_LIMIT_BYTES
 * characters, arrays over CELL_ARRAY_LIMIT_ITEMS items as their first CELL_ARRAY_LIMIT_ITEMS.
 */

// The contract's filter operators must be exactly those @basalt/sql builds.
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const operatorsAgree: SameSet<RowFilter['operator'], FilterOperator> = true
void operatorsAgree

/** Column types by name, so @basalt/sql writes filter values of integer columns as numbers. */
export function columnTypesOf(relation: Relation): ColumnTypes {
  return Object.fromEntries(relation.columns.map((c) => [c.name, c.format]))
}

/** The sorts a page is read with: the chosen ones, else the primary key of a small table, else none. */
export function effectiveSorts(relation: Relation, sorts: readonly Sort[]): Sort[] {
  if (sorts.length > 0) return [...sorts]
  if ((relation.kind === 'r' || relation.kind === 'p') && isSmallRelation(relation)) {
    return relation.primary_key.map((column) => ({ column, ascending: true }))
  }
  return []
}

interface OutputColumn {
  name: string
  column: RelationColumn | undefined
  /** Alias of the value in the outer select. */
  value: string
  /** Alias of the text preview of a too-long value (null when the value is whole). */
  preview?: string
  /** Alias of the "array was sliced" flag. */
  sliced?: string
}

// The select list of the outer query over one page, `r` being the page. Aliases are positional (v0, p0,
// s0…) so no user column name can collide with them. Text is measured and cut as `::text`, whatever the
// type: the grid shows it as text anyway, and for text columns octet_length reads the stored length
// without detoasting.
function outerSelectList(columns: OutputColumn[]): string {
  const text = CELL_TEXT_LIMIT_BYTES
  const items = CELL_ARRAY_LIMIT_ITEMS
  return columns
    .flatMap((out) => {
      // Arrays of enums (or other user types) come back as '{a,b}' text the driver cannot split; as text[]
      // they arrive as arrays like any other.
      const v = out.column?.is_user_array ? `(r.${ident(out.name)}::text[])` : `r.${ident(out.name)}`
      if (out.sliced) {
        return [
          `case when cardinality(${v}) > ${items} ` +
            `then ${v}[array_lower(${v}, 1):array_lower(${v}, 1) + ${items - 1}] else ${v} end as ${out.value}`,
          `coalesce(cardinality(${v}) > ${items}, false) as ${out.sliced}`,
        ]
      }
      if (out.preview) {
        const tooLong = `octet_length(${v}::text) > ${text}`
        return [
          `case when ${tooLong} then null else ${v} end as ${out.value}`,
          `case when ${tooLong} then substr(${v}::text, 1, ${text}) end as ${out.preview}`,
        ]
      }
      return [`${v} as ${out.value}`]
    })
    .join(', ')
}

/**
 * A page of rows of a table, view, materialized view or foreign table, with the catalog types of its
 * columns. Run it through withRole so the impersonated role's privileges and RLS apply.
 *
 * With a `relations` cache (reads as the admin connection, outside a transaction) a cached relation is
 * trusted only if its signature, read by the page's own statement, is unchanged; otherwise, or when that
 * page fails or is empty (no row to carry the signature), the relation is looked up again and the page read
 * once more.
 */
export async function fetchTableRows(
  client: pg.ClientBase,
  input: TableRowsParams,
  relations?: RelationCache,
): Promise<Result<TableRowsResult>> {
  const parsed = tableRowsParamsSchema.safeParse(input)
  if (!parsed.success) return fail('validation_failed', parsed.error.issues.map((i) => i.message).join('; '))
  const params = parsed.data

  const cached = relations?.get(params.schema, params.table)
  if (cached) {
    const page = pageOf(params, cached, { withSignature: true })
    if (!page.ok) return page
    const checked = await readCheckedPage(client, page.data.sql, cached)
    if (checked) return ok(resultOf(page.data, cached, checked))
    relations!.delete(params.schema, params.table)
  }

  const relation = await findRelation(client, params.schema, params.table)
  if (!relation.ok) return relation
  relations?.set(relation.data)
  const page = pageOf(params, relation.data)
  if (!page.ok) return page
  const rows = await runSql(client, page.data.sql)
  return rows.ok ? ok(resultOf(page.data, relation.data, rows.data)) : rows
}

interface PageQuery {
  sql: string
  columns: OutputColumn[]
  offset: number
}

type ParsedRowsParams = ReturnType<typeof tableRowsParamsSchema.parse>

/** The output columns reading `names` of `relation`: which are cut, and the aliases they are read by. */
function outputColumnsOf(relation: Relation, names: readonly string[]): OutputColumn[] {
  const byName = new Map(relation.columns.map((c) => [c.name, c]))
  return names.map((name, i) => {
    const column = byName.get(name)
    const out: OutputColumn = { name, column, value: `v${i}` }
    if (column?.is_array) out.sliced = `s${i}`
    else if (column?.is_varlena) out.preview = `p${i}`
    return out
  })
}

/** The statement reading one page of `relation`, with what is needed to read its result back. */
function pageOf(params: ParsedRowsParams, relation: Relation, { withSignature = false } = {}): Result<PageQuery> {
  const names = params.columns ? [...new Set(params.columns)] : relation.columns.map((c) => c.name)
  const readable = checkReadableColumns(relation, [
    ...names,
    ...params.filters.map((f) => f.column),
    ...params.sorts.map((s) => s.column),
  ])
  if (!readable.ok) return readable
  const columns = outputColumnsOf(relation, names)
  const offset = (params.page - 1) * params.limit

  const sql = buildFromInput(() => {
    // An unknown column is selected as asked so Postgres reports it ('column … does not exist').
    const page = buildSelect({
      table: { schema: params.schema, name: params.table },
      columns: names,
      filters: params.filters,
      columnTypes: columnTypesOf(relation),
      sorts: effectiveSorts(relation, params.sorts),
      limit: params.limit,
      // Page 1 reads no OFFSET at all.
      ...(offset > 0 ? { offset } : {}),
    })
    // The cutting happens over the page only, never over the rows the page was chosen from. A plain
    // projection over the ordered subquery keeps its order (Postgres adds no sort or join above it).
    // With a signature, each row also carries the relation's current signature (as `sig`, which no
    // positional alias can be), computed once for the statement. A rename, a move to another schema or a
    // drop of the cached relation changes it, so the name cannot silently point at another table.
    const signature = withSignature ? `, ${signatureSql(relation.id)} as sig` : ''
    return names.length === 0 ? page : `select ${outerSelectList(columns)}${signature} from (${page}) as r`
  })
  return sql.ok ? ok({ sql: sql.data, columns, offset }) : sql
}

/**
 * The page read with the relation's current signature on every row, in one statement. Null when the
 * signature differs from the cached one, when no row came back to carry it, or when the page failed: the
 * caller then looks the relation up again.
 */
async function readCheckedPage(
  client: pg.ClientBase,
  sql: string,
  relation: Relation,
): Promise<Record<string, unknown>[] | null> {
  try {
    const { rows } = await client.query(sql)
    return rows.length > 0 && rows[0].sig === relation.signature ? rows : null
  } catch (err) {
    if (isPgError(err)) return null
    throw err
  }
}

function resultOf(page: PageQuery, relation: Relation, raw: Record<string, unknown>[]): TableRowsResult {
  const rows: TableRow[] = raw.map((r, i) => {
    const data: Record<string, unknown> = {}
    const truncated: string[] = []
    for (const out of page.columns) {
      const preview = out.preview ? r[out.preview] : null
      if (preview !== null && preview !== undefined) {
        data[out.name] = preview
        truncated.push(out.name)
      } else {
        data[out.name] = r[out.value]
        if (out.sliced && r[out.sliced] === true) truncated.push(out.name)
      }
    }
    return { idx: page.offset + i, data, truncated }
  })
  const fields: RowField[] = page.columns.flatMap(({ name, column }) =>
    column ? [{ name, dataTypeID: column.type_id, format: column.format, dataType: column.data_type }] : [],
  )
  return { rows, fields, primaryKey: relation.primary_key }
}

/**
 * Runs a statement of `relation` ending in `returning *` (an insert or an update) and reads the rows it
 * returned exactly as a page shows them (big cells cut, arrays of user types as text[]), so the grid can put
 * them in place of what it had.
 *
 * @example
 *   await runReturningRows(client, relation, 'insert into "public"."todos" ("title") values (\'a\') returning *')
 */
export async function runReturningRows(
  client: pg.ClientBase,
  relation: Relation,
  statement: string,
): Promise<Result<TableRowsResult>> {
  const names = relation.columns.map((c) => c.name)
  const columns = outputColumnsOf(relation, names)
  // A data-modifying statement in WITH runs exactly once; the outer select only reshapes what it returned.
  const sql = `with written as (${statement}) select ${outerSelectList(columns)} from written as r`
  const rows = await runSql(client, sql)
  return rows.ok ? ok(resultOf({ sql, columns, offset: 0 }, relation, rows.data)) : rows
}

/**
 * The whole value of one cell, found by the row's primary key — for cells a page sent truncated.
 * `not_found` when the table or the row does not exist (or RLS hides it).
 */
export async function fetchCell(client: pg.ClientBase, input: TableCellParams): Promise<Result<TableCellResult>> {
  const parsed = tableCellParamsSchema.safeParse(input)
  if (!parsed.success) return fail('validation_failed', parsed.error.issues.map((i) => i.message).join('; '))
  const params = parsed.data
  const relation = await findRelation(client, params.schema, params.table)
  if (!relation.ok) return relation
  const key = relation.data.primary_key
  if (key.length === 0)
    return fail('bad_request', `${params.schema}.${params.table} has no primary key to find the row by`)
  const given = Object.keys(params.primaryKey)
  if (given.length !== key.length || !key.every((k) => given.includes(k))) {
    return fail('bad_request', `Give the primary key columns ${key.join(', ')} to find the row`)
  }
  const column = relation.data.columns.find((c) => c.name === params.column)
  if (!column) return fail('not_found', `Column ${params.column} not found in ${params.schema}.${params.table}`)
  const userArray = column.is_user_array
  const sql = buildFromInput(() => {
    // As in a page: arrays of user types as text[], so the driver splits them.
    const cellValue = userArray ? `${ident(params.column)}::text[]` : ident(params.column)
    return buildSelect({
      table: { schema: params.schema, name: params.table },
      columns: [unsafeRaw(`${cellValue} as value`, 'a column name quoted by ident()')],
      match: params.primaryKey,
      limit: 1,
    })
  })
  if (!sql.ok) return sql
  const rows = await runSql<{ value: unknown }>(client, sql.data)
  if (!rows.ok) return rows
  const [row] = rows.data
  return row ? ok({ value: row.value }) : fail('not_found', 'Row not found')
}
