import { createReadStream, createWriteStream } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { execFile } from 'node:child_process'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { promisify } from 'node:util'
import type { PgBoss } from 'pg-boss'
import {
  BACKUPS_ATTACHED_MESSAGE,
  BACKUPS_SHARED_SERVER_MESSAGE,
  fail,
  ok,
  type Backup,
  type BackupsOverview,
  type Project,
  type Restore,
  type RestoreBody,
  type Result,
  type WalArchive,
} from '@basalt/contracts'
import { placementOf } from '../db/connections.ts'
import { PROJECT_CLUSTER_SETTINGS, takeOverDataDirectory } from '../db/embedded.ts'
import { withSuperuser } from '../db/project-databases.ts'
import type { ProjectAccess, ProjectRow } from '../db/project-types.ts'
import type { Actor, PlatformContext } from '../platform/context.ts'
import { writeAudit } from '../platform/audit.ts'
import { toProject } from '../platform/projects.ts'
import { takeBaseBackup, tarOfBaseDirectory } from './base-backup.ts'
import { extractBaseBackup, recoverCluster, RecoveryError, TARGET_NOT_REACHED } from './recovery.ts'
import { archiveSettings } from './archive.ts'
import { baseKey, walKey, type BackupStore } from './store.ts'
import { segmentNumber, WAL_SEGMENT } from './wal.ts'

const run = promisify(execFile)

/** pg-boss queues: one base backup per job; the schedule's tick, which asks for every project's. */
export const BACKUP_QUEUE = 'project-backup'
export const BACKUP_SCHEDULE_QUEUE = 'project-backup-schedule'

export const DEFAULT_BACKUP_SCHEDULE = '0 3 * * *'
export const DEFAULT_BACKUP_RETENTION_DAYS = 7

export const RESTORE_MESSAGES = {
  notRunningHere: 'Backups are made of projects Basalt runs in clusters of their own',
  noBackup: 'There is no base backup to restore from yet: take one with "Back up now"',
  beforeWindow: (earliest: string) =>
    `That point is before the earliest one this project can be restored to (${earliest})`,
  inFuture: 'That point is in the future',
  confirm: 'Type the project’s name to restore it in place',
  busy: 'A restore of this project is already under way',
  backupNotFound: 'Backup not found',
  branchNotRunningHere: 'Branches are made of projects Basalt runs in clusters of their own',
  branchNotActive: 'Only a running project can be branched',
} as const

/** A base backup older than this is not "recent": a branch takes a fresh one rather than replay a day of WAL. */
const BRANCH_BACKUP_MAX_AGE_MS = 86_400_000

interface BackupRow {
  id: string
  project_ref: string
  trigger: Backup['trigger']
  state: Backup['state']
  size: string | null
  timeline: number | null
  start_lsn: string | null
  start_wal: string | null
  stop_lsn: string | null
  stop_wal: string | null
  error: string | null
  created_at: Date
  started_at: Date | null
  stopped_at: Date | null
}

interface RestoreRow {
  id: string
  source_ref: string
  target_ref: string
  mode: Restore['mode']
  target_time: Date | null
  backup_id: string | null
  state: Restore['state']
  phase: string | null
  error: string | null
  kept_dir: string | null
  created_at: Date
  updated_at: Date
}

const toBackup = (r: BackupRow): Backup => ({
  id: r.id,
  trigger: r.trigger,
  state: r.state,
  size: r.size === null ? null : Number(r.size),
  error: r.error,
  createdAt: r.created_at.toISOString(),
  startedAt: r.started_at?.toISOString() ?? null,
  stoppedAt: r.stopped_at?.toISOString() ?? null,
})

const toRestore = (r: RestoreRow): Restore => ({
  id: r.id,
  sourceRef: r.source_ref,
  targetRef: r.target_ref,
  mode: r.mode,
  targetTime: r.target_time?.toISOString() ?? null,
  state: r.state,
  phase: r.phase,
  error: r.error,
  keptPreviousCluster: r.kept_dir !== null,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
})

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)

interface Log {
  info(o: object, m: string): void
  warn(o: object, m: string): void
}

/** Creates a project for a restore (platform/projects.ts createProject, with the restore recorded first). */
export type CreateProjectFor = (
  a: ProjectAccess,
  name: string,
  actor: Actor,
  beforeSetUp: (row: ProjectRow) => Promise<void>,
) => Promise<Result<Project>>

