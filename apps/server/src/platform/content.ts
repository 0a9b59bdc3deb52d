import {
  CONTENT_ID_TAKEN_MESSAGE,
  CONTENT_NOT_FOUND_MESSAGE,
  CONTENT_OWNER_ONLY_MESSAGE,
  fail,
  ok,
  reportContentSchema,
  type ContentCreateBody,
  type ContentItem,
  type ContentListQuery,
  type ContentUpdateBody,
  type Result,
} from '@basalt/contracts'
import type pg from 'pg'
import { pooledTransaction } from '../db/transaction.ts'

/*
 * Saved snippets and reports of a project (basalt.content), as the content API answers them. A member sees
 * their own and those shared with the project; favourites are each member's own (basalt.content_favorites).
 */

/** The member asking, in the project they ask about. */
export interface ContentReader {
  projectId: string
  userId: string
}

interface ContentRow {
  id: string
  type: 'sql' | 'report'
  name: string
  description: string | null
  visibility: 'user' | 'project'
  owner_id: string | null
  project_id: string
  content: Record<string, unknown>
  favorite: boolean
  owner_name: string | null
  updated_by: string | null
  updated_by_name: string | null
  inserted_at: Date
  updated_at: Date
}

/** What a member may see, with their favourite and the names of the owner and the last editor. */
const SELECT_VISIBLE = `
  select c.id, c.type, c.name, c.description, c.visibility, c.owner_id, c.project_id, c.content,
         c.inserted_at, c.updated_at, c.updated_by,
         coalesce(nullif(o.display_name, ''), o.email) as owner_name,
         coalesce(nullif(u.display_name, ''), u.email) as updated_by_name,
         exists (select 1 from basalt.content_favorites f where f.content_id = c.id and f.user_id = $2) as favorite
    from basalt.content c
    left join basalt.users o on o.id = c.owner_id
    left join basalt.users u on u.id = c.updated_by
   where c.project_id = $1 and (c.owner_id = $2 or c.visibility = 'project')`

const toItem = (r: ContentRow): ContentItem => ({
  id: r.id,
  type: r.type,
  name: r.name,
  description: r.description,
  visibility: r.visibility,
  owner_id: r.owner_id,
  project_id: r.project_id,
  content: { ...r.content, favorite: r.favorite },
  owner: r.owner_id && r.owner_name ? { id: r.owner_id, username: r.owner_name } : null,
  updated_by: r.updated_by && r.updated_by_name ? { id: r.updated_by, username: r.updated_by_name } : null,
  inserted_at: r.inserted_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
})

/** The snippets and reports the member sees, by name; a search is case-insensitive in the name. */
export async function listContent(db: pg.Pool, who: ContentReader, q: ContentListQuery): Promise<ContentItem[]> {
  const { rows } = await db.query<ContentRow>(
    `select * from (${SELECT_VISIBLE}) c
      where ($3::text is null or c.type = $3)
        and ($4::text is null or strpos(lower(c.name), lower($4)) > 0)
        and ($5::text is null or c.visibility = $5)
        and ($6::boolean is null or c.favorite = $6)
      order by lower(c.name), c.inserted_at, c.id`,
    [who.projectId, who.userId, q.type ?? null, q.search || null, q.visibility ?? null, q.favorite ?? null],
  )
  return rows.map(toItem)
}

async function findVisible(db: pg.Pool | pg.ClientBase, who: ContentReader, id: string): Promise<ContentRow | null> {
  const { rows } = await db.query<ContentRow>(`${SELECT_VISIBLE} and c.id = $3`, [who.projectId, who.userId, id])
  return rows[0] ?? null
}

export async function getContent(db: pg.Pool, who: ContentReader, id: string): Promise<Result<ContentItem>> {
  const row = await findVisible(db, who, id)
  return row ? ok(toItem(row)) : fail('not_found', CONTENT_NOT_FOUND_MESSAGE)
}

/**
 * The SQL of a report block's snippet for a member who can open the report but not the snippet: a snippet
 * its owner keeps private draws in the reports they share, since adding its chart to a shared report shares
 * the chart (never the SQL, which stays on the server). Only the report owner's own snippet, and only one the
 * report's layout holds: a report cannot reach someone else's private snippet.
 */
export async function getReportBlockSql(
  db: pg.Pool,
  who: ContentReader,
  reportId: string,
  snippetId: string,
): Promise<Result<string>> {
  const report = await findVisible(db, who, reportId)
  const parsed = report?.type === 'report' ? reportContentSchema.safeParse(report.content) : undefined
  if (!report || !parsed?.success || !parsed.data.layout.some((b) => b.snippet_id === snippetId)) {
    return fail('not_found', CONTENT_NOT_FOUND_MESSAGE)
  }
  const { rows } = await db.query<{ sql: string | null }>(
    `select content->>'sql' as sql from basalt.content
      where id = $1 and project_id = $2 and type = 'sql' and owner_id is not distinct from $3`,
    [snippetId, who.projectId, report.owner_id],
  )
  return rows[0] ? ok(rows[0].sql ?? '') : fail('not_found', CONTENT_NOT_FOUND_MESSAGE)
}

