import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import {
  AI_DISABLED_MESSAGE,
  AI_NOT_CONFIGURED_MESSAGE,
  aiChatBodySchema,
  aiDebugBodySchema,
  aiEditBodySchema,
  aiGenerateBodySchema,
  aiPolicyBodySchema,
  aiTitleBodySchema,
  can,
  fail,
  ok,
  updateOrganizationAiSettingsSchema,
  type AiStatus,
  type OrganizationAiSettings,
  type Permission,
  type Result,
} from '@basalt/contracts'
import { recordAiCall, type AiRouteName } from '../ai/audit.ts'
import { buildEntityDefinitions } from '../ai/entity-definitions.ts'
import { NO_USAGE, type AiAnswer } from '../ai/json-output.ts'
import { createAiProvider, type AiProvider } from '../ai/provider.ts'
import { debugSql, draftPolicyExpression, editSql, generateSql, streamChat, titleSql } from '../ai/sql-assistant.ts'
import { sendFailure } from '../http/errors.ts'
import { forbiddenMessage } from '../http/permissions.ts'
import { actorOf } from '../http/session.ts'
import { organizationAiSettings, updateOrganizationAiSettings } from '../platform/ai-settings.ts'
import type { PlatformContext } from '../platform/context.ts'
import { findProjectAccess } from '../platform/projects.ts'
import { refParams, slugParams, type App } from './types.ts'

/** What the assistant's routes need of the caller: reading the project's database (Read-only members too). */
const AI_PERMISSION: Permission = 'tenant_sql:read'

/**
 * The SQL assistant (issue 13, spec 2 §6–§8; docs/ai.md): `POST /api/ai/sql/{generate, edit, generate-v2,
 * debug, title}`, whether the assistant can be used in a project (`GET /api/projects/:ref/ai`) and the
 * organisation's AI settings (`/api/organizations/:slug/ai-settings`).
 *
 * The assistant's paths are the spec's and carry the project in the body (`projectRef`): they declare
 * `auth: 'session'`, and a hook of their own resolves the project and checks tenant_sql:read before the body
 * is validated, with the answers every project route gives (404 for a project the caller is not a member
 * of, 403 without the permission). Then, before any AI call: an organisation that turned AI off gets 403,
 * a server without a provider 503 — neither reaches a provider.
 */
