import { z } from 'zod'

/*
 * The SQL editor's AI assistant (spec 2 §6, §7, §8; issue 13): generate, edit, chat, debug and title SQL
 * under `/api/ai/sql/*`, what a project's members may use (`GET /api/projects/:ref/ai`) and the
 * organisation's AI settings (`/api/organizations/:slug/ai-settings`). docs/ai.md describes them.
 */

// ---------- texts (spec 2 §5, §8) ----------

/** The server has no provider: every AI control says this (and only this) and makes no call. */
export const AI_NOT_CONFIGURED_MESSAGE =
  'AI is not configured: set AI_BASE_URL and AI_MODEL (and AI_API_KEY if the provider needs one) on the server, then restart Basalt'
/** The organisation turned its AI features off (spec 2 §6). */
export const AI_DISABLED_MESSAGE = 'AI features are turned off for this organization'

/** The web's toasts (spec 2 §8): `{message}` is the server's message. */
export const AI_MESSAGES = {
  generateFailed: (message: string) => `Failed to generate SQL: ${message}`,
  editFailed: (message: string) => `Failed to edit SQL: ${message}`,
  debugFailed: 'Sorry, the assistant failed to debug your query! Please try again with a different one.',
  /** An edit whose SQL equals the input (spec 2 §5). */
  editUnchanged: 'Unable to edit SQL. Try adding more details to your prompt.',
} as const

// ---------- limits ----------

/** The longest prompt (or chat message) the assistant takes. */
export const AI_MAX_PROMPT_LENGTH = 8_000
/** The longest SQL sent along (the editor's text, a query to debug or title). */
export const AI_MAX_SQL_LENGTH = 100_000
/** Schemas whose definitions one call may ask for. */
export const AI_MAX_SCHEMAS = 20
/** Messages of one chat (older ones are the web's to drop). */
export const AI_MAX_CHAT_MESSAGES = 100

// ---------- requests ----------

/**
 * What every assistant call carries: the project, and whether the member lets the call send the project's
 * schema metadata ('AI schema inclusion', a local preference, default on: spec 2 §9). The server sends it
 * only when the organisation allows it too, built from the catalog the member's own login sees, for the
 * chosen schemas (default `public`). A body with `entityDefinitions` (spec 2 §7) is refused: the server
 * builds them, so that a browser cannot send what the member's login does not see.
 */
const assistantBase = z.object({
  projectRef: z.string().min(1, 'projectRef is required').max(100),
  includeSchema: z.boolean().default(true),
  schemas: z.array(z.string().min(1).max(63)).min(1).max(AI_MAX_SCHEMAS).default(['public']),
})

const prompt = z.string().trim().min(1, 'Please enter a prompt').max(AI_MAX_PROMPT_LENGTH)
const sql = z.string().max(AI_MAX_SQL_LENGTH)

/** POST /api/ai/sql/generate */
export const aiGenerateBodySchema = assistantBase.extend({ prompt })
export const aiGenerateResultSchema = z.object({ sql: z.string(), title: z.string() })
export type AiGenerateResult = z.infer<typeof aiGenerateResultSchema>

/** POST /api/ai/sql/edit: `sql` is the editor's text (or its selection) to change as the prompt asks. */
export const aiEditBodySchema = assistantBase.extend({ prompt, sql })
export const aiEditResultSchema = z.object({ sql: z.string() })
export type AiEditResult = z.infer<typeof aiEditResultSchema>

/** POST /api/ai/sql/debug: the query that failed and Postgres's message. */
export const aiDebugBodySchema = assistantBase.extend({
  sql: sql.min(1, 'sql is required'),
  errorMessage: z.string().min(1).max(AI_MAX_PROMPT_LENGTH),
})
export const aiDebugResultSchema = z.object({ solution: z.string(), sql: z.string() })
export type AiDebugResult = z.infer<typeof aiDebugResultSchema>

