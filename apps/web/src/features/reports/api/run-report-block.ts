import { useQuery } from '@tanstack/react-query'
import { reportQueryResultSchema, type ReportQueryBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { reportsKey } from '../../../project/reports/get-reports'

/**
 * POST /api/platform/pg-meta/{ref}/report-query: a block's snippet run for the period; the server binds
 * `{{period_start}}`/`{{period_end}}` as parameters.
 */
export const runReportBlock = (ref: string, body: ReportQueryBody) =>
  api(`/api/platform/pg-meta/${encodeURIComponent(ref)}/report-query`, {
    method: 'POST',
    body,
    schema: reportQueryResultSchema,
  })

export const reportBlockKey = (ref: string, body: ReportQueryBody) => [...reportsKey(ref), 'block', body] as const

export function useReportBlock(ref: string, body: ReportQueryBody) {
  return useQuery({ queryKey: reportBlockKey(ref, body), queryFn: () => runReportBlock(ref, body), retry: false })
}