export interface BackupService {
  readonly store: BackupStore
  /** Bring-up, before the project's cluster starts: runs a restore waiting for this project. */
  beforeStart(p: ProjectRow): Promise<void>
  /** Bring-up, once active: ends its restore, and asks for a first base backup when there is none. */
  afterStart(p: ProjectRow): Promise<void>
  backUpNow(a: ProjectAccess, actor: Actor | null): Promise<Result<Backup>>
  /** Runs one base backup to its end (the queue's worker; tests call it too). */
  runBackup(id: string): Promise<void>
  overview(a: ProjectAccess): Promise<BackupsOverview>
  download(a: ProjectAccess, id: string): Promise<Result<{ body: Readable; size: number | null; fileName: string }>>
  restore(a: ProjectAccess, body: RestoreBody, actor: Actor): Promise<Result<{ restore: Restore; project: Project }>>
  getRestore(a: ProjectAccess, id: string): Promise<Result<Restore>>
  /** In place: removes the cluster the project had before the restore, once its owner checked it. */
  keepRestore(a: ProjectAccess, id: string, actor: Actor): Promise<Result<Restore>>
  /**
   * A branch (issue 28 §4): a new project with parent_project_ref set, restored from the parent's latest base
   * backup and its WAL to now (a fresh base backup first when none finished within a day).
   */
  branch(
    a: ProjectAccess,
    name: string | undefined,
    actor: Actor,
  ): Promise<Result<{ restore: Restore; project: Project }>>
  /** Drops base backups and WAL beyond the retention (keeping what restores to any point of it needs). */
  prune(ref: string): Promise<void>
  /** Ships spooled WAL to the S3 store and checks every running project's archiver (runs every few seconds). */
  tick(): Promise<void>
  close(): Promise<void>
}

/**
 * Backups of embedded projects (issue 28, docs/backups.md): continuous WAL archiving into the backup store,
 * base backups as durable pg-boss jobs on BACKUP_SCHEDULE, retention, and restores to a point in time into
 * a new project or in place — each a step of the project's durable set-up job, so that a restart of Basalt
 * picks it up again.
 */