/**
 * POST /api/ai/sql/policy: the policy editor's 'Try Assistant' (spec 1 §2) drafts a policy's expression from a
 * sentence, for the table and operation being edited; the schema sent is the table's own schema's.
 */
export const aiPolicyBodySchema = z.object({
  projectRef: assistantBase.shape.projectRef,
  includeSchema: assistantBase.shape.includeSchema,
  prompt,
  schema: z.string().min(1).max(63),
  table: z.string().min(1).max(63),
  command: z.enum(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'ALL']),
})
/** The boolean expression the model wrote (for USING and/or WITH CHECK), without a trailing semicolon. */
export const aiPolicyResultSchema = z.object({ expression: z.string() })
export type AiPolicyResult = z.infer<typeof aiPolicyResultSchema>

/** POST /api/ai/sql/title: never sends schema metadata (the SQL says enough). */
export const aiTitleBodySchema = z.object({
  projectRef: assistantBase.shape.projectRef,
  sql: sql.min(1, 'sql is required'),
})
export const aiTitleResultSchema = z.object({ title: z.string(), description: z.string() })
export type AiTitleResult = z.infer<typeof aiTitleResultSchema>

/**
 * A message of the chat as the AI SDK's `useChat` sends it (a UIMessage): only its text parts are read;
 * other parts (reasoning, step markers) are kept by the browser and ignored here.
 */
export const aiChatMessageSchema = z.object({
  id: z.string().max(200).optional(),
  role: z.enum(['user', 'assistant']),
  parts: z
    .array(z.looseObject({ type: z.string().max(100), text: z.string().max(AI_MAX_SQL_LENGTH).optional() }))
    .max(200),
})
export type AiChatMessage = z.infer<typeof aiChatMessageSchema>

/**
 * POST /api/ai/sql/generate-v2: the chat. The answer is the AI SDK's UI message stream (server-sent
 * events, header `x-vercel-ai-ui-message-stream: v1`), which `useChat` with a `DefaultChatTransport`
 * reads; `existingSql` is the editor's text, for questions about it.
 */
export const aiChatBodySchema = assistantBase.extend({
  messages: z.array(aiChatMessageSchema).min(1).max(AI_MAX_CHAT_MESSAGES),
  existingSql: sql.optional(),
  /** Sent by `useChat`; not used. */
  id: z.string().max(200).optional(),
  trigger: z.string().max(100).optional(),
  messageId: z.string().max(200).optional(),
})

// ---------- what the web may show ----------

/** GET /api/projects/:ref/ai: whether the assistant can be used in this project, and why not. */
export const aiStatusSchema = z.object({
  /** The server has a provider (AI_BASE_URL and AI_MODEL). */
  configured: z.boolean(),
  /** The organisation shows AI features. */
  enabled: z.boolean(),
  /** The organisation lets members send schema metadata (each member's own preference decides too). */
  schemaMetadataAllowed: z.boolean(),
  /** The configured model's name. */
  model: z.string().nullable(),
  /** Why the assistant cannot be used (AI_NOT_CONFIGURED_MESSAGE, AI_DISABLED_MESSAGE), or null. */
  message: z.string().nullable(),
})
export type AiStatus = z.infer<typeof aiStatusSchema>

/** GET and PATCH /api/organizations/:slug/ai-settings (PATCH takes any of the fields). */
export const organizationAiSettingsSchema = z.object({
  /** Off hides every AI feature of the organisation's projects; the server refuses AI calls. */
  aiEnabled: z.boolean(),
  /** Members who opted in may send schema metadata (tables, columns, types, keys, policies) to the AI. */
  allowSchemaMetadata: z.boolean(),
  /** The audit log records each AI call's prompt text too (never row data). */
  recordPrompts: z.boolean(),
})
export type OrganizationAiSettings = z.infer<typeof organizationAiSettingsSchema>
export const updateOrganizationAiSettingsSchema = organizationAiSettingsSchema
  .partial()
  .refine((s) => Object.keys(s).length > 0, 'Nothing to change')
