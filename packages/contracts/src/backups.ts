import { z } from 'zod'

/*
 * Backups and point-in-time recovery of a project Basalt runs in a cluster of its own (issue 28, spec 2:
 * database/backups/scheduled and …/pitr).
 */

/** What the backups page says about an attached database: its backups are not Basalt's to make. */
export const BACKUPS_ATTACHED_MESSAGE =
  "This project's database was attached by its connection string: its backups belong to that server's owner. Basalt does not back it up, and cannot restore it."

/** What the backups page says on a shared PostgreSQL server (PLATFORM_DATABASE_URL). */
export const BACKUPS_SHARED_SERVER_MESSAGE =
  "This project's database lives on the server of PLATFORM_DATABASE_URL, which Basalt does not run: back that server up with its own tools. Basalt backs up the projects it runs in clusters of their own (the embedded default)."

export const backupSchema = z.object({
  id: z.string(),
  trigger: z.enum(['scheduled', 'manual', 'first', 'restore', 'branch']),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  /** Bytes of the .tar.gz, once done. */
  size: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  /** When the copy started and when it became consistent (the earliest point it can restore to). */
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
})
export type Backup = z.infer<typeof backupSchema>

export const walArchiveSchema = z.object({
  /** PostgreSQL's own archiver (pg_stat_archiver), when the project is running. */
  archivedCount: z.number().nullable(),
  lastArchivedWal: z.string().nullable(),
  lastArchivedAt: z.string().nullable(),
  failedCount: z.number().nullable(),
  lastFailedWal: z.string().nullable(),
  lastFailedAt: z.string().nullable(),
  /** Shipping to S3 (only with the S3 store): the last segment shipped and the last failure. */
  lastShippedAt: z.string().nullable(),
  lastShipError: z.string().nullable(),
  lastShipErrorAt: z.string().nullable(),
  /** Segments waiting in the local spool for the S3 store. */
  waiting: z.number(),
  /** True when the last attempt (archiving or shipping) failed and nothing succeeded since. */
  failing: z.boolean(),
})
export type WalArchive = z.infer<typeof walArchiveSchema>

export const restoreSchema = z.object({
  id: z.string(),
  sourceRef: z.string(),
  targetRef: z.string(),
  mode: z.enum(['new_project', 'in_place']),
  /** The point restored to; null: the end of the archive (the last committed transaction). */
  targetTime: z.string().nullable(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  phase: z.string().nullable(),
  error: z.string().nullable(),
  /** In place: the cluster the project had is kept until the restore is checked. */
  keptPreviousCluster: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Restore = z.infer<typeof restoreSchema>

/** GET /api/projects/:ref/backups */
export const backupsOverviewSchema = z.discriminatedUnion('available', [
  z.object({ available: z.literal(false), message: z.string() }),
  z.object({
    available: z.literal(true),
    store: z.enum(['fs', 's3']),
    schedule: z.string(),
    retentionDays: z.number(),
    backups: z.array(backupSchema),
    /** The recoverable window: from the oldest base backup's consistent point to the latest archived WAL. */
    window: z.object({ earliest: z.string(), latest: z.string() }).nullable(),
    archive: walArchiveSchema,
    restores: z.array(restoreSchema),
  }),
])
export type BackupsOverview = z.infer<typeof backupsOverviewSchema>

/** POST /api/projects/:ref/restores */
export const restoreBodySchema = z
  .object({
    /** A point in time to the second (ISO 8601); null or absent: the latest point (the end of the archive). */
    targetTime: z.iso.datetime({ offset: true }).nullish(),
    mode: z.enum(['new_project', 'in_place']).default('new_project'),
    /** The new project's name (new_project). */
    name: z.string().trim().min(1).max(64).optional(),
    /** In place: the project's name, typed to confirm. */
    confirm: z.string().optional(),
  })
  .strict()
export type RestoreBody = z.infer<typeof restoreBodySchema>

/** What Storage says on a branch (spec 2, spec 3 §65): verbatim. */
export const BRANCH_STORAGE_MESSAGE = 'Storage is not available on preview branches for now.'

/** POST /api/projects/:ref/branches */
export const createBranchBodySchema = z.object({ name: z.string().trim().min(1).max(64).optional() }).strict()
export type CreateBranchBody = z.infer<typeof createBranchBodySchema>

/** A schema change recorded on a branch (its migration history), and whether it was applied to the parent. */
export const branchChangeSchema = z.object({
  number: z.number(),
  name: z.string(),
  statements: z.string(),
  author: z.string().nullable(),
  createdAt: z.string(),
  applied: z.boolean(),
})
export type BranchChange = z.infer<typeof branchChangeSchema>

/** GET /api/projects/:ref/branches/:branch — a branch of :ref, with the changes recorded on it since it was made. */
export const branchDetailSchema = z.object({
  ref: z.string(),
  name: z.string(),
  status: z.string(),
  parentRef: z.string(),
  parentName: z.string(),
  createdAt: z.string(),
  /** The last change applied to the parent (0: none). */
  appliedThrough: z.number(),
  changes: z.array(branchChangeSchema),
})
export type BranchDetail = z.infer<typeof branchDetailSchema>

/** POST /api/projects/:ref/branches/:branch/apply: every change not applied yet up to `through`, as reviewed. */
export const applyBranchBodySchema = z.object({ through: z.number().int().min(1) }).strict()
export type ApplyBranchBody = z.infer<typeof applyBranchBodySchema>
