import { STORAGE_MESSAGES as M } from '../messages'

/** Byte units of the size limit (spec 3 §9: bytes, KB, MB, GB, step 1024). */
export const SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB'] as const
export type SizeUnit = (typeof SIZE_UNITS)[number]

const UNIT_BYTES: Record<SizeUnit, number> = { bytes: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }

/** A size in a unit, in bytes: `toBytes(5, 'MB')` is 5,242,880. */
export const toBytes = (value: number, unit: SizeUnit) => Math.round(value * UNIT_BYTES[unit])

/** The largest unit a byte count divides into exactly, for showing a stored limit as it was typed. */
export function fromBytes(bytes: number): { value: number; unit: SizeUnit } {
  for (const unit of [...SIZE_UNITS].reverse()) {
    if (bytes !== 0 && bytes % UNIT_BYTES[unit] === 0) return { value: bytes / UNIT_BYTES[unit], unit }
  }
  return { value: bytes, unit: 'bytes' }
}

/** The spec's name rules (§5), in order; undefined when the name is accepted. */
export function validateBucketName(name: string): string | undefined {
  if (name.trim() === '') return M.nameRequired
  if (/\s$/.test(name)) return M.nameTrailingSpace
  if (name === 'public') return M.nameReserved
  return undefined
}

/** The size field takes digits only (spec 3 §5); undefined when it is a whole number ≥ 0. */
export function validateSizeLimit(text: string): string | undefined {
  if (text.trim() === '') return M.sizeLimitMinimum
  if (!/^\d+$/.test(text.trim())) return Number(text) < 0 ? M.sizeLimitMinimum : M.sizeLimitDigits
  return undefined
}

/** Comma-separated MIME types, wildcards allowed; blank allows any (sent as null, spec 3 §5). */
export function parseMimeTypes(text: string): string[] | null {
  const types = text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
  return types.length === 0 ? null : types
}

export interface BucketFormValues {
  name: string
  public: boolean
  limitSize: boolean
  sizeText: string
  sizeUnit: SizeUnit
  mimeText: string
}

export interface BucketPayload {
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
}

export type BucketFormErrors = Partial<Record<'name' | 'size', string>>

/** Every error of the form; `editing` skips the name, which cannot change after creation. */
export function validateBucketForm(values: BucketFormValues, editing: boolean): BucketFormErrors {
  const errors: BucketFormErrors = {}
  if (!editing) {
    const name = validateBucketName(values.name)
    if (name) errors.name = name
  }
  if (values.limitSize) {
    const size = validateSizeLimit(values.sizeText)
    if (size) errors.size = size
  }
  return errors
}

/** The body of create (with the name as id) or update. */
export function bucketPayload(values: BucketFormValues): BucketPayload {
  return {
    public: values.public,
    file_size_limit: values.limitSize ? toBytes(Number(values.sizeText.trim()), values.sizeUnit) : null,
    allowed_mime_types: parseMimeTypes(values.mimeText),
  }
}

/** The form's values for a bucket (edit) or a new one. */
export function bucketFormValues(
  bucket?: {
    name: string
    public: boolean
    file_size_limit: number | null
    allowed_mime_types: string[] | null
  } | null,
): BucketFormValues {
  if (!bucket) return { name: '', public: false, limitSize: false, sizeText: '0', sizeUnit: 'MB', mimeText: '' }
  const size = bucket.file_size_limit === null ? null : fromBytes(bucket.file_size_limit)
  return {
    name: bucket.name,
    public: bucket.public,
    limitSize: size !== null,
    sizeText: size ? String(size.value) : '0',
    sizeUnit: size ? size.unit : 'MB',
    mimeText: (bucket.allowed_mime_types ?? []).join(', '),
  }
}
