import {
  COUNT_ESTIMATE_THRESHOLD,
  fail,
  ok,
  type Result,
  type TableCountParams,
  type TableCountResult,
  tableCountParamsSchema,
} from '@basalt/contracts'
import { buildCount, buildSelect, filterConditions } from '@basalt/sql'
import type pg from 'pg'
import { buildFromInput, runSql } from './catalog.ts'
import { checkReadableColumns, findRelation } from './relation-lookup.ts'
import { columnTypesOf } from './table-rows.ts'

/**
 * The row count of the grid's footer. It must never make a big table wait on a full scan: above
 * COUNT_ESTIMATE_THRESHOLD rows it answers an estimate (`is_estimate: true`) unless `exact` is asked for.
 *
 * - No filters, table statistics known, no RLS: pg_class.reltuples scaled to the current size.
 * - Otherwise (filters, a view, never analysed, or RLS which hides rows from the role): the planner's
 *   estimate of the filtered select, from EXPLAIN, which includes RLS quals.
 * - An estimate at or below the threshold is replaced by count(*), which is then cheap.
 */

interface ExplainRow {
  'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }]
}

/** Counts the rows of a table or view that pass the filters, as the calling role sees them. */
export async function countTableRows(
  client: pg.ClientBase,
  input: TableCountParams,
): Promise<Result<TableCountResult>> {
  const parsed = tableCountParamsSchema.safeParse(input)
  if (!parsed.success) return fail('validation_failed', parsed.error.issues.map((i) => i.message).join('; '))
  const params = parsed.data
  const relation = await findRelation(client, params.schema, params.table)
  if (!relation.ok) return relation
  const readable = checkReadableColumns(
    relation.data,
    params.filters.map((f) => f.column),
  )
  if (!readable.ok) return readable
  const table = { schema: params.schema, name: params.table }
  const columnTypes = columnTypesOf(relation.data)

  const built = buildFromInput(() => ({
    count: buildCount({ table, filters: params.filters, columnTypes }),
    select: buildSelect({ table, filters: params.filters, columnTypes }),
    filtered: filterConditions(params.filters, columnTypes).length > 0,
  }))
  if (!built.ok) return built
  const { count, select, filtered } = built.data

  const exact = async (): Promise<Result<TableCountResult>> => {
    const rows = await runSql<{ count: string }>(client, count)
    return rows.ok ? ok({ count: Number(rows.data[0]?.count ?? 0), is_estimate: false }) : rows
  }
  if (params.exact) return exact()

  const { estimated_rows: estimate, rls_enabled } = relation.data
  if (estimate !== null && estimate <= COUNT_ESTIMATE_THRESHOLD) return exact()
  if (estimate !== null && !filtered && !rls_enabled) return ok({ count: estimate, is_estimate: true })

  const explainSql = `explain (format json) ${select}`
  const plan = await runSql<ExplainRow>(client, explainSql)
  if (!plan.ok) return plan
  const planRows = Math.round(plan.data[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0)
  return planRows > COUNT_ESTIMATE_THRESHOLD ? ok({ count: planRows, is_estimate: true }) : exact()
}
