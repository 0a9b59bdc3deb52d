import { useMutation, useQueryClient } from '@tanstack/react-query'
import { contentItemSchema, type ContentItem, type ReportContent } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { contentPath } from '../content-path'
import { reportKey, reportListKey } from './get-reports'

export interface ReportChange {
  name?: string
  description?: string | null
  /** Replaces the report's content whole. */
  content?: ReportContent
}

/** PATCH …/content?id=: the owner's change of a report (name, description, period, blocks). */
export const updateReport = (ref: string, id: string, change: ReportChange) =>
  api(contentPath(ref, { id }), { method: 'PATCH', body: change, schema: contentItemSchema })

export function useUpdateReport(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ReportChange }) => updateReport(ref, id, change),
    onSuccess: (item: ContentItem) => {
      queryClient.setQueryData(reportKey(ref, item.id), item)
      return queryClient.invalidateQueries({ queryKey: reportListKey(ref) })
    },
  })
}
