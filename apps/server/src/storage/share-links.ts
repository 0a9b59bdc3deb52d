import { createHash, randomBytes } from 'node:crypto'
import bcrypt from 'bcryptjs'
import { fail, ok, SHARE_LINK_MESSAGES, SHARE_LINKS_LISTED_MAX, type Result, type ShareLink } from '@basalt/contracts'
import type pg from 'pg'

/**
 * Share links (issue 25 point 7) in the platform database (`basalt.storage_share_links`, migration 0029).
 * The token is 32 random bytes (base64url) shown once in the link's URL; only its SHA-256 is stored, so the
 * table alone opens nothing. A password is kept as a bcrypt hash.
 */

/** bcrypt's cost for link passwords, as for Basalt's own accounts' verification: slow enough, once per try. */
const BCRYPT_COST = 10

type Db = pg.Pool | pg.ClientBase

interface LinkRow {
  id: string
  project_ref: string
  bucket_id: string
  object_name: string
  object_id: string | null
  expires_at: Date
  password_hash: string | null
  max_downloads: number | null
  downloads: number
  revoked_at: Date | null
  created_at: Date
  created_by_email: string | null
  /** now() >= expires_at, by Postgres' clock (the one every replica shares). */
  expired: boolean
}

const COLUMNS = `id, project_ref, bucket_id, object_name, object_id::text, expires_at, password_hash, max_downloads, downloads, revoked_at,
  created_at, created_by_email, expires_at <= now() as expired`

export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest()

/** A token as it appears in a link: 43 characters of base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/**
 * A link as members see it. `present`: which of the links' objects the bucket still holds (undefined when not
 * known): a link whose file was deleted since says so.
 */
function toLink(r: LinkRow, present?: ReadonlySet<string>): ShareLink {
  const state = r.revoked_at
    ? 'revoked'
    : present && r.object_id !== null && !present.has(r.object_id)
      ? 'file_deleted'
      : r.expired
        ? 'expired'
        : r.max_downloads !== null && r.downloads >= r.max_downloads
          ? 'used_up'
          : 'active'
  return {
    id: r.id,
    bucketId: r.bucket_id,
    path: r.object_name,
    expiresAt: r.expires_at.toISOString(),
    hasPassword: r.password_hash !== null,
    maxDownloads: r.max_downloads,
    downloads: r.downloads,
    revokedAt: r.revoked_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    createdBy: r.created_by_email,
    state,
  }
}

export async function createShareLink(
  db: Db,
  link: {
    ref: string
    bucketId: string
    path: string
    /** The object's id in storage.objects: the link opens that object only. */
    objectId: string
    expiresIn: number
    password: string | null
    maxDownloads: number | null
    createdBy: { id: string; email: string }
  },
): Promise<{ link: ShareLink; token: string }> {
  const token = randomBytes(32).toString('base64url')
  const passwordHash = link.password === null ? null : await bcrypt.hash(link.password, BCRYPT_COST)
  const { rows } = await db.query<LinkRow>(
    `insert into basalt.storage_share_links
       (token_hash, project_ref, bucket_id, object_name, object_id, expires_at, password_hash, max_downloads, created_by,
        created_by_email)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6), $7, $8, $9, $10)
     returning ${COLUMNS}`,
    [
      tokenHash(token),
      link.ref,
      link.bucketId,
      link.path,
      link.objectId,
      link.expiresIn,
      passwordHash,
      link.maxDownloads,
      link.createdBy.id,
      link.createdBy.email,
    ],
  )
  return { link: toLink(rows[0]!), token }
}

/**
 * A bucket's links, newest first (revoked, expired, used-up ones and those whose file was deleted too: their
 * downloads stay visible). `present` answers which of the given object ids the bucket still holds.
 */
export async function listShareLinks(
  db: Db,
  ref: string,
  bucketId: string,
  present: (objectIds: string[]) => Promise<ReadonlySet<string> | undefined>,
): Promise<ShareLink[]> {
  const { rows } = await db.query<LinkRow>(
    `select ${COLUMNS} from basalt.storage_share_links where project_ref = $1 and bucket_id = $2
      order by created_at desc, id limit $3`,
    [ref, bucketId, SHARE_LINKS_LISTED_MAX],
  )
  const ids = [...new Set(rows.flatMap((r) => (r.object_id === null ? [] : [r.object_id])))]
  const still = ids.length ? await present(ids) : undefined
  return rows.map((r) => toLink(r, still))
}

/** Revokes a link of this project at once (a second revocation keeps the first time); 404 for another's. */
export async function revokeShareLink(db: Db, ref: string, id: string): Promise<Result<ShareLink>> {
  const { rows } = await db.query<LinkRow>(
    `update basalt.storage_share_links set revoked_at = coalesce(revoked_at, now())
      where project_ref = $1 and id::text = $2 returning ${COLUMNS}`,
    [ref, id],
  )
  return rows[0] ? ok(toLink(rows[0])) : fail('not_found', SHARE_LINK_MESSAGES.linkNotFound)
}

/** A link that may still be downloaded, as stored. */
export interface UsableLink {
  id: string
  ref: string
  bucketId: string
  path: string
  /** The object the link was made for (null for links made before objects were recorded: their path only). */
  objectId: string | null
  passwordHash: string | null
  /** The project's organisation, for the audit log. */
  organization: { id: string; slug: string } | null
}

/** The link a token opens, if it is neither revoked, expired nor used up; null otherwise (the caller says no more). */
export async function findUsableLink(db: Db, token: string): Promise<UsableLink | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  const { rows } = await db.query<LinkRow & { organization_id: string | null; organization_slug: string | null }>(
    `select l.id, l.project_ref, l.bucket_id, l.object_name, l.object_id::text, l.password_hash, o.id as organization_id,
            o.slug as organization_slug
       from basalt.storage_share_links l
       join basalt.projects p on p.ref = l.project_ref
       left join basalt.organizations o on o.id = p.organization_id
      where l.token_hash = $1 and l.revoked_at is null and l.expires_at > now()
        and (l.max_downloads is null or l.downloads < l.max_downloads)`,
    [tokenHash(token)],
  )
  const r = rows[0]
  if (!r) return null
  return {
    id: r.id,
    ref: r.project_ref,
    bucketId: r.bucket_id,
    path: r.object_name,
    objectId: r.object_id,
    passwordHash: r.password_hash,
    organization:
      r.organization_id && r.organization_slug ? { id: r.organization_id, slug: r.organization_slug } : null,
  }
}

/**
 * Counts one download, or refuses: one UPDATE whose WHERE re-checks revocation, expiry and the count, so
 * concurrent downloads of a link with n left get exactly n through. Returns the download's number.
 */
export async function countDownload(db: Db, id: string): Promise<number | null> {
  const { rows } = await db.query<{ downloads: number }>(
    `update basalt.storage_share_links set downloads = downloads + 1
      where id = $1 and revoked_at is null and expires_at > now()
        and (max_downloads is null or downloads < max_downloads)
      returning downloads`,
    [id],
  )
  return rows[0]?.downloads ?? null
}

/** Gives a counted download back (the object turned out to be gone before a byte was sent). */
export async function uncountDownload(db: Db, id: string): Promise<void> {
  await db.query('update basalt.storage_share_links set downloads = greatest(downloads - 1, 0) where id = $1', [id])
}

export const checkLinkPassword = (hash: string, password: string) => bcrypt.compare(password, hash)
