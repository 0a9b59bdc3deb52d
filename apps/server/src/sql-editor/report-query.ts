import {
  CONTENT_NOT_FOUND_MESSAGE,
  fail,
  ok,
  REPORT_PLACEHOLDERS,
  REPORT_QUERY_MAX_ROWS,
  type ReportQueryBody,
  type ReportQueryResult,
  type Result,
} from '@basalt/contracts'
import { bindPlaceholders } from '@basalt/sql'
import type pg from 'pg'
import Cursor from 'pg-cursor'
import { isPgError, toApiError } from '../db/pg-error.ts'
import type { ProjectCalls } from '../http/project-executor.ts'
import { getContent, getReportBlockSql, type ContentReader } from '../platform/content.ts'
import { columnDescriber, readCursor, RESULT_TYPES } from './run.ts'
import { splitStatements } from './statements.ts'

export const REPORT_QUERY_MESSAGES = {
  notSnippet: 'A report block shows the chart of a SQL snippet',
  oneStatement: 'A report block runs one statement: keep the chart’s query alone in its snippet',
  empty: 'This query is empty',
} as const

/**
 * A report block's chart data (POST …/report-query): the saved snippet the member sees (or, when it is private
 * to the owner of a report the member can open, that report's block of it: see getReportBlockSql), its
 * `{{period_start}}`/`{{period_end}}` bound as timestamptz parameters (never pasted into the text), run as
 * one statement on the member's login in a read-only transaction that is always rolled back, so that a
 * report never changes data. At most REPORT_QUERY_MAX_ROWS rows.
 */
export async function runReportQuery(
  db: pg.Pool,
  project: ProjectCalls,
  who: ContentReader,
  body: ReportQueryBody,
): Promise<Result<ReportQueryResult>> {
  // The member's own view of the snippet first; else, for a block of a report they can open, the report's.
  const snippet = await getContent(db, who, body.snippetId)
  let sql: string
  if (snippet.ok && snippet.data.type === 'sql') sql = snippet.data.content.sql ?? ''
  else if (body.reportId) {
    const viaReport = await getReportBlockSql(db, who, body.reportId, body.snippetId)
    if (!viaReport.ok) return viaReport
    sql = viaReport.data
  } else return fail('not_found', CONTENT_NOT_FOUND_MESSAGE)
  const snippetVisible = snippet.ok
  const bound = bindPlaceholders(sql, REPORT_PLACEHOLDERS, 'timestamptz')
  const split = await splitStatements(bound.text)
  if (!split.ok) return split
  if (split.data.length === 0) return fail('bad_request', REPORT_QUERY_MESSAGES.empty)
  if (split.data.length > 1) return fail('bad_request', REPORT_QUERY_MESSAGES.oneStatement)
  const text = split.data[0]!.sql
  const period: Record<string, string> = { period_start: body.period_start, period_end: body.period_end }
  const values = bound.names.map((name) => period[name]!)

  return project.sql(undefined, async ({ client }) => {
    await client.query('begin transaction read only')
    try {
      // Read through a cursor: a block never holds more than its chart draws.
      const cursor = client.query(new Cursor(text, values, { rowMode: 'array', types: RESULT_TYPES }))
      const { rows, result } = await readCursor(cursor, REPORT_QUERY_MAX_ROWS)
      await new Promise<void>((resolve) => cursor.close(() => resolve()))
      const columns = await columnDescriber(client)(result.fields ?? [])
      return ok({ columns, rows, snippetVisible })
    } catch (err) {
      if (isPgError(err)) return { ok: false, error: toApiError(err, text) }
      throw err
    } finally {
      await client.query('rollback').catch(() => {})
    }
  })
}
