import { ok, type Result } from '@basalt/contracts'
import type pg from 'pg'
import { runSql } from './catalog.ts'

export interface AuthUserSummary {
  id: string
  email: string | null
  phone: string | null
  user_metadata: Record<string, unknown>
}

/**
 * Users of auth.users matching keywords (in e-mail, phone or id), newest first — for the role
 * impersonation picker. Keywords are trimmed; LIKE wildcards in them are matched literally.
 */
export async function searchAuthUsers(
  client: pg.ClientBase,
  { keywords = '', limit = 50 }: { keywords?: string; limit?: number } = {},
): Promise<Result<{ users: AuthUserSummary[] }>> {
  const pattern = '%' + keywords.trim().replace(/[\\%_]/g, (c) => '\\' + c) + '%'
  const rows = await runSql<AuthUserSummary>(
    client,
    `select id::text, email, phone, coalesce(raw_user_meta_data, '{}'::jsonb) as user_metadata
       from auth.users
      where deleted_at is null and (email ilike $1 or phone ilike $1 or id::text ilike $1)
      order by created_at desc nulls last, id
      limit $2`,
    [pattern, limit],
  )
  return rows.ok ? ok({ users: rows.data }) : rows
}
