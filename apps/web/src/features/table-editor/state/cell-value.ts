import { cellText } from '../../../ui/data-grid/cell-text'

/** A primary-key value as the cell call takes it (strings, numbers, booleans, null). */
export function primaryKeyValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  return JSON.stringify(value)
}

/** The filter value of the foreign-key link: the cell's text. */
export const filterValueOf = (value: unknown) => cellText(value) ?? ''
