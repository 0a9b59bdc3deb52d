import { z } from 'zod'
import { chartConfigSchema, sqlColumnSchema } from './sql-editor.ts'
import { pgUuidSchema } from './uuid.ts'

/*
 * Custom reports (spec 1 §3, §5, §8; spec 2 §3, §8): content of type 'report' whose `content` is the report's
 * period and layout. A block of the layout is the result chart of a saved SQL snippet, run again for the
 * report's period: `{{period_start}}` and `{{period_end}}` in the snippet are bound as parameters.
 */

// ---------- texts ----------

export const REPORT_MESSAGES = {
  nameRequired: 'Required',
  created: 'New report created',
  createFailed: 'Failed to create report. Check console for more details.',
  updated: 'Report updated',
  updateFailed: 'Failed to update report. Check console for more details.',
  deleted: 'Report deleted',
} as const

// ---------- content ----------

/** How far back a report looks; 'today' is the end of every period. */
export const REPORT_TIME_PERIODS = ['1d', '7d', '30d'] as const
export const reportTimePeriodSchema = z.enum(REPORT_TIME_PERIODS)
export type ReportTimePeriod = z.infer<typeof reportTimePeriodSchema>

/** Days of each period. */
export const REPORT_PERIOD_DAYS: Record<ReportTimePeriod, number> = { '1d': 1, '7d': 7, '30d': 30 }
/** How each period reads, in a report's period picker and the SQL editor's. */
export const REPORT_PERIOD_LABELS: Record<ReportTimePeriod, string> = {
  '1d': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
}

/** The placeholders a snippet of a report block may use. */
export const REPORT_PLACEHOLDERS = ['period_start', 'period_end'] as const

/** The most blocks one report holds. */
export const REPORT_MAX_BLOCKS = 50

/** One block of a report: the result chart of a saved snippet. */
export const reportBlockSchema = z.object({
  id: pgUuidSchema,
  snippet_id: pgUuidSchema,
  chart: chartConfigSchema,
})
export type ReportBlock = z.infer<typeof reportBlockSchema>

/** A report's content (spec 1 §3); `date` is when the period was chosen, as an ISO timestamp. */
export const reportContentSchema = z.object({
  schema_version: z.literal(1),
  period_start: z.object({ time_period: reportTimePeriodSchema, date: z.string().max(64) }),
  period_end: z.object({ time_period: z.literal('today'), date: z.string().max(64) }),
  interval: z.enum(['1h', '1d']),
  layout: z.array(reportBlockSchema).max(REPORT_MAX_BLOCKS, `A report holds at most ${REPORT_MAX_BLOCKS} blocks`),
})
export type ReportContent = z.infer<typeof reportContentSchema>

/**
 * A new report's content (spec 1 §3, §9): the last 7 days up to today, by day, with no blocks.
 *
 * @example
 *   defaultReportContent(new Date('2026-11-24T00:00:00Z')).period_start // { time_period: '7d', date: '2026-11-24T00:00:00.000Z' }
 */
export function defaultReportContent(now: Date): ReportContent {
  const date = now.toISOString()
  return {
    schema_version: 1,
    period_start: { time_period: '7d', date },
    period_end: { time_period: 'today', date },
    interval: '1d',
    layout: [],
  }
}

/**
 * The window a period covers, ending `now`.
 *
 * @example
 *   reportWindow('1d', new Date('2026-11-24T12:00:00Z')) // { start: '2026-11-23T12:00:00.000Z', end: '2026-11-24T12:00:00.000Z' }
 */
export function reportWindow(period: ReportTimePeriod, now: Date): { start: string; end: string } {
  const start = new Date(now.getTime() - REPORT_PERIOD_DAYS[period] * 86_400_000)
  return { start: start.toISOString(), end: now.toISOString() }
}

// ---------- running a block ----------

/** POST /api/platform/pg-meta/:ref/report-query: a report block's snippet, run for a period. */
export const reportQueryBodySchema = z
  .object({
    snippetId: pgUuidSchema,
    /** The report the block belongs to: its chart draws for whoever can open the report. */
    reportId: pgUuidSchema.optional(),
    period_start: z.iso.datetime({ offset: true, message: 'period_start must be an ISO timestamp' }),
    period_end: z.iso.datetime({ offset: true, message: 'period_end must be an ISO timestamp' }),
  })
  .refine((b) => Date.parse(b.period_start) <= Date.parse(b.period_end), {
    message: 'period_start must not be after period_end',
    path: ['period_start'],
  })
export type ReportQueryBody = z.infer<typeof reportQueryBodySchema>

/** Rows a block's chart gets at most. */
export const REPORT_QUERY_MAX_ROWS = 1000

export const reportQueryResultSchema = z.object({
  columns: z.array(sqlColumnSchema),
  rows: z.array(z.array(z.unknown())),
  /** Whether the member may open the snippet itself ('Open query'); a private one of the report's owner not. */
  snippetVisible: z.boolean(),
})
export type ReportQueryResult = z.infer<typeof reportQueryResultSchema>
