import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { builtInReportSchema, type BuiltInReport, type ReportTimePeriod } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

const reportsPath = (ref: string) => `/api/platform/projects/${encodeURIComponent(ref)}/analytics/reports`
export const builtInReportKey = (ref: string, report: BuiltInReport, period?: ReportTimePeriod) =>
  ['built-in-report', ref, report, ...(period ? [period] : [])] as const

/** GET …/analytics/reports/:report?period=: a built-in report's charts and tables. */
export const useBuiltInReport = (ref: string, report: BuiltInReport, period: ReportTimePeriod) =>
  useQuery({
    queryKey: builtInReportKey(ref, report, period),
    queryFn: ({ signal }) =>
      api(`${reportsPath(ref)}/${report}?period=${period}`, { schema: builtInReportSchema, signal }),
  })

/** POST …/query-performance/reset: empties this database's statement statistics. */
export const useResetQueryStats = (ref: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => api(`${reportsPath(ref)}/query-performance/reset`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: builtInReportKey(ref, 'query-performance') }),
  })
}
