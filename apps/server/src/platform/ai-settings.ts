import type pg from 'pg'
import type { OrganizationAiSettings } from '@basalt/contracts'
import { writeAudit } from './audit.ts'
import type { Actor } from './context.ts'
import type { Membership } from './organizations.ts'

/** What an organisation without a row of its own gets (a self-hosted project has no organisation). */
export const DEFAULT_AI_SETTINGS: OrganizationAiSettings = {
  aiEnabled: true,
  allowSchemaMetadata: true,
  recordPrompts: false,
}

const COLUMNS = {
  aiEnabled: 'ai_enabled',
  allowSchemaMetadata: 'ai_allow_schema_metadata',
  recordPrompts: 'ai_record_prompts',
} as const satisfies Record<keyof OrganizationAiSettings, string>

const SELECT = `select ai_enabled as "aiEnabled", ai_allow_schema_metadata as "allowSchemaMetadata",
  ai_record_prompts as "recordPrompts" from basalt.organizations where id = $1`

/** The organisation's AI settings (spec 2 §6); the defaults for a project of no organisation. */
export async function organizationAiSettings(
  db: pg.Pool | pg.ClientBase,
  organizationId: string | null,
): Promise<OrganizationAiSettings> {
  if (!organizationId) return DEFAULT_AI_SETTINGS
  const { rows } = await db.query<OrganizationAiSettings>(SELECT, [organizationId])
  return rows[0] ?? DEFAULT_AI_SETTINGS
}

/** Changes the given settings (org:update), recorded in the audit log with what they were. */
export async function updateOrganizationAiSettings(
  db: pg.Pool,
  m: Membership,
  change: Partial<OrganizationAiSettings>,
  actor: Actor,
): Promise<OrganizationAiSettings> {
  const before = await organizationAiSettings(db, m.organization.id)
  const keys = (Object.keys(change) as (keyof OrganizationAiSettings)[]).filter((k) => change[k] !== undefined)
  // Column names come from the fixed table above, values are parameters.
  const sets = keys.map((k, i) => `${COLUMNS[k]} = $${i + 2}`)
  const { rows } = await db.query<OrganizationAiSettings>(
    `update basalt.organizations set ${sets.join(', ')} where id = $1
     returning ai_enabled as "aiEnabled", ai_allow_schema_metadata as "allowSchemaMetadata",
               ai_record_prompts as "recordPrompts"`,
    [m.organization.id, ...keys.map((k) => change[k])],
  )
  const after = rows[0]!
  await writeAudit(db, {
    action: 'organization.ai_settings',
    actor,
    organization: m.organization,
    target: m.organization.slug,
    details: Object.fromEntries(keys.map((k) => [k, { from: before[k], to: after[k] }])),
  })
  return after
}
