import { describe, expect, it } from 'vitest'
import { STORAGE_MESSAGES as M } from '../messages'
import {
  bucketFormValues,
  bucketPayload,
  fromBytes,
  parseMimeTypes,
  toBytes,
  validateBucketForm,
  validateBucketName,
  validateSizeLimit,
} from './bucket-form'

describe('bucket name (spec 3 §5)', () => {
  it('is required, cannot end with a whitespace, and "public" is reserved', () => {
    expect(validateBucketName('')).toBe('Please provide a name for your bucket')
    expect(validateBucketName('   ')).toBe(M.nameRequired)
    expect(validateBucketName('avatars ')).toBe('The name of the bucket cannot end with a whitespace')
    expect(validateBucketName('public')).toBe('"public" is a reserved name. Please choose another name')
    expect(validateBucketName('avatars')).toBeUndefined()
    expect(validateBucketName('my.bucket-1')).toBeUndefined()
  })
})

describe('file size limit', () => {
  it('accepts whole numbers ≥ 0 only', () => {
    expect(validateSizeLimit('-1')).toBe('File size upload limit has to be at least 0')
    expect(validateSizeLimit('')).toBe(M.sizeLimitMinimum)
    expect(validateSizeLimit('1.5')).toBe(M.sizeLimitDigits)
    expect(validateSizeLimit('0')).toBeUndefined()
    expect(validateSizeLimit('50')).toBeUndefined()
  })

  it('converts with step 1024 both ways', () => {
    expect(toBytes(5, 'MB')).toBe(5 * 1024 * 1024)
    expect(toBytes(1, 'GB')).toBe(1073741824)
    expect(fromBytes(5 * 1024 * 1024)).toEqual({ value: 5, unit: 'MB' })
    expect(fromBytes(1500)).toEqual({ value: 1500, unit: 'bytes' })
    expect(fromBytes(0)).toEqual({ value: 0, unit: 'bytes' })
  })
})

describe('MIME types', () => {
  it('are comma-separated with wildcards; blank is null (any)', () => {
    expect(parseMimeTypes('image/*, application/pdf ,')).toEqual(['image/*', 'application/pdf'])
    expect(parseMimeTypes('  ')).toBeNull()
  })
})

describe('the whole form', () => {
  it('checks the name only when creating, the size only when restricted', () => {
    const values = { ...bucketFormValues(), name: 'public', limitSize: true, sizeText: '-3' }
    expect(validateBucketForm(values, false)).toEqual({ name: M.nameReserved, size: M.sizeLimitMinimum })
    expect(validateBucketForm(values, true)).toEqual({ size: M.sizeLimitMinimum })
    expect(validateBucketForm({ ...values, limitSize: false }, true)).toEqual({})
  })

  it('round-trips a bucket into its payload', () => {
    const bucket = { name: 'docs', public: true, file_size_limit: 2 * 1024 ** 2, allowed_mime_types: ['image/*'] }
    const values = bucketFormValues(bucket)
    expect(values).toMatchObject({ limitSize: true, sizeText: '2', sizeUnit: 'MB', mimeText: 'image/*' })
    expect(bucketPayload(values)).toEqual({ public: true, file_size_limit: 2097152, allowed_mime_types: ['image/*'] })
    expect(bucketPayload({ ...values, limitSize: false, mimeText: '' })).toEqual({
      public: true,
      file_size_limit: null,
      allowed_mime_types: null,
    })
  })
})
