/**
 * How a value reads in a grid cell (and wherever a cell's value is shown or copied as text): objects and
 * arrays as JSON, everything else as its text; null for SQL NULL, which the cell shows as a NULL mark.
 *
 * @example
 *   cellText({ pages: 320 }) // '{"pages":320}'
 *   cellText(null)          // null
 */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value)
}
