import { z } from 'zod'
import { reportContentSchema } from './reports.ts'
import { SQL_MAX_LENGTH } from './sql-editor.ts'
import { pgUuidSchema } from './uuid.ts'

/*
 * The content API (spec 2 §3, §7): a project's saved SQL snippets and custom reports,
 * `/api/platform/projects/:ref/content`. A snippet is the member's own (visibility 'user') until it is
 * shared with the project ('project'); only its owner may rename, change, share or delete it, and each member
 * keeps their own favourites.
 */

// ---------- texts (spec 2 §5, §8) ----------

export const CONTENT_NAME_REQUIRED_MESSAGE = 'Please enter a query name'
export const CONTENT_NOT_FOUND_MESSAGE = 'Content not found'
export const CONTENT_OWNER_ONLY_MESSAGE = 'Only the owner of this query can rename, change, share or delete it'
export const CONTENT_ID_TAKEN_MESSAGE = 'Content with this id already exists'

export const CONTENT_TYPES = ['sql', 'report'] as const
export const contentTypeSchema = z.enum(CONTENT_TYPES)
export const CONTENT_VISIBILITIES = ['user', 'project'] as const
export const contentVisibilitySchema = z.enum(CONTENT_VISIBILITIES)

const name = z.string().trim().min(1, CONTENT_NAME_REQUIRED_MESSAGE).max(256, 'A name can be at most 256 characters')
const description = z.string().max(10_000).nullable()
const sqlText = z.string().max(SQL_MAX_LENGTH, `A query can be at most ${SQL_MAX_LENGTH} characters`)

export const contentUserSchema = z.object({ id: z.string(), username: z.string() })

/** One snippet or report as a member sees it: `content.favorite` is that member's own. */
export const contentItemSchema = z.object({
  id: z.string(),
  type: contentTypeSchema,
  name: z.string(),
  description: z.string().nullable(),
  visibility: contentVisibilitySchema,
  owner_id: z.string().nullable(),
  project_id: z.string(),
  content: z.object({ sql: z.string().optional(), favorite: z.boolean() }).catchall(z.unknown()),
  /** The owner's name (display name, else e-mail); null once the owner's account is gone. */
  owner: contentUserSchema.nullable(),
  updated_by: contentUserSchema.nullable(),
  inserted_at: z.string(),
  updated_at: z.string(),
})
export type ContentItem = z.infer<typeof contentItemSchema>

/** GET /api/platform/projects/:ref/content?type=&search=&visibility=&favorite= */
export const contentListQuerySchema = z.object({
  type: contentTypeSchema.optional(),
  /** Trimmed, case-insensitive, in the name. */
  search: z.string().trim().max(256).optional(),
  visibility: contentVisibilitySchema.optional(),
  favorite: z.enum(['true', 'false']).optional(),
})
export type ContentListQuery = z.infer<typeof contentListQuerySchema>
export const contentListSchema = z.object({ data: z.array(contentItemSchema) })

/** POST /api/platform/projects/:ref/content — `id` may be chosen by the browser (a snippet saved offline). */
export const contentCreateBodySchema = z.discriminatedUnion('type', [
  z.object({
    id: pgUuidSchema.optional(),
    type: z.literal('sql'),
    name,
    description: description.optional(),
    visibility: contentVisibilitySchema.default('user'),
    content: z.object({ sql: sqlText, favorite: z.boolean().optional() }),
  }),
  z.object({
    id: pgUuidSchema.optional(),
    type: z.literal('report'),
    name,
    description: description.optional(),
    visibility: contentVisibilitySchema.default('project'),
    /** Its period and blocks (reports.ts); a change replaces it whole, checked against the same schema. */
    content: reportContentSchema,
  }),
])
export type ContentCreateBody = z.input<typeof contentCreateBodySchema>

/** PATCH /api/platform/projects/:ref/content?id= — only the fields that change. */
export const contentUpdateQuerySchema = z.object({ id: pgUuidSchema })
export const contentUpdateBodySchema = z.object({
  name: name.optional(),
  description: description.optional(),
  visibility: contentVisibilitySchema.optional(),
  /** `favorite` alone is each member's own and may be set on any snippet they see; the rest is the owner's. */
  content: z.object({ sql: sqlText.optional(), favorite: z.boolean().optional() }).catchall(z.unknown()).optional(),
})
export type ContentUpdateBody = z.infer<typeof contentUpdateBodySchema>

/** DELETE /api/platform/projects/:ref/content?ids=a,b — the caller's own; all or none. */
export const contentDeleteQuerySchema = z.object({
  ids: z
    .string()
    .max(100 * 40)
    .transform((ids, ctx) => {
      const parsed = ids.split(',').map((id) => pgUuidSchema.safeParse(id.trim()))
      if (parsed.some((p) => !p.success) || parsed.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'ids must be content ids separated by commas' })
        return z.NEVER
      }
      return [...new Set(parsed.map((p) => p.data!))]
    }),
})
export const contentDeleteResultSchema = z.object({ deleted: z.array(z.string()) })
