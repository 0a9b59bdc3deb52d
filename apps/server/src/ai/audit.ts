import type pg from 'pg'
import type { ErrorCode } from '@basalt/contracts'
import type { ProjectAccess } from '../db/project-types.ts'
import { writeAudit } from '../platform/audit.ts'
import type { Actor } from '../platform/context.ts'
import type { AiUsage } from './json-output.ts'

/** The assistant's routes, by the name their audit entries carry (`ai.sql.<name>`). */
export type AiRouteName = 'generate' | 'edit' | 'generate-v2' | 'debug' | 'title' | 'policy'

export interface AiCallRecord {
  actor: Actor
  access: ProjectAccess
  route: AiRouteName
  model: string
  usage: AiUsage
  /** Whether schema definitions were sent. */
  schemaSent: boolean
  /** The failure's code, or null when the call answered. */
  failure: ErrorCode | null
  /** The member's prompt text: only when the organisation records prompts (spec 2 §6). */
  prompt: string | null
}

/**
 * One audit entry per AI call (spec 2 §6): who, which route, which project and model, the token counts,
 * whether schema metadata went along, and the outcome; the prompt's text only when the organisation opted
 * in. Never the SQL sent along, the schema or any answer.
 */
export async function recordAiCall(db: pg.Pool, r: AiCallRecord): Promise<void> {
  const { project } = r.access
  await writeAudit(db, {
    action: `ai.sql.${r.route}`,
    actor: r.actor,
    organization: project.organization_id ? { id: project.organization_id, slug: project.organization_slug } : null,
    target: project.ref,
    details: {
      route: `/api/ai/sql/${r.route}`,
      project: project.ref,
      model: r.model,
      ...r.usage,
      schemaSent: r.schemaSent,
      outcome: r.failure ?? 'ok',
      ...(r.prompt === null ? {} : { prompt: r.prompt }),
    },
  })
}