export async function backupService(
  ctx: PlatformContext,
  opts: {
    store: BackupStore
    boss: PgBoss | undefined
    log: Log
    schedule?: string
    retentionDays?: number
    /** Seconds a new project waits for its first base backup (BACKUP_FIRST_DELAY_SECONDS; default 0). */
    firstDelaySeconds?: number
    createProjectFor: CreateProjectFor
    /** How often tick() runs on its own (0: never; tests call it). */
    tickMs?: number
    /** Whether the project clusters archive their WAL into `store` (projectClusters' archiveDirOf). */
    archiving: boolean
  },
): Promise<BackupService> {
  const { store, boss, log } = opts
  /** The id of this server's base-backup worker (pg-boss), once it works. */
  let backupWorker: string | undefined
  const schedule = opts.schedule ?? DEFAULT_BACKUP_SCHEDULE
  const retentionDays = opts.retentionDays ?? DEFAULT_BACKUP_RETENTION_DAYS
  const clusters = ctx.projectDatabases.kind === 'clusters' && opts.archiving
  const projectDir = (ref: string) => ctx.projectDatabases.directoryOf(ref)!

  const projectRow = async (ref: string) =>
    (
      await ctx.db.query<ProjectRow>(
        `select p.*, o.slug as organization_slug, o.name as organization_name
           from basalt.projects p left join basalt.organizations o on o.id = p.organization_id where p.ref = $1`,
        [ref],
      )
    ).rows[0]
  const backedUp = (p: ProjectRow) => clusters && p.kind === 'embedded'

  const enqueue = async (ref: string, trigger: Backup['trigger']): Promise<BackupRow> => {
    const { rows: waiting } = await ctx.db.query<BackupRow>(
      `select * from basalt.backups where project_ref = $1 and state in ('queued', 'running')
        order by created_at desc limit 1`,
      [ref],
    )
    if (waiting[0]) return waiting[0]
    const { rows } = await ctx.db.query<BackupRow>(
      'insert into basalt.backups (project_ref, trigger) values ($1, $2) returning *',
      [ref, trigger],
    )
    const row = rows[0]!
    // One at a time per server (the worker's concurrency is 1): what a person asked for goes first.
    if (boss) {
      await boss.send(BACKUP_QUEUE, { id: row.id }, { singletonKey: ref, priority: trigger === 'manual' ? 10 : 0 })
      // This server's worker fetches it now rather than at its next poll (up to 2 s later: most of a small
      // project's backup); busy, it takes it when it is done, like any other.
      if (backupWorker) boss.notifyWorker(backupWorker)
    } else ctx.background(() => runBackup(row.id))
    return row
  }

  /**
   * A new project's first base backup: at once, or after BACKUP_FIRST_DELAY_SECONDS as a durable job that
   * records the backup only when it runs (so "Back up now" meanwhile is not held behind it, and a project
   * backed up meanwhile is not backed up twice).
   */
  const firstDelay = opts.firstDelaySeconds ?? 0
  const askFirstBackup = async (ref: string) => {
    if (!boss || firstDelay === 0) return void (await enqueue(ref, 'first'))
    await boss.send(BACKUP_QUEUE, { first: ref }, { startAfter: firstDelay, singletonKey: `first:${ref}` })
  }
  const runFirstBackup = async (ref: string) => {
    const { rows } = await ctx.db.query(
      `select 1 from basalt.backups where project_ref = $1 and state in ('queued', 'running', 'done') limit 1`,
      [ref],
    )
    const p = await projectRow(ref)
    if (rows.length || !p || p.status !== 'active') return
    const { rows: created } = await ctx.db.query<BackupRow>(
      `insert into basalt.backups (project_ref, trigger) values ($1, 'first') returning *`,
      [ref],
    )
    await runBackup(created[0]!.id)
  }

  async function runBackup(id: string): Promise<void> {
    const { rows } = await ctx.db.query<BackupRow>('select * from basalt.backups where id = $1', [id])
    const backup = rows[0]
    if (!backup || backup.state === 'done' || backup.state === 'failed') return
    const p = await projectRow(backup.project_ref)
    const failWith = (message: string) =>
      ctx.db.query(`update basalt.backups set state = 'failed', error = $2 where id = $1`, [id, message])
    if (!p || p.status !== 'active' || !ctx.projectDatabases.isRunning(placementOf(p))) {
      await failWith('The project is not running: a base backup is taken of a running project')
      return
    }
    await ctx.db.query(`update basalt.backups set state = 'running', started_at = now(), error = null where id = $1`, [
      id,
    ])
    try {
      const taken = await takeBaseBackup({
        store,
        ref: p.ref,
        id,
        superuserUrl: ctx.projectDatabases.superuserUrl(placementOf(p)),
        clusterDir: path.join(projectDir(p.ref), 'cluster'),
      })
      await ctx.db.query(
        `update basalt.backups set state = 'done', size = $2, timeline = $3, start_lsn = $4, start_wal = $5,
                stop_lsn = $6, stop_wal = $7, started_at = $8, stopped_at = $9 where id = $1`,
        [
          id,
          taken.size,
          taken.timeline,
          taken.startLsn,
          taken.startWal,
          taken.stopLsn,
          taken.stopWal,
          taken.startedAt,
          taken.stoppedAt,
        ],
      )
      log.info(
        { ref: p.ref, backup: id, size: taken.size, ms: taken.stoppedAt.getTime() - taken.startedAt.getTime() },
        'base backup taken',
      )
      await prune(p.ref)
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      log.warn({ ref: p.ref, backup: id, err: message }, 'base backup failed')
      await failWith(message)
    }
  }

  /**
   * Keeps every base backup that finished within the retention, and the newest one before it (so that any
   * point of the retention can be restored: pgBackRest's time-based retention), and the WAL from the oldest
   * kept backup's start on; drops the rest from the store.
   */
  async function prune(ref: string): Promise<void> {
    const { rows } = await ctx.db.query<BackupRow>(
      `select * from basalt.backups where project_ref = $1 and state = 'done' order by stopped_at desc`,
      [ref],
    )
    const cutoff = Date.now() - retentionDays * 86_400_000
    const keep: BackupRow[] = []
    const drop: BackupRow[] = []
    for (const b of rows) {
      const inRetention = b.stopped_at!.getTime() >= cutoff
      if (inRetention || !keep.some((k) => k.stopped_at!.getTime() < cutoff)) keep.push(b)
      else drop.push(b)
    }
    if (drop.length) {
      for (const b of drop) await store.deleteBase(ref, b.id)
      await ctx.db.query('delete from basalt.backups where id = any($1::uuid[])', [drop.map((b) => b.id)])
    }
    // What a base backup killed mid-copy and never retried left on disk (`<id>.partial`): nothing else removes it.
    const { rows: busy } = await ctx.db.query<{ id: string }>(
      `select id from basalt.backups where project_ref = $1 and state in ('queued', 'running')`,
      [ref],
    )
    const swept = await store.removePartialBases(ref, new Set(busy.map((b) => b.id)))
    if (swept.length) log.info({ ref, backups: swept }, 'unfinished base backup copies removed')
    // Failed attempts older than the retention are forgotten too.
    await ctx.db.query(
      `delete from basalt.backups where project_ref = $1 and state = 'failed' and created_at < now() - make_interval(days => $2)`,
      [ref, retentionDays],
    )
    const oldest = keep.at(-1)
    if (!oldest?.start_wal) return
    const first = segmentNumber(oldest.start_wal)
    const stale = [...(await store.listWal(ref))]
      .filter(([name]) => WAL_SEGMENT.test(name) && segmentNumber(name) < first)
      .map(([name, info]) => ({ name, local: info.local }))
    if (!stale.length) return
    await store.objects.delete(stale.filter((s) => !s.local || store.kind === 'fs').map((s) => walKey(ref, s.name)))
    for (const s of stale.filter((s) => s.local && store.kind === 's3')) {
      await unlink(path.join(store.localWalDir(ref), s.name)).catch(() => {})
    }
  }

  /** The archiver's state of a running project (pg_stat_archiver), null when it is not running. */
  const archiverOf = async (p: ProjectRow) => {
    if (p.status !== 'active' || !ctx.projectDatabases.isRunning(placementOf(p))) return null
    try {
      return await withSuperuser(ctx.projectDatabases.superuserUrl(placementOf(p)), async (c) => {
        const { rows } = await c.query<{
          archived_count: string
          last_archived_wal: string | null
          last_archived_time: Date | null
          failed_count: string
          last_failed_wal: string | null
          last_failed_time: Date | null
        }>('select * from pg_catalog.pg_stat_archiver')
        return rows[0]!
      })
    } catch {
      return null
    }
  }

  interface ShipState {
    last_shipped_wal: string | null
    last_shipped_at: Date | null
    last_failed_wal: string | null
    last_failed_at: Date | null
    last_error: string | null
  }
  const shipStateOf = async (ref: string) =>
    (await ctx.db.query<ShipState>('select * from basalt.wal_archive_status where project_ref = $1', [ref])).rows[0]

  /** Ships one project's spooled WAL to S3, oldest first; the spool keeps what could not be shipped. */
  async function ship(ref: string): Promise<void> {
    const local = [...(await store.listLocalWal(ref)).keys()]
    // Histories first (a restore needs them), then segments in order.
    local.sort((a, b) => (a.endsWith('.history') ? -1 : b.endsWith('.history') ? 1 : a.localeCompare(b)))
    for (const name of local) {
      const file = path.join(store.localWalDir(ref), name)
      try {
        const size = (await stat(file)).size
        await store.objects.put(walKey(ref, name), createReadStream(file), {
          contentType: 'application/octet-stream',
          expectedSize: size,
        })
        await unlink(file)
        await ctx.db.query(
          `insert into basalt.wal_archive_status (project_ref, last_shipped_wal, last_shipped_at) values ($1, $2, now())
           on conflict (project_ref) do update set last_shipped_wal = $2, last_shipped_at = now()`,
          [ref, name],
        )
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err)
        const before = await shipStateOf(ref)
        await ctx.db.query(
          `insert into basalt.wal_archive_status (project_ref, last_failed_wal, last_failed_at, last_error)
           values ($1, $2, now(), $3)
           on conflict (project_ref) do update set last_failed_wal = $2, last_failed_at = now(), last_error = $3`,
          [ref, name, message],
        )
        // Said once per failing spell in the log, not every few seconds.
        if (!before?.last_failed_at || (before.last_shipped_at && before.last_shipped_at > before.last_failed_at)) {
          log.warn(
            { ref, wal: name, err: message },
            'WAL archive: shipping to the S3 backup store failed; the segments wait in the spool',
          )
        }
        return
      }
    }
  }

  /** Whether the cluster has a segment waiting for its archiver (unknown, when the directory cannot be read: yes). */
  const waitingToArchive = async (ref: string) => {
    try {
      const names = await readdir(path.join(projectDir(ref), 'cluster', 'pg_wal', 'archive_status'))
      return names.some((n) => n.endsWith('.ready'))
    } catch {
      return true
    }
  }

  // What tick() last saw of each project's archiver, to log each new failure once.
  const seenFailures = new Map<string, string>()
  let ticking: Promise<void> | null = null
  async function tickOnce(): Promise<void> {
    if (!clusters) return
    const { rows } = await ctx.db.query<ProjectRow>(
      `select * from basalt.projects where kind = 'embedded' and status = 'active'`,
    )
    for (const p of rows) {
      if (store.kind === 's3') await ship(p.ref).catch(() => {})
      // A segment PostgreSQL has finished but not archived yet leaves a `.ready` file in archive_status; with
      // none, nothing can be failing, and the project is not asked (a connection costs its cluster ~40 ms of
      // CPU: every 5 s, for every project, that was a fifth of a core on a server of 30 projects).
      if (!(await waitingToArchive(p.ref))) {
        seenFailures.delete(p.ref)
        continue
      }
      const archiver = await archiverOf(p)
      if (archiver?.last_failed_time) {
        const key = `${archiver.last_failed_wal}@${archiver.last_failed_time.toISOString()}`
        const failing = !archiver.last_archived_time || archiver.last_failed_time > archiver.last_archived_time
        if (failing && seenFailures.get(p.ref) !== key) {
          seenFailures.set(p.ref, key)
          log.warn(
            { ref: p.ref, wal: archiver.last_failed_wal, failedCount: Number(archiver.failed_count) },
            'WAL archive: PostgreSQL could not archive a segment (see the backups page); the project keeps running',
          )
        }
      }
    }
  }
  const tick = () => (ticking ??= tickOnce().finally(() => (ticking = null)))
  const timer =
    opts.tickMs === 0 || !clusters ? null : setInterval(() => void tick().catch(() => {}), opts.tickMs ?? 5_000)
  timer?.unref()

  if (boss && clusters) {
    const created = (err: Error) => {
      if (!/already exists/.test(err.message)) throw err
    }
    await boss
      .createQueue(BACKUP_QUEUE, {
        heartbeatSeconds: 10,
        expireInSeconds: 6 * 3600,
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
      })
      .catch(created)
    await boss.createQueue(BACKUP_SCHEDULE_QUEUE).catch(created)
    backupWorker = await boss.work<{ id: string } | { first: string }>(
      BACKUP_QUEUE,
      { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: 2 },
      async ([job]) => {
        if (!job) return
        if ('first' in job.data) await runFirstBackup(job.data.first)
        else await runBackup(job.data.id)
      },
    )
    await boss.work(BACKUP_SCHEDULE_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      const { rows } = await ctx.db.query<{ ref: string }>(
        `select ref from basalt.projects where kind = 'embedded' and status = 'active'`,
      )
      for (const { ref } of rows) await enqueue(ref, 'scheduled')
    })
    if (clusters) await boss.schedule(BACKUP_SCHEDULE_QUEUE, schedule, {}, { tz: 'UTC' })
  }

  /** The recoverable window: the oldest base backup's consistent point, to the latest WAL archived. */
  const windowOf = async (p: ProjectRow): Promise<{ earliest: Date; latest: Date } | null> => {
    const { rows } = await ctx.db.query<{ stopped_at: Date }>(
      `select stopped_at from basalt.backups where project_ref = $1 and state = 'done' order by stopped_at limit 1`,
      [p.ref],
    )
    if (!rows[0]) return null
    let latest = rows[0].stopped_at
    // A running project is archived up to now: a restore first switches to a new segment and waits for it.
    if (p.status === 'active' && ctx.projectDatabases.isRunning(placementOf(p))) latest = new Date()
    else for (const [, info] of await store.listWal(p.ref)) if (info.modified > latest) latest = info.modified
    return { earliest: rows[0].stopped_at, latest }
  }

  /**
   * Makes everything the project committed until now reach the archive: a transaction id (so that a commit
   * record with the time of now ends the WAL: recovery to a time stops at the first commit after it), a
   * switch to the next segment, and a wait until the archiver (and, with S3, the shipping) has it.
   */
  const flushArchive = async (p: ProjectRow) => {
    if (!ctx.projectDatabases.isRunning(placementOf(p))) return
    const url = ctx.projectDatabases.superuserUrl(placementOf(p))
    const wal = await withSuperuser(url, async (c) => {
      await c.query('select pg_catalog.txid_current()')
      const { rows } = await c.query<{ wal: string }>(
        'select pg_catalog.pg_walfile_name(pg_catalog.pg_switch_wal()) as wal',
      )
      return rows[0]!.wal
    })
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const archived = await withSuperuser(url, (c) =>
        c.query<{ wal: string | null }>('select last_archived_wal as wal from pg_catalog.pg_stat_archiver'),
      )
      const last = archived.rows[0]!.wal
      if (last && WAL_SEGMENT.test(last) && segmentNumber(last) >= segmentNumber(wal)) {
        if (store.kind === 's3') await ship(p.ref)
        return
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('The WAL archive did not take the latest segment within a minute: see the WAL archive state')
  }

  const setRestore = (id: string, set: string, values: unknown[] = []) =>
    ctx.db.query(`update basalt.restores set ${set}, updated_at = now() where id = $1`, [id, ...values])

  /** Copies every archived file a recovery may read from the S3 store into a local directory. */
  const fetchWal = async (ref: string, fromWal: string, dir: string) => {
    await rm(dir, { recursive: true, force: true })
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const first = segmentNumber(fromWal)
    for (const [name] of await store.listWal(ref)) {
      if (WAL_SEGMENT.test(name) && segmentNumber(name) < first) continue
      const body = await store.readWal(ref, name)
      if (body) await pipeline(body, createWriteStream(path.join(dir, name), { mode: 0o600 }))
    }
    if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', dir])
  }

  async function beforeStart(p: ProjectRow): Promise<void> {
    if (!backedUp(p)) return
    const { rows } = await ctx.db.query<RestoreRow>(
      `select * from basalt.restores where target_ref = $1 and state in ('queued', 'running')
        order by created_at desc limit 1`,
      [p.ref],
    )
    const r = rows[0]
    if (!r) return
    const dir = projectDir(p.ref)
    const clusterDir = path.join(dir, 'cluster')
    const began = Date.now()
    try {
      await setRestore(r.id, `state = 'running', phase = $2, error = null`, ['Copying the base backup'])
      const { rows: backups } = await ctx.db.query<BackupRow>('select * from basalt.backups where id = $1', [
        r.backup_id,
      ])
      const backup = backups[0]
      if (!backup?.start_wal) throw new Error('The base backup this restore starts from is gone')
      await ctx.projectDatabases.stop(placementOf(p))
      // A Basalt that died mid-restore left the recovery's postmaster running in the directory: stopped here.
      await takeOverDataDirectory(clusterDir, (line) => log.warn({ ref: p.ref, restore: r.id }, line))
      if (r.mode === 'in_place' && !r.kept_dir) {
        const kept = path.join(dir, `cluster-before-restore-${r.id.slice(0, 8)}`)
        await rename(clusterDir, kept).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err
        })
        await setRestore(r.id, 'kept_dir = $2', [kept])
      }
      await mkdir(dir, { recursive: true })
      if (r.source_ref !== p.ref) {
        await copyFile(path.join(projectDir(r.source_ref), 'superuser-password'), path.join(dir, 'superuser-password'))
      }
      let walDir = store.localWalDir(r.source_ref)
      if (store.kind === 's3') {
        walDir = path.join(dir, 'restore-wal')
        await fetchWal(r.source_ref, backup.start_wal, walDir)
      }
      // A new project's archive holds only what an earlier attempt of this restore archived (a server that died
      // after the recovery promoted): its timeline would clash with this attempt's.
      if (r.mode === 'new_project') await rm(store.localWalDir(p.ref), { recursive: true, force: true })
      const walTarget = await store.prepareWalDir(p.ref)
      const recover = async (targetTime: Date | null) => {
        await extractBaseBackup(store, r.source_ref, backup.id, clusterDir)
        await setRestore(r.id, 'phase = $2', ['Replaying the WAL'])
        await recoverCluster({
          clusterDir,
          projectDir: dir,
          port: p.cluster_port!,
          walDir,
          targetTime,
          settings: { ...PROJECT_CLUSTER_SETTINGS, ...archiveSettings(walTarget) },
          superuserPassword: (await readFile(path.join(dir, 'superuser-password'), 'utf8')).trim(),
          renameDatabase: { from: ctx.projectDatabases.databaseNameFor(r.source_ref), to: p.database_name! },
          onReady: () => ctx.afterSetupStep?.(p.ref, 'recovery'),
        })
      }
      try {
        await recover(r.target_time)
      } catch (err) {
        // No commit after the target in the whole archive: the end of the archive is that point.
        if (!(err instanceof RecoveryError && TARGET_NOT_REACHED.test(err.message))) throw err
        await recover(null)
      }
      await rm(path.join(dir, 'restore-wal'), { recursive: true, force: true })
      await setRestore(r.id, 'phase = $2', ['Starting the project'])
      log.info({ ref: p.ref, restore: r.id, ms: Date.now() - began }, 'restore: recovery done')
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      await setRestore(r.id, `state = 'failed', phase = null, error = $2`, [message])
      // In place, nothing is lost: the cluster the project had goes back.
      const { rows: again } = await ctx.db.query<RestoreRow>('select * from basalt.restores where id = $1', [r.id])
      const kept = again[0]?.kept_dir
      if (r.mode === 'in_place' && kept) {
        await rm(clusterDir, { recursive: true, force: true })
        await rename(kept, clusterDir)
        await setRestore(r.id, 'kept_dir = null')
      }
      throw new Error(`The restore failed: ${message}`)
    }
  }

  async function afterStart(p: ProjectRow): Promise<void> {
    if (!backedUp(p)) return
    const { rows } = await ctx.db.query<RestoreRow>(
      `update basalt.restores set state = 'done', phase = null, updated_at = now()
        where target_ref = $1 and state = 'running' returning *`,
      [p.ref],
    )
    const { rows: any } = await ctx.db.query(
      `select 1 from basalt.backups where project_ref = $1 and state in ('queued', 'running', 'done') limit 1`,
      [p.ref],
    )
    // A project restored starts a new history: its first base backup is the start of its own window.
    if (rows.length) await enqueue(p.ref, 'restore')
    else if (!any.length) await askFirstBackup(p.ref)
  }

  const unavailable = (p: ProjectRow): BackupsOverview | null =>
    p.kind === 'external'
      ? { available: false, message: BACKUPS_ATTACHED_MESSAGE }
      : !clusters
        ? { available: false, message: BACKUPS_SHARED_SERVER_MESSAGE }
        : null

  return {
    store,
    beforeStart,
    afterStart,
    runBackup,
    prune,
    tick,
    async backUpNow(a, actor) {
      if (unavailable(a.project)) return fail('bad_request', RESTORE_MESSAGES.notRunningHere)
      if (a.project.status !== 'active') return fail('project_not_ready', 'Only a running project can be backed up')
      const row = await enqueue(a.project.ref, 'manual')
      if (actor) {
        await writeAudit(ctx.db, {
          action: 'project.backup',
          actor,
          organization: { id: a.project.organization_id!, slug: a.project.organization_slug },
          target: a.project.ref,
        })
      }
      return ok(toBackup(row))
    },
    async overview(a) {
      const p = a.project
      const no = unavailable(p)
      if (no) return no
      const { rows } = await ctx.db.query<BackupRow>(
        'select * from basalt.backups where project_ref = $1 order by created_at desc limit 200',
        [p.ref],
      )
      const { rows: restores } = await ctx.db.query<RestoreRow>(
        'select * from basalt.restores where target_ref = $1 or source_ref = $1 order by created_at desc limit 20',
        [p.ref],
      )
      const window = await windowOf(p)
      const archiver = await archiverOf(p)
      const shipped = await shipStateOf(p.ref)
      const waiting = store.kind === 's3' ? [...(await store.listWal(p.ref)).values()].filter((w) => w.local).length : 0
      const pgFailing =
        !!archiver?.last_failed_time &&
        (!archiver.last_archived_time || archiver.last_failed_time > archiver.last_archived_time)
      const shipFailing =
        !!shipped?.last_failed_at && (!shipped.last_shipped_at || shipped.last_failed_at > shipped.last_shipped_at)
      const archive: WalArchive = {
        archivedCount: archiver ? Number(archiver.archived_count) : null,
        lastArchivedWal: archiver?.last_archived_wal ?? null,
        lastArchivedAt: archiver?.last_archived_time?.toISOString() ?? null,
        failedCount: archiver ? Number(archiver.failed_count) : null,
        lastFailedWal: archiver?.last_failed_wal ?? null,
        lastFailedAt: archiver?.last_failed_time?.toISOString() ?? null,
        lastShippedAt: shipped?.last_shipped_at?.toISOString() ?? null,
        lastShipError: shipFailing ? shipped!.last_error : null,
        lastShipErrorAt: shipFailing ? shipped!.last_failed_at!.toISOString() : null,
        waiting,
        failing: pgFailing || shipFailing,
      }
      return {
        available: true,
        store: store.kind,
        schedule,
        retentionDays,
        backups: rows.map(toBackup),
        window: window && { earliest: window.earliest.toISOString(), latest: window.latest.toISOString() },
        archive,
        restores: restores.map(toRestore),
      }
    },
    async download(a, id) {
      if (!isUuid(id)) return fail('not_found', RESTORE_MESSAGES.backupNotFound)
      const { rows } = await ctx.db.query<BackupRow>(
        `select * from basalt.backups where id = $1 and project_ref = $2 and state = 'done'`,
        [id, a.project.ref],
      )
      const b = rows[0]
      if (!b) return fail('not_found', RESTORE_MESSAGES.backupNotFound)
      const stamp = b.stopped_at!.toISOString().replace(/[:.]/g, '-')
      const fileName = `${a.project.ref}-${stamp}.tar.gz`
      // A directory (fs store) is packed as it is sent: its size is not known before the last byte.
      const dir = await store.findBaseDir(a.project.ref, id)
      if (dir) return ok({ body: tarOfBaseDirectory(dir), size: null, fileName })
      const body = await store.objects.get(baseKey(a.project.ref, id))
      if (!body) return fail('not_found', RESTORE_MESSAGES.backupNotFound)
      return ok({ body, size: Number(b.size), fileName })
    },
    async restore(a, body, actor) {
      const p = a.project
      if (unavailable(p)) return fail('bad_request', RESTORE_MESSAGES.notRunningHere)
      const target = body.targetTime ? new Date(body.targetTime) : null
      if (target && target.getTime() > Date.now()) return fail('bad_request', RESTORE_MESSAGES.inFuture)
      if (body.mode === 'in_place' && body.confirm !== p.name) return fail('bad_request', RESTORE_MESSAGES.confirm)
      const { rows: busy } = await ctx.db.query(
        `select 1 from basalt.restores where (target_ref = $1 or source_ref = $1) and state in ('queued', 'running')`,
        [p.ref],
      )
      if (busy.length) return fail('conflict', RESTORE_MESSAGES.busy)
      const { rows: candidates } = await ctx.db.query<BackupRow>(
        `select * from basalt.backups where project_ref = $1 and state = 'done'
            and ($2::timestamptz is null or stopped_at <= $2) order by stopped_at desc limit 1`,
        [p.ref, target],
      )
      const backup = candidates[0]
      if (!backup) {
        const window = await windowOf(p)
        return fail(
          'bad_request',
          window ? RESTORE_MESSAGES.beforeWindow(window.earliest.toISOString()) : RESTORE_MESSAGES.noBackup,
        )
      }
      await flushArchive(p)
      const record = async (row: ProjectRow) => {
        const { rows } = await ctx.db.query<RestoreRow>(
          `insert into basalt.restores (source_ref, target_ref, mode, target_time, backup_id, created_by)
           values ($1, $2, $3, $4, $5, $6) returning *`,
          [p.ref, row.ref, body.mode, target, backup.id, actor.id],
        )
        return rows[0]!
      }
      const details = { targetTime: target?.toISOString() ?? null, backup: backup.id, mode: body.mode }
      if (body.mode === 'in_place') {
        const r = await record(p)
        await ctx.db.query(`update basalt.projects set status = 'coming_up', status_message = null where ref = $1`, [
          p.ref,
        ])
        await ctx.events.publish({ kind: 'project_closed', ref: p.ref })
        await ctx.projectPools.evict(p.ref)
        await writeAudit(ctx.db, {
          action: 'project.restore_backup',
          actor,
          organization: { id: p.organization_id!, slug: p.organization_slug },
          target: p.ref,
          details,
        })
        await ctx.requestSetUp(p.ref)
        const project = (await projectRow(p.ref))!
        return ok({ restore: toRestore(r), project: toProject(project) })
      }
      let restore: RestoreRow | undefined
      const name = body.name ?? `${p.name} (restored)`.slice(0, 64)
      const created = await opts.createProjectFor(a, name, actor, async (row) => {
        restore = await record(row)
      })
      if (!created.ok) return created
      await writeAudit(ctx.db, {
        action: 'project.restore_backup',
        actor,
        organization: { id: p.organization_id!, slug: p.organization_slug },
        target: p.ref,
        details: { ...details, into: created.data.ref },
      })
      return ok({ restore: toRestore(restore!), project: created.data })
    },
    async branch(a, name, actor) {
      const p = a.project
      if (unavailable(p)) return fail('bad_request', RESTORE_MESSAGES.branchNotRunningHere)
      if (p.status !== 'active') return fail('project_not_ready', RESTORE_MESSAGES.branchNotActive)
      const { rows: busy } = await ctx.db.query(
        `select 1 from basalt.restores where (target_ref = $1 or source_ref = $1) and state in ('queued', 'running')`,
        [p.ref],
      )
      if (busy.length) return fail('conflict', RESTORE_MESSAGES.busy)
      const latest = async () =>
        (
          await ctx.db.query<BackupRow>(
            `select * from basalt.backups where project_ref = $1 and state = 'done' order by stopped_at desc limit 1`,
            [p.ref],
          )
        ).rows[0]
      let backup = await latest()
      if (!backup || Date.now() - backup.stopped_at!.getTime() > BRANCH_BACKUP_MAX_AGE_MS) {
        // Taken here, in the request: the branch starts from it (a few seconds for a small project).
        const { rows } = await ctx.db.query<BackupRow>(
          `insert into basalt.backups (project_ref, trigger) values ($1, 'branch') returning *`,
          [p.ref],
        )
        await runBackup(rows[0]!.id)
        const { rows: taken } = await ctx.db.query<BackupRow>('select * from basalt.backups where id = $1', [
          rows[0]!.id,
        ])
        if (taken[0]!.state !== 'done') return fail('bad_request', `The base backup failed: ${taken[0]!.error}`)
        backup = await latest()
      }
      await flushArchive(p)
      let restore: RestoreRow | undefined
      const created = await opts.createProjectFor(a, name ?? `${p.name} branch`.slice(0, 64), actor, async (row) => {
        await ctx.db.query('update basalt.projects set parent_project_ref = $2 where ref = $1', [row.ref, p.ref])
        const { rows } = await ctx.db.query<RestoreRow>(
          `insert into basalt.restores (source_ref, target_ref, mode, target_time, backup_id, created_by)
           values ($1, $2, 'new_project', null, $3, $4) returning *`,
          [p.ref, row.ref, backup!.id, actor.id],
        )
        restore = rows[0]
      })
      if (!created.ok) return created
      await writeAudit(ctx.db, {
        action: 'project.branch_create',
        actor,
        organization: { id: p.organization_id!, slug: p.organization_slug },
        target: p.ref,
        details: { branch: created.data.ref, backup: backup!.id },
      })
      return ok({ restore: toRestore(restore!), project: { ...created.data, parentProjectRef: p.ref } })
    },
    async getRestore(a, id) {
      if (!isUuid(id)) return fail('not_found', 'Restore not found')
      const { rows } = await ctx.db.query<RestoreRow>(
        'select * from basalt.restores where id = $1 and (target_ref = $2 or source_ref = $2)',
        [id, a.project.ref],
      )
      return rows[0] ? ok(toRestore(rows[0])) : fail('not_found', 'Restore not found')
    },
    async keepRestore(a, id, actor) {
      if (!isUuid(id)) return fail('not_found', 'Restore not found')
      const { rows } = await ctx.db.query<RestoreRow>(
        `select * from basalt.restores where id = $1 and target_ref = $2 and mode = 'in_place'`,
        [id, a.project.ref],
      )
      const r = rows[0]
      if (!r) return fail('not_found', 'Restore not found')
      if (r.state !== 'done') return fail('conflict', 'The restore has not finished')
      if (r.kept_dir) await rm(r.kept_dir, { recursive: true, force: true })
      const { rows: updated } = await ctx.db.query<RestoreRow>(
        'update basalt.restores set kept_dir = null, updated_at = now() where id = $1 returning *',
        [id],
      )
      await writeAudit(ctx.db, {
        action: 'project.restore_checked',
        actor,
        organization: { id: a.project.organization_id!, slug: a.project.organization_slug },
        target: a.project.ref,
      })
      return ok(toRestore(updated[0]!))
    },
    async close() {
      if (timer) clearInterval(timer)
      await ticking
      await store.close()
    },
  }
}
