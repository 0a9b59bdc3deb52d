import { z } from 'zod'

/**
 * Shapes of the storage calls (spec 3; issue 24): buckets, the explorer's object calls, uploads, downloads,
 * zips, links, bucket jobs and the project's storage settings. Every route is listed in docs/storage.md with
 * its permission. Server routes declare these; web fetchers parse with them.
 */

// ---------- constants (spec 3 §9) ----------

/** Bytes a stored object's name may take (S3's key limit); a longer name is refused. */
export const OBJECT_NAME_MAX_BYTES = 1024
/** The file that makes an empty folder exist (spec 3 §3). Never listed as an item. */
export const EMPTY_FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder'
/** Items in one page of a folder (spec 3 §9). */
export const OBJECTS_PAGE_SIZE = 200
export const OBJECTS_PAGE_MAX = 1000
/** Cache-Control max-age of uploads, in seconds (spec 3 §9). */
export const UPLOAD_CACHE_CONTROL_SECONDS = 3600
/** Above this a file goes through resumable (TUS) uploads (issue 24 §4). */
export const RESUMABLE_UPLOAD_THRESHOLD_BYTES = 6 * 1024 * 1024
/** Files above this are not previewed (spec 3 §9). */
export const PREVIEW_MAX_BYTES = 10_000_000
/** The project's default and highest upload limit: 50 GB (spec 3 §9). */
export const STORAGE_FILE_SIZE_LIMIT_MAX = 53_687_091_200
/** The upload limit of every project on the free plan (STORAGE_PLAN=free; spec 3 §6): 50 MB. */
export const STORAGE_FREE_PLAN_FILE_SIZE_LIMIT = 52_428_800
/** Signed URL expiry presets and default, in seconds (spec 3 §9). */
export const SIGNED_URL_EXPIRY = { week: 604_800, month: 2_592_000, year: 31_536_000 } as const
export const SIGNED_URL_DEFAULT_EXPIRY = 31_536_000
/** Custom expiry units, in seconds (spec 3 §9). */
export const EXPIRY_UNIT_SECONDS = { days: 86_400, weeks: 604_800, months: 2_592_000, years: 31_536_000 } as const
/** The Storage API base of a project (part 2): `${PUBLIC_URL}/project-api/{ref}/storage/v1`. */
export const storageApiBase = (ref: string) => `/project-api/${encodeURIComponent(ref)}/storage/v1`
/** TUS resumable upload endpoint (POST to create, PATCH/HEAD/DELETE on the upload's URL). */
export const resumableUploadPath = (ref: string) => `${storageApiBase(ref)}/upload/resumable`

// ---------- messages (spec 3 §5, §8; verbatim) ----------

export const STORAGE_MESSAGES = {
  bucketNameRequired: 'Please provide a name for your bucket',
  bucketNameTrailingSpace: 'The name of the bucket cannot end with a whitespace',
  bucketNameReserved: '"public" is a reserved name. Please choose another name',
  bucketNameHint: 'Bucket names may only contain lowercase letters, numbers, dots and hyphens',
  bucketSizeLimitMin: 'File size upload limit has to be at least 0',
  bucketNotFound: 'Bucket not found',
  bucketExists: (name: string) => `A bucket named "${name}" already exists`,
  objectNotFound: 'Object not found',
  objectExists: (name: string) =>
    `The name ${name} already exists in the current directory. Please use a different name.`,
  folderNameInvalid: 'Folder name contains invalid special characters',
  folderNameSlashes: 'Folder name cannot contain forward or back slashes.',
  mimeTypeNotAllowed: (type: string) => `The file type ${type} is not allowed in this bucket`,
  overBucketLimit: (limit: number) => `The file is larger than this bucket's upload limit of ${limit} bytes`,
  overProjectLimit: (limit: number) => `The file is larger than the project's upload limit of ${limit} bytes`,
  uploadIncomplete: 'The upload ended before all of its bytes arrived; nothing was stored',
  uploadLengthRequired: 'The upload must say its size (Content-Length)',
  projectLimitMax: (bytes: number) => `Upload file size limit must be up to 50GB (${bytes} bytes)`,
  freePlanLimit: 'The upload file size limit is fixed at 50 MB on the free plan',
  signedUrlExpiryMin: 'Expiry duration cannot be less than 0',
  tokenInvalid: 'The signed URL is invalid',
  tokenExpired: 'The signed URL has expired',
  tokenOtherObject: 'The signed URL is for another object',
  bucketNotPublic: 'This bucket is not public',
  corrupted: 'File is corrupted, please delete and reupload again.',
} as const

// ---------- names ----------

