import { useMutation, useQueryClient } from '@tanstack/react-query'
import { contentDeleteResultSchema, type ContentItem } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { contentPath } from '../../../project/content-path'
import { reportKey, reportListKey } from '../../../project/reports/get-reports'

/** DELETE …/content?ids={id}: the owner's report. */
export const deleteReport = (ref: string, id: string) =>
  api(contentPath(ref, { ids: id }), { method: 'DELETE', schema: contentDeleteResultSchema })

export function useDeleteReport(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteReport(ref, id),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: reportKey(ref, id) })
      queryClient.setQueryData<ContentItem[]>(reportListKey(ref), (list) => list?.filter((r) => r.id !== id))
      return queryClient.invalidateQueries({ queryKey: reportListKey(ref) })
    },
  })
}