export function aiRoutes(app: App, ctx: PlatformContext): void {
  const provider: AiProvider | null = ctx.config.ai ? createAiProvider(ctx.config.ai) : null

  const projectFromBody = async (req: FastifyRequest, reply: FastifyReply) => {
    const body = req.body as { projectRef?: unknown } | null | undefined
    const ref = typeof body === 'object' && body !== null ? body.projectRef : undefined
    if (typeof ref !== 'string' || ref === '') return sendFailure(reply, 'validation_failed', 'projectRef is required')
    const access = await findProjectAccess(ctx.db, ref, req.auth!.user.id)
    if (!access) return sendFailure(reply, 'not_found', 'Project not found')
    if (!can(access.role, AI_PERMISSION)) return sendFailure(reply, 'forbidden', forbiddenMessage(AI_PERMISSION))
    req.projectAccess = access
  }

  /** The organisation's settings and the provider, or the refusal that makes no call. */
  const gate = async (
    req: FastifyRequest,
  ): Promise<Result<{ provider: AiProvider; settings: OrganizationAiSettings }>> => {
    const settings = await organizationAiSettings(ctx.db, req.projectAccess!.project.organization_id)
    if (!settings.aiEnabled) return fail('forbidden', AI_DISABLED_MESSAGE)
    if (!provider) return fail('ai_not_configured', AI_NOT_CONFIGURED_MESSAGE)
    return ok({ provider, settings })
  }

  /** The schema definitions to send: only when the member opted in and the organisation allows it. */
  const definitionsFor = async (
    req: FastifyRequest,
    settings: OrganizationAiSettings,
    body: { includeSchema: boolean; schemas: string[] },
  ): Promise<Result<string[] | null>> => {
    if (!body.includeSchema || !settings.allowSchemaMetadata) return ok(null)
    // On the caller's own login: a Read-only member's definitions list what the read-only role sees.
    return req.project.catalog((c) => buildEntityDefinitions(c, body.schemas))
  }

  /** Aborted when the caller goes away before the answer: a local model stops working for nobody. */
  const signalOf = (reply: FastifyReply): AbortSignal => {
    const controller = new AbortController()
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort()
    })
    return controller.signal
  }

  const record = (
    req: FastifyRequest,
    route: AiRouteName,
    p: AiProvider,
    settings: OrganizationAiSettings,
    outcome: {
      usage: AiAnswer<unknown>['usage']
      failure: Result<unknown> | null
      schemaSent: boolean
      prompt: string | null
    },
  ) =>
    recordAiCall(ctx.db, {
      actor: actorOf(req),
      access: req.projectAccess!,
      route,
      model: p.config.model,
      usage: outcome.usage,
      schemaSent: outcome.schemaSent,
      failure: outcome.failure && !outcome.failure.ok ? outcome.failure.error.code : null,
      prompt: settings.recordPrompts ? outcome.prompt : null,
    })

  const session = { auth: 'session' } as const

  /** A JSON route: gate, definitions (when the body has includeSchema), the call, its audit entry, the answer. */
  const jsonRoute = <S extends z.ZodType<object>, T>(
    route: AiRouteName,
    bodySchema: S,
    promptOf: (body: z.infer<S>) => string | null,
    call: (
      p: AiProvider,
      body: z.infer<S>,
      definitions: string[] | null,
      signal: AbortSignal,
    ) => Promise<Result<AiAnswer<T>>>,
  ) =>
    app.post(
      `/api/ai/sql/${route}`,
      { config: session, preValidation: projectFromBody, schema: { body: bodySchema } },
      async (req, reply) => {
        const body = req.body as z.infer<S>
        const asked = body as { includeSchema?: boolean; schemas?: string[] }
        const gated = await gate(req)
        if (!gated.ok) return reply.result(gated)
        const { provider: p, settings } = gated.data
        const definitions =
          asked.includeSchema === undefined
            ? ok(null)
            : await definitionsFor(req, settings, { includeSchema: asked.includeSchema, schemas: asked.schemas ?? [] })
        if (!definitions.ok) return reply.result(definitions)
        const answer = await call(p, body, definitions.data, signalOf(reply))
        await record(req, route, p, settings, {
          usage: answer.ok ? answer.data.usage : NO_USAGE,
          failure: answer.ok ? null : answer,
          schemaSent: definitions.data !== null,
          prompt: promptOf(body),
        })
        return answer.ok ? reply.send(answer.data.data) : reply.result(answer)
      },
    )

  jsonRoute(
    'generate',
    aiGenerateBodySchema,
    (b) => b.prompt,
    (p, b, definitions, signal) => generateSql(p, { prompt: b.prompt, definitions, signal }),
  )

  jsonRoute(
    'edit',
    aiEditBodySchema,
    (b) => b.prompt,
    (p, b, definitions, signal) => editSql(p, { prompt: b.prompt, sql: b.sql, definitions, signal }),
  )

  jsonRoute(
    'debug',
    aiDebugBodySchema,
    () => null,
    (p, b, definitions, signal) => debugSql(p, { sql: b.sql, errorMessage: b.errorMessage, definitions, signal }),
  )

  // Never sends schema metadata: its body has no includeSchema.
  jsonRoute(
    'title',
    aiTitleBodySchema,
    () => null,
    (p, b, _definitions, signal) => titleSql(p, { sql: b.sql, signal }),
  )

  // 'Try Assistant' in the policy editor: drafting a policy is for members who may write policies.
  app.post(
    '/api/ai/sql/policy',
    {
      config: session,
      preValidation: async (req, reply) => {
        await projectFromBody(req, reply)
        if (reply.sent) return
        if (!can(req.projectAccess!.role, 'policies:write')) {
          return sendFailure(reply, 'forbidden', forbiddenMessage('policies:write'))
        }
      },
      schema: { body: aiPolicyBodySchema },
    },
    async (req, reply) => {
      const gated = await gate(req)
      if (!gated.ok) return reply.result(gated)
      const { provider: p, settings } = gated.data
      const { prompt, schema, table, command, includeSchema } = req.body
      const definitions = await definitionsFor(req, settings, { includeSchema, schemas: [schema] })
      if (!definitions.ok) return reply.result(definitions)
      const answer = await draftPolicyExpression(p, {
        prompt,
        schema,
        table,
        command,
        definitions: definitions.data,
        signal: signalOf(reply),
      })
      await record(req, 'policy', p, settings, {
        usage: answer.ok ? answer.data.usage : NO_USAGE,
        failure: answer.ok ? null : answer,
        schemaSent: definitions.data !== null,
        prompt,
      })
      return answer.ok ? reply.send(answer.data.data) : reply.result(answer)
    },
  )

  app.post(
    '/api/ai/sql/generate-v2',
    { config: session, preValidation: projectFromBody, schema: { body: aiChatBodySchema } },
    async (req, reply) => {
      const gated = await gate(req)
      if (!gated.ok) return reply.result(gated)
      const { provider: p, settings } = gated.data
      const definitions = await definitionsFor(req, settings, req.body)
      if (!definitions.ok) return reply.result(definitions)
      const lastQuestion = req.body.messages.findLast((m) => m.role === 'user')
      const prompt = lastQuestion?.parts.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('') ?? null
      const response = streamChat(
        p,
        {
          messages: req.body.messages,
          existingSql: req.body.existingSql,
          definitions: definitions.data,
          signal: signalOf(reply),
        },
        (end) =>
          ctx.background(() =>
            record(req, 'generate-v2', p, settings, {
              usage: end.usage,
              failure: end.failure === null ? null : fail('ai_failed', end.failure),
              schemaSent: definitions.data !== null,
              prompt,
            }),
          ),
        (err) => req.log.error({ err }, 'AI chat failed'),
      )
      return reply.send(response)
    },
  )

  app.get(
    '/api/projects/:ref/ai',
    { config: { permission: 'projects:read', scope: 'project' }, schema: { params: refParams } },
    async (req): Promise<AiStatus> => {
      const settings = await organizationAiSettings(ctx.db, req.projectAccess!.project.organization_id)
      return {
        configured: provider !== null,
        enabled: settings.aiEnabled,
        schemaMetadataAllowed: settings.allowSchemaMetadata,
        model: provider?.config.model ?? null,
        message: !settings.aiEnabled ? AI_DISABLED_MESSAGE : provider ? null : AI_NOT_CONFIGURED_MESSAGE,
      }
    },
  )

  app.get(
    '/api/organizations/:slug/ai-settings',
    { config: { permission: 'org:read', scope: 'org' }, schema: { params: slugParams } },
    async (req) => organizationAiSettings(ctx.db, req.membership!.organization.id),
  )

  app.patch(
    '/api/organizations/:slug/ai-settings',
    {
      config: { permission: 'org:update', scope: 'org' },
      schema: { params: slugParams, body: updateOrganizationAiSettingsSchema },
    },
    async (req) => updateOrganizationAiSettings(ctx.db, req.membership!, req.body, actorOf(req)),
  )
}
