import { STORAGE_FILE_SIZE_LIMIT_MAX } from '@basalt/contracts'
import { STORAGE_MESSAGES as M } from '../messages'
import { toBytes, type SizeUnit } from './bucket-form'

const UNIT_BYTES: Record<SizeUnit, number> = { bytes: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }

/** The largest whole number the unit allows (50 GB: 50 GB, 51,200 MB …). */
export const maxIn = (unit: SizeUnit) => Math.floor(STORAGE_FILE_SIZE_LIMIT_MAX / UNIT_BYTES[unit])

/** What the field keeps of a keystroke or a paste: digits only (spec 3 §5 "Whole number only"). */
export const digitsOnly = (text: string) => text.replace(/\D/g, '')

/** The field's error, or undefined: over the maximum in the chosen unit says so in the spec's words. */
export function uploadLimitProblem(text: string, unit: SizeUnit): string | undefined {
  if (text === '') return M.uploadLimitWhole
  if (Number(text) > maxIn(unit)) return M.uploadLimitMax(maxIn(unit), unit)
  return undefined
}

/** The limit in bytes the form sends. */
export const uploadLimitBytes = (text: string, unit: SizeUnit) => toBytes(Number(text), unit)