/** Stored content: a snippet's SQL, or a report's layout; the favourite is kept apart. */
const storedContent = ({ favorite: _favorite, ...rest }: Record<string, unknown>) => rest

async function setFavorite(db: pg.ClientBase, userId: string, id: string, favorite: boolean): Promise<void> {
  await db.query(
    favorite
      ? 'insert into basalt.content_favorites (content_id, user_id) values ($1, $2) on conflict do nothing'
      : 'delete from basalt.content_favorites where content_id = $1 and user_id = $2',
    [id, userId],
  )
}

/** A new snippet or report of the member; an id chosen by the browser must be new. */
export async function createContent(
  db: pg.Pool,
  who: ContentReader,
  body: ContentCreateBody,
): Promise<Result<ContentItem>> {
  return pooledTransaction(db, async (c) => {
    const { rows } = await c.query<{ id: string }>(
      `insert into basalt.content (id, project_id, owner_id, type, name, description, visibility, content, updated_by)
       values (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $8, $3)
       on conflict (id) do nothing
       returning id`,
      [
        body.id ?? null,
        who.projectId,
        who.userId,
        body.type,
        body.name,
        body.description ?? null,
        body.visibility,
        storedContent(body.content),
      ],
    )
    if (rows.length === 0) return fail('conflict', CONTENT_ID_TAKEN_MESSAGE)
    const id = rows[0]!.id
    if ('favorite' in body.content && body.content.favorite === true) await setFavorite(c, who.userId, id, true)
    return ok(toItem((await findVisible(c, who, id))!))
  })
}

/**
 * Changes a snippet or report. Its owner may change anything; any member who sees it may only mark it as
 * their favourite or not.
 */
export async function updateContent(
  db: pg.Pool,
  who: ContentReader,
  id: string,
  body: ContentUpdateBody,
): Promise<Result<ContentItem>> {
  return pooledTransaction(db, async (c) => {
    const row = await findVisible(c, who, id)
    if (!row) return fail('not_found', CONTENT_NOT_FOUND_MESSAGE)
    const { favorite, ...content } = body.content ?? {}
    const changes = {
      name: body.name,
      description: body.description,
      visibility: body.visibility,
      content: Object.keys(content).length > 0 ? content : undefined,
    }
    const changing = Object.values(changes).some((v) => v !== undefined)
    if (changing && row.owner_id !== who.userId) return fail('forbidden', CONTENT_OWNER_ONLY_MESSAGE)
    // A report's content is its period and blocks, replaced whole: it must be whole.
    if (changes.content && row.type === 'report') {
      const parsed = reportContentSchema.safeParse(changes.content)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!
        return fail('validation_failed', `content.${issue.path.join('.')}: ${issue.message}`)
      }
      changes.content = parsed.data
    }
    if (changing) {
      // A snippet's content is its SQL; a report's is its layout, replaced whole.
      const stored = changes.content && row.type === 'sql' ? { ...row.content, ...changes.content } : changes.content
      await c.query(
        `update basalt.content
            set name = coalesce($2, name),
                description = case when $3 then $4 else description end,
                visibility = coalesce($5, visibility),
                content = coalesce($6, content),
                updated_at = now(), updated_by = $7
          where id = $1`,
        [
          id,
          changes.name ?? null,
          changes.description !== undefined,
          changes.description ?? null,
          changes.visibility ?? null,
          stored ?? null,
          who.userId,
        ],
      )
    }
    if (typeof favorite === 'boolean') await setFavorite(c, who.userId, id, favorite)
    return ok(toItem((await findVisible(c, who, id))!))
  })
}

/**
 * Deletes the member's own snippets or reports, all or none: one that is someone else's refuses the whole
 * call (403). Ids that do not exist (or are someone else's private content) are skipped; when none exists
 * the answer is 404 'Content not found', which the editor takes as already deleted.
 */
export async function deleteContent(
  db: pg.Pool,
  who: ContentReader,
  ids: string[],
): Promise<Result<{ deleted: string[] }>> {
  return pooledTransaction(db, async (c) => {
    const { rows } = await c.query<{ id: string; owner_id: string | null }>(
      `select id, owner_id from basalt.content
        where project_id = $1 and id = any($3::uuid[]) and (owner_id = $2 or visibility = 'project')
        for update`,
      [who.projectId, who.userId, ids],
    )
    if (rows.some((r) => r.owner_id !== who.userId)) return fail('forbidden', CONTENT_OWNER_ONLY_MESSAGE)
    if (rows.length === 0) return fail('not_found', CONTENT_NOT_FOUND_MESSAGE)
    await c.query('delete from basalt.content where id = any($1::uuid[])', [rows.map((r) => r.id)])
    return ok({ deleted: rows.map((r) => r.id) })
  })
}
