import { STORAGE_MESSAGES as M } from '../messages'

/** Seconds of each custom expiry unit (spec 3 §9: a month is 30 days). */
export const EXPIRY_UNIT_SECONDS = { days: 86_400, weeks: 604_800, months: 2_592_000, years: 31_536_000 } as const
export type ExpiryUnit = keyof typeof EXPIRY_UNIT_SECONDS

/** The file menu's presets (spec 3 §9); the default expiry is one year. */
export const EXPIRY_PRESETS = [
  { label: M.expireOneWeek, seconds: EXPIRY_UNIT_SECONDS.weeks },
  { label: M.expireOneMonth, seconds: EXPIRY_UNIT_SECONDS.months },
  { label: M.expireOneYear, seconds: EXPIRY_UNIT_SECONDS.years },
] as const
export const DEFAULT_EXPIRY_SECONDS = 31_536_000

/**
 * The custom expiry's duration: `{ seconds }` when it is a number above 0, `{ error }` when a value is entered
 * but is not, `{}` while empty (the button is disabled, no error yet).
 */
export function customExpiry(text: string, unit: ExpiryUnit): { seconds?: number; error?: string } {
  const trimmed = text.trim()
  if (trimmed === '') return {}
  const value = Number(trimmed)
  if (!Number.isFinite(value) || value <= 0) return { error: M.expiryPositive }
  return { seconds: Math.round(value * EXPIRY_UNIT_SECONDS[unit]) }
}

/** When a URL made now for `seconds` expires. */
export const expiryDate = (seconds: number, now: Date = new Date()) => new Date(now.getTime() + seconds * 1000)
