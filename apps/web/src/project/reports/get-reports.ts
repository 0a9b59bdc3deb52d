import { useQuery } from '@tanstack/react-query'
import { contentItemSchema, contentListSchema, reportContentSchema, type ContentItem } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { contentPath } from '../content-path'

/**
 * A project's custom reports (content of type 'report'), read by the Reports menu, the reports pages and the
 * SQL editor's 'Add to report'.
 */

/** The root of every key of a project's reports (the list and each report), for invalidation. */
export const reportsKey = (ref: string) => ['content', ref, 'report'] as const
export const reportListKey = (ref: string) => [...reportsKey(ref), 'list'] as const
export const reportKey = (ref: string, id: string) => [...reportsKey(ref), 'item', id] as const

/** GET …/content?type=report: the project's reports, sorted by name (spec 2 §9). */
export const getReports = (ref: string) =>
  api(contentPath(ref, { type: 'report' }), { schema: contentListSchema }).then((answer) => answer.data)

export function useReports(ref: string, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: reportListKey(ref), queryFn: () => getReports(ref), enabled: options.enabled ?? true })
}

/** A report's period and blocks, as stored; a report whose content is not one (older data) reads as broken. */
export const reportContentOf = (report: ContentItem) => reportContentSchema.parse(report.content)

/** GET …/content/item/{id} */
export const getReport = (ref: string, id: string) =>
  api(`${contentPath(ref)}/item/${encodeURIComponent(id)}`, { schema: contentItemSchema })

export function useReport(ref: string, id: string) {
  return useQuery({ queryKey: reportKey(ref, id), queryFn: () => getReport(ref, id) })
}
