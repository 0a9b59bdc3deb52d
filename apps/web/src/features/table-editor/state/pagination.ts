/** The last page for a total (at least 1, so an empty table still has page 1). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/**
 * A page number held between 1 and the last page (spec 1 §5 "Pagination input is clamped"; §4 "If the
 * count shrinks, the page is clamped"). Without a known total only the lower bound applies.
 *
 * @example
 *   clampPage(9, 250, 100) // 3
 */
export function clampPage(page: number, total: number | undefined, pageSize: number): number {
  const whole = Number.isFinite(page) ? Math.trunc(page) : 1
  const upper = total === undefined ? Number.POSITIVE_INFINITY : lastPage(total, pageSize)
  return Math.min(Math.max(1, whole), upper)
}

/** What the page input's text means: a clamped page, or null when it is not a number (keep the old page). */
export function parsePageInput(text: string, total: number | undefined, pageSize: number): number | null {
  const trimmed = text.trim()
  if (!/^-?\d+$/.test(trimmed)) return null
  return clampPage(Number(trimmed), total, pageSize)
}