/** Why a bucket name cannot be used for a new bucket (spec 3 §5), or null. */
export function bucketNameProblem(name: string): string | null {
  if (name.trim() === '') return STORAGE_MESSAGES.bucketNameRequired
  if (/\s$/.test(name)) return STORAGE_MESSAGES.bucketNameTrailingSpace
  if (name === 'public') return STORAGE_MESSAGES.bucketNameReserved
  if (!/^[a-z0-9.-]{1,63}$/.test(name) || name === '.' || name === '..') return STORAGE_MESSAGES.bucketNameHint
  return null
}

/** Bytes of a string in UTF-8 (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8Length(s: string): number {
  let bytes = 0
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4
  }
  return bytes
}

/**
 * Why a string cannot be an object's name (its path in the bucket, `folder/sub/file.png`), or null: empty,
 * a leading `/`, an empty, `.` or `..` segment, a NUL or other control character, a backslash, or more than
 * OBJECT_NAME_MAX_BYTES bytes of UTF-8.
 */
export function objectNameProblem(name: string): string | null {
  if (name === '') return 'The path is empty'
  if (utf8Length(name) > OBJECT_NAME_MAX_BYTES) return `The path is longer than ${OBJECT_NAME_MAX_BYTES} bytes`
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'The path may not contain control characters (such as NUL)'
  if (name.includes('\\')) return 'The path may not contain a backslash'
  if (name.startsWith('/')) return 'The path may not start with "/"'
  for (const segment of name.split('/')) {
    if (segment === '') return 'The path may not contain an empty folder name ("//" or a trailing "/")'
    if (segment === '.' || segment === '..') return 'The path may not contain "." or ".." as a folder name'
  }
  return null
}

/** Why a folder path (no trailing slash; '' is the bucket's root) cannot be used, or null. */
export function folderPathProblem(path: string): string | null {
  return path === '' ? null : objectNameProblem(path)
}

/** A zod string that is a valid object name. */
export const objectNameSchema = z.string().superRefine((name, ctx) => {
  const problem = objectNameProblem(name)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})
