import { useMutation, useQueryClient } from '@tanstack/react-query'
import { contentItemSchema, defaultReportContent } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { contentPath } from '../../../project/content-path'
import { reportKey, reportListKey } from '../../../project/reports/get-reports'

export interface NewReport {
  name: string
  description: string
}

/**
 * POST …/content: a new custom report, shared with the project (spec 1 §3, §7), with the default content
 * (the last 7 days to today, by day, no blocks).
 */
export const createReport = (ref: string, { name, description }: NewReport) =>
  api(contentPath(ref), {
    method: 'POST',
    body: {
      type: 'report',
      name,
      description: description.trim() || null,
      visibility: 'project',
      content: defaultReportContent(new Date()),
    },
    schema: contentItemSchema,
  })

export function useCreateReport(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (report: NewReport) => createReport(ref, report),
    onSuccess: (item) => {
      queryClient.setQueryData(reportKey(ref, item.id), item)
      return queryClient.invalidateQueries({ queryKey: reportListKey(ref) })
    },
  })
}