/** A folder path without leading or trailing slash; '' is the bucket's root. */
export const folderPathSchema = z.string().superRefine((path, ctx) => {
  const problem = folderPathProblem(path)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/**
 * Whether a MIME type is allowed by a bucket's list (null or empty: any). Entries may end in a wildcard
 * (`image/*`), compared case-insensitively, parameters (`; charset=`) ignored.
 */
export function mimeTypeAllowed(allowed: readonly string[] | null, type: string): boolean {
  if (!allowed || allowed.length === 0) return true
  const t = type.split(';')[0]!.trim().toLowerCase()
  return allowed.some((entry) => {
    const e = entry.trim().toLowerCase()
    if (e === '*' || e === '*/*') return true
    return e.endsWith('/*') ? t.startsWith(e.slice(0, -1)) : t === e
  })
}

// ---------- buckets ----------

export const bucketSchema = z.object({
  id: z.string(),
  name: z.string(),
  public: z.boolean(),
  /** Bytes; null: only the project's limit applies. */
  file_size_limit: z.number().nullable(),
  /** null: any type. */
  allowed_mime_types: z.array(z.string()).nullable(),
  owner_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Bucket = z.infer<typeof bucketSchema>

const fileSizeLimit = z
  .number({ error: STORAGE_MESSAGES.bucketSizeLimitMin })
  .int(STORAGE_MESSAGES.bucketSizeLimitMin)
  .min(0, STORAGE_MESSAGES.bucketSizeLimitMin)
  .max(Number.MAX_SAFE_INTEGER)
  .nullable()
const mimeTypes = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(255)
      .regex(/^[\w.+-]+\/[\w.+*-]+$|^\*$|^\*\/\*$/, 'A MIME type looks like image/png or image/*'),
  )
  .max(200)
  .nullable()

/** POST /api/storage/{ref}/buckets (spec 3 §7). `id` is the bucket's name. Answer: Bucket (201). */
export const createBucketBodySchema = z.object({
  id: z.string().superRefine((name, ctx) => {
    const problem = bucketNameProblem(name)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }),
  public: z.boolean().default(false),
  file_size_limit: fileSizeLimit.default(null),
  allowed_mime_types: mimeTypes.default(null),
})
export type CreateBucketBody = z.input<typeof createBucketBodySchema>

/** PATCH /api/storage/{ref}/buckets/{id}: any of the three (the name cannot change). Answer: Bucket. */
export const updateBucketBodySchema = z.object({
  public: z.boolean().optional(),
  file_size_limit: fileSizeLimit.optional(),
  allowed_mime_types: mimeTypes.optional(),
})
export type UpdateBucketBody = z.infer<typeof updateBucketBodySchema>

// ---------- bucket jobs (empty, delete) ----------

export const bucketJobKindSchema = z.enum(['empty', 'delete'])
export const bucketJobStateSchema = z.enum(['queued', 'running', 'done', 'failed'])

/**
 * POST …/buckets/{id}/empty and DELETE …/buckets/{id} start a durable job (202) and answer it; GET
 * /api/storage/{ref}/jobs/{jobId} answers its progress. `delete` empties, then deletes the bucket row (its
 * policies are the page's to delete, through the policies routes).
 */
export const bucketJobSchema = z.object({
  id: z.string(),
  kind: bucketJobKindSchema,
  bucketId: z.string(),
  state: bucketJobStateSchema,
  /** Objects removed so far. */
  deleted: z.number(),
  /** Objects the bucket held when the job started (an estimate on huge buckets); null until known. */
  total: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type BucketJob = z.infer<typeof bucketJobSchema>

// ---------- listing and search ----------

export const OBJECT_SORT_COLUMNS = ['name', 'created_at', 'updated_at', 'last_accessed_at'] as const
export const objectSortColumnSchema = z.enum(OBJECT_SORT_COLUMNS)
export type ObjectSortColumn = z.infer<typeof objectSortColumnSchema>
export const sortOrderSchema = z.enum(['asc', 'desc'])

/**
 * GET …/buckets/{id}/objects?prefix=&cursor=&limit=&sortBy=&order= — one page of a folder's direct children.
 * `prefix` is the folder's path without trailing slash ('' the root). Pages are keyset pages: pass the
 * answer's nextCursor (with the same prefix, sortBy and order) for the next. sortBy=name lists folders and
 * files together in byte order of their names; other sorts list the folders first (by name), then the files.
 */
export const listObjectsQuerySchema = z.object({
  prefix: folderPathSchema.default(''),
  cursor: z.string().max(4096).optional(),
  limit: z.coerce.number().int().min(1).max(OBJECTS_PAGE_MAX).default(OBJECTS_PAGE_SIZE),
  sortBy: objectSortColumnSchema.default('name'),
  order: sortOrderSchema.default('asc'),
})
export type ListObjectsQuery = z.input<typeof listObjectsQuerySchema>

/** One entry of a folder: a folder (derived from names: id and dates null) or a file. */
export const storageItemSchema = z.object({
  /** The last part of the path (a folder's name without slash). */
  name: z.string(),
  /** The full path in the bucket (a folder's without trailing slash). */
  path: z.string(),
  kind: z.enum(['folder', 'file']),
  id: z.string().nullable(),
  /** null for folders, and for a file whose metadata is missing (loading, or corrupted after 15 minutes). */
  size: z.number().nullable(),
  mimetype: z.string().nullable(),
  cacheControl: z.string().nullable(),
  etag: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  last_accessed_at: z.string().nullable(),
})
export type StorageItem = z.infer<typeof storageItemSchema>

export const objectPageSchema = z.object({
  items: z.array(storageItemSchema),
  nextCursor: z.string().nullable(),
})
export type ObjectPage = z.infer<typeof objectPageSchema>

/**
 * GET …/buckets/{id}/objects/search?q=&prefix=&cursor=&limit= — files whose path contains q (case-insensitive),
 * anywhere under prefix ('' the whole bucket), in name order, keyset-paged. Each hit's `folder` is its folder's
 * path ('' the root).
 */
export const searchObjectsQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(1024),
  prefix: folderPathSchema.default(''),
  cursor: z.string().max(4096).optional(),
  limit: z.coerce.number().int().min(1).max(OBJECTS_PAGE_MAX).default(OBJECTS_PAGE_SIZE),
})
export const searchHitSchema = storageItemSchema.extend({ folder: z.string() })
export type SearchHit = z.infer<typeof searchHitSchema>
export const searchPageSchema = z.object({ items: z.array(searchHitSchema), nextCursor: z.string().nullable() })
export type SearchPage = z.infer<typeof searchPageSchema>

/** GET …/buckets/{id}/objects/info?path= — one file's item (404 when absent). */
export const objectPathQuerySchema = z.object({ path: objectNameSchema })

// ---------- folders, move, rename, delete ----------

/** A file (its path) or a whole folder (its path, no trailing slash) chosen in the explorer. */
export const objectRefSchema = z.object({ path: objectNameSchema, kind: z.enum(['file', 'folder']) })
export type ObjectRef = z.infer<typeof objectRefSchema>

/** POST …/objects/folder { path } — creates `{path}/.emptyFolderPlaceholder` (409 when the name exists). */
export const createFolderBodySchema = z.object({ path: objectNameSchema })

/**
 * POST …/objects/move { items, destination } — moves files and whole folders into the folder `destination`
 * ('' the root; a leading slash is dropped) keeping their names, in one transaction: all or nothing. 409 when a
 * name would land on an existing object (nothing moved). Answer: { moved: objects moved }.
 */
export const moveObjectsBodySchema = z.object({
  items: z.array(objectRefSchema).min(1).max(10_000),
  destination: z
    .string()
    .transform((d) => d.replace(/^\/+/, '').replace(/\/+$/, ''))
    .pipe(folderPathSchema),
})
export type MoveObjectsBody = z.input<typeof moveObjectsBodySchema>

/**
 * POST …/objects/rename { from, to, kind } — a file or a whole folder to a new path, in one transaction
 * (409 when `to` exists). Answer: { moved }.
 */
export const renameObjectBodySchema = z.object({
  from: objectNameSchema,
  to: objectNameSchema,
  kind: z.enum(['file', 'folder']),
})
export type RenameObjectBody = z.infer<typeof renameObjectBodySchema>
export const movedSchema = z.object({ moved: z.number() })

/**
 * POST …/objects/delete { items } — files and whole folders (recursively) in one transaction; their bytes are
 * removed after. Answer: { deleted: objects deleted }.
 */
export const deleteObjectsBodySchema = z.object({ items: z.array(objectRefSchema).min(1).max(10_000) })
export type DeleteObjectsBody = z.infer<typeof deleteObjectsBodySchema>
export const deletedSchema = z.object({ deleted: z.number() })

// ---------- uploads ----------

/**
 * POST …/buckets/{id}/objects/upload?path=&upsert= with the file's bytes as the raw body (any content type:
 * it is stored as the object's mimetype; `Content-Length` required; header `x-cache-control` optional, default
 * `max-age=3600`). The limits (bucket's file_size_limit, project's limit) and allowed_mime_types are checked
 * before a byte is read. Without upsert an existing name is 409 (the explorer renames duplicates itself, see
 * duplicateName). Answer 201: the stored file's item.
 */
export const uploadObjectQuerySchema = z.object({
  path: objectNameSchema,
  upsert: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
})

/** 'name (n).ext' for the n-th duplicate of a file name (spec 3 §5). */
export function duplicateName(name: string, n: number): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`
}

// ---------- downloads ----------

/**
 * GET …/buckets/{id}/objects/download?path=&download= — the file's bytes, streamed, with Range, ETag,
 * Last-Modified, Content-Type; `download` (any value but 'false') makes it an attachment, otherwise inline
 * (previews).
 */
export const downloadObjectQuerySchema = z.object({
  path: objectNameSchema,
  download: z.string().max(1024).optional(),
})

/**
 * GET …/buckets/{id}/objects/zip?path=a&path=b/&name= — one zip streamed by the server of the files and whole
 * folders named (a folder's path ends with '/'), entries relative to the deepest folder they share; name is
 * the zip's file name (default: the bucket's). Objects whose bytes cannot be read are listed in
 * `_unreadable-files.txt` inside the zip.
 */
export const zipQuerySchema = z.object({
  path: z
    .union([z.string(), z.array(z.string())])
    .transform((p) => (Array.isArray(p) ? p : [p]))
    .pipe(z.array(z.string().max(1100)).min(1).max(1000)),
  name: z.string().max(200).optional(),
})
export const ZIP_MANIFEST_NAME = '_unreadable-files.txt'

// ---------- links ----------

/** POST …/objects/sign { path, expiresIn } (seconds > 0) → { signedUrl, expiresAt }. */
export const signObjectBodySchema = z.object({
  path: objectNameSchema,
  expiresIn: z
    .number({ error: STORAGE_MESSAGES.signedUrlExpiryMin })
    .int()
    .min(1, STORAGE_MESSAGES.signedUrlExpiryMin)
    .max(100 * SIGNED_URL_EXPIRY.year),
})
export const signedUrlSchema = z.object({ signedUrl: z.string(), expiresAt: z.string() })
export type SignedUrl = z.infer<typeof signedUrlSchema>

/** POST …/objects/public-url { path } → { publicUrl } (the URL works only while the bucket is public). */
export const publicUrlBodySchema = z.object({ path: objectNameSchema })
export const publicUrlSchema = z.object({ publicUrl: z.string() })

// ---------- the project's storage settings ----------

/** GET /api/platform/projects/{ref}/config/storage (spec 3 §7). */
export const storageConfigSchema = z.object({ fileSizeLimit: z.number(), isFreeTier: z.boolean() })
export type StorageConfig = z.infer<typeof storageConfigSchema>
/** PATCH /api/platform/projects/{ref}/config/storage { fileSizeLimit } (bytes, whole, 0 … 50 GB). */
export const updateStorageConfigBodySchema = z.object({
  fileSizeLimit: z
    .number()
    .int()
    .min(0)
    .max(STORAGE_FILE_SIZE_LIMIT_MAX, STORAGE_MESSAGES.projectLimitMax(STORAGE_FILE_SIZE_LIMIT_MAX)),
})
