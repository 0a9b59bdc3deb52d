// Backups' figures (issue 28 §7, docs/backups.md): a base backup of a BENCH_BACKUP_MB (1 GB) project against a
// plain copy of its data directory; a restore of that project to a point in time into a new project, with the
// WAL it replays per minute of writes; a branch of it to Active; and the project's write throughput with its
// WAL archived (Basalt's normal) against a cluster that does not archive.
//
// Basalt is built in-process (in-process.ts) with backups on, as server.ts builds it: the project's cluster
// archives its WAL into DATA_DIR/backups/<ref>/wal (basic_archive) and base backups go to the fs store under
// DATA_DIR/backups (a directory of the cluster's files, fsynced) — everything on the same disk as the clusters
// and the baseline's copies.
import { execFileSync } from 'node:child_process'
import { mkdir, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { adminUrlOf } from '@basalt/server/src/db/connections.ts'
import {
  PROJECT_CLUSTER_SETTINGS,
  startEmbeddedPostgres,
  type EmbeddedCluster,
} from '@basalt/server/src/db/embedded.ts'
import { onlineCopy } from '@basalt/server/src/db/replicas.ts'
import type { ProjectRow } from '@basalt/server/src/platform/projects.ts'
import { freePort } from './http.ts'
import { inProcessProject, type InProcessProject } from './in-process.ts'
import type { Report } from './table-editor.ts'

const MB = 1024 * 1024
/** The project's size: its database grows by batches of generated rows until it holds this much. */
const TARGET_MB = Number(process.env.BENCH_BACKUP_MB ?? 1024)
/** Seconds of writes between the base backup and the point a restore goes back to. */
const WRITE_SECONDS = Number(process.env.BENCH_BACKUP_WRITE_SECONDS ?? 60)
/** Runs of the base backup and of its baseline copy, alternating; the best of each counts. */
const RUNS = Number(process.env.BENCH_BACKUP_RUNS ?? 2)
/** Write throughput: rounds on each side (alternating which goes first), and transactions per round. */
const TP_ROUNDS = Number(process.env.BENCH_BACKUP_TP_ROUNDS ?? 6)
const TP_TXNS = Number(process.env.BENCH_BACKUP_TP_TXNS ?? 2000)
/** Connections writing at once (a small app's pool). */
const CLIENTS = 4

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 600_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const value = await fn()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The tables of the write workload: pgbench's shape, small (an account's balance, a history of rows). */
const WORKLOAD_TABLES = `
  create table public.bench_accounts (id int primary key, balance bigint not null default 0);
  insert into public.bench_accounts (id) select g from generate_series(1, 1000) g;
  create table public.bench_writes (
    id bigint generated always as identity primary key,
    account int not null,
    payload text not null,
    at timestamptz not null default clock_timestamp()
  );`

/**
 * One transaction of the write workload (one statement, so one round trip and one commit): an account's
 * balance updated and 20 rows of 256 characters written to the history — about 7 KB of WAL.
 */
const TRANSACTION = `
  with account as (update public.bench_accounts set balance = balance + 1 where id = $1 returning id)
  insert into public.bench_writes (account, payload)
  select account.id, repeat(md5(random()::text), 8) from account, generate_series(1, 20)`

/**
 * Runs the workload on CLIENTS connections to `url` until `txns` transactions committed or `ms` passed;
 * answers the transactions committed and the milliseconds they took.
 */
async function workload(url: string, stop: { txns?: number; ms?: number }) {
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      return c
    }),
  )
  try {
    let started = 0
    const t0 = performance.now()
    const more = () => (stop.txns !== undefined ? started < stop.txns : performance.now() - t0 < (stop.ms ?? 0))
    await Promise.all(
      clients.map(async (c) => {
        while (more()) {
          started++
          await c.query(TRANSACTION, [1 + Math.floor(Math.random() * 1000)])
        }
      }),
    )
    return { txns: started, ms: performance.now() - t0 }
  } finally {
    await Promise.all(clients.map((c) => c.end()))
  }
}

/** Waits until the cluster's archiver has every segment written so far (none left for it to do). */
async function archiveCaughtUp(su: pg.Client) {
  const { rows } = await su.query<{ wal: string }>(
    'select pg_walfile_name(pg_switch_wal()) as wal from (select txid_current()) t',
  )
  const wal = rows[0]!.wal
  await until('the archiver to catch up', async () => {
    const { rows: a } = await su.query<{ last: string | null }>(
      'select last_archived_wal as last from pg_stat_archiver',
    )
    return a[0]!.last && a[0]!.last.slice(8) >= wal.slice(8) ? true : undefined
  })
}

/** Waits until no base backup is queued or running (a restored project's first one runs in the background). */
const backupsIdle = (p: InProcessProject) =>
  until('the background base backups to end', async () => {
    const { rows } = await p.platformDb.query(`select 1 from basalt.backups where state in ('queued', 'running')`)
    return rows.length ? undefined : true
  })

/**
 * Follows a restore (into a new project, or a branch) until the new project is active: the seconds of each
 * phase the restore records (the base backup extracted, the WAL replayed, the project started).
 */
async function followRestore(p: InProcessProject, restoreId: string, ref: string, t0: number) {
  const phases = new Map<string, number>()
  await until('the restored project to be active', async () => {
    const { rows } = await p.platformDb.query<{ phase: string | null; state: string; error: string | null }>(
      'select phase, state, error from basalt.restores where id = $1',
      [restoreId],
    )
    const r = rows[0]!
    if (r.state === 'failed') throw new Error(`restore failed: ${r.error}`)
    if (r.phase && !phases.has(r.phase)) phases.set(r.phase, performance.now())
    const { rows: project } = await p.platformDb.query<{ status: string; status_message: string | null }>(
      'select status, status_message from basalt.projects where ref = $1',
      [ref],
    )
    const status = project[0]!.status
    if (status === 'failed') throw new Error(`project ${ref} failed: ${project[0]!.status_message}`)
    return status === 'active' ? true : undefined
  })
  const end = performance.now()
  const at = (phase: string) => phases.get(phase) ?? NaN
  const extracted = at('Replaying the WAL')
  const replayed = at('Starting the project')
  return {
    total: end - t0,
    /** From the request to the end of the extraction (the request's own work, the set-up's start, the copy). */
    extract: extracted - t0,
    replay: replayed - extracted,
    start: end - replayed,
  }
}

/** A client of a project's database as its admin role. */
async function adminClient(p: InProcessProject, ref: string) {
  const { rows } = await p.platformDb.query<ProjectRow>('select * from basalt.projects where ref = $1', [ref])
  const c = new pg.Client({ connectionString: adminUrlOf(p.app.platform, rows[0]!)! })
  await c.connect()
  return c
}

export async function backupsBench(table: Report): Promise<void> {
  // Each figure also goes to stderr as soon as it is measured (the table comes at the end of the run).
  const report: Report = (figure, value, budget, ok) => {
    console.error(`  ${figure}: ${value} (budget ${budget})`)
    table(figure, value, budget, ok)
  }
  const loadAtStart = load()
  const p = await inProcessProject('backups', { backups: true })
  let off: EmbeddedCluster | undefined
  const su = new pg.Client({ connectionString: await p.superuserUrl() })
  try {
    await su.connect()
    const dataDir = p.app.platform.config.dataDir
    const clusterDir = path.join(p.app.platform.projectDatabases.directoryOf(p.ref)!, 'cluster')
    // The project's first base backup, taken as it came up, is not measured.
    await until('the first base backup', async () => {
      const { rows } = await p.platformDb.query(
        `select 1 from basalt.backups where project_ref = $1 and state = 'done'`,
        [p.ref],
      )
      return rows.length ? true : undefined
    })

    // ---------- the project: TARGET_MB of rows, in batches of generated rows ----------
    const loading = performance.now()
    await p.direct.query(`create table public.bench_data (
      id bigint primary key, category int not null, name text not null, created_at timestamptz not null,
      price numeric(12, 2) not null)`)
    await p.direct.query(WORKLOAD_TABLES)
    const dbSize = async () =>
      Number((await p.direct.query<{ n: string }>('select pg_database_size(current_database()) as n')).rows[0]!.n)
    const emptySize = await dbSize()
    let rows = 0
    let batch = 500_000
    for (let size = emptySize; size < TARGET_MB * MB;) {
      await p.direct.query(
        `insert into public.bench_data
         select g, g % 1000, md5(g::text) || md5((g * 7)::text), now() - (g % 100000) * interval '1 minute',
                (g % 100000) / 100.0
           from generate_series($1::bigint + 1, $1::bigint + $2) g`,
        [rows, batch],
      )
      rows += batch
      const grown = await dbSize()
      // The next batch: up to a million rows, no more than what reaches the target.
      const perRow = (grown - emptySize) / rows
      batch = Math.max(10_000, Math.min(1_000_000, Math.ceil((TARGET_MB * MB - grown) / perRow)))
      size = grown
    }
    await p.direct.query('analyze public.bench_data')
    await su.query('checkpoint')
    await archiveCaughtUp(su)
    const projectMb = (await dbSize()) / MB
    const dirMb =
      Number(execFileSync('du', ['-sb', '--exclude=pg_wal', clusterDir], { encoding: 'utf8' }).split('\t')[0]) / MB
    console.error(
      `  (project loaded: ${rows.toLocaleString('en-US')} rows, database ${projectMb.toFixed(0)} MB, data directory ` +
        `without pg_wal ${dirMb.toFixed(0)} MB, in ${seconds(performance.now() - loading)}; load ${load()})`,
    )

    // ---------- 1. a base backup against a copy of the data directory ----------
    // The baseline is the copy Basalt's read replicas make (db/replicas.ts): `cp -a` of the running cluster's
    // data directory to the same disk between pg_backup_start and pg_backup_stop (so both sides pay the backup
    // protocol and its immediate checkpoint). Like the base backup, it leaves out pg_wal's contents (a
    // recycled segment is not data; the backup adds the few segments it needs from the archive). The backup
    // fsyncs what it copied before it is marked done; `cp -a` does not, so the copy is also timed to the end
    // of a `sync` after it (a second, informative figure). A `sync` outside the timings makes each run start
    // with a clean page cache's dirty list. The runs alternate; the best of each counts.
    const copyDir = path.join(dataDir, 'bench-copy')
    const copyTimes: number[] = []
    const syncedCopyTimes: number[] = []
    const backupTimes: number[] = []
    let backupBytes = 0
    for (let run = 0; run < RUNS; run++) {
      for (const side of run % 2 === 0 ? ['copy', 'basalt'] : ['basalt', 'copy']) {
        execFileSync('sync')
        await backupsIdle(p)
        if (side === 'copy') {
          await rm(copyDir, { recursive: true, force: true })
          const t0 = performance.now()
          await onlineCopy(await p.superuserUrl(), 'bench copy', async () => {
            await mkdir(copyDir, { mode: 0o700 })
            const entries = (await readdir(clusterDir)).filter((e) => e !== 'pg_wal')
            execFileSync('cp', ['-a', ...entries.map((e) => path.join(clusterDir, e)), copyDir])
          })
          copyTimes.push(performance.now() - t0)
          execFileSync('sync')
          syncedCopyTimes.push(performance.now() - t0)
          await rm(copyDir, { recursive: true, force: true })
        } else {
          const t0 = performance.now()
          const { id } = await p.owner.ok<{ id: string }>('POST', `/api/projects/${p.ref}/backups`)
          const done = await until('the base backup', async () => {
            const { rows: b } = await p.platformDb.query<{ state: string; error: string | null; size: string }>(
              'select state, error, size from basalt.backups where id = $1',
              [id],
            )
            if (b[0]!.state === 'failed') throw new Error(`base backup failed: ${b[0]!.error}`)
            return b[0]!.state === 'done' ? b[0]! : undefined
          })
          backupTimes.push(performance.now() - t0)
          backupBytes = Number(done.size)
        }
        console.error(`  (${side}: ${seconds((side === 'copy' ? copyTimes : backupTimes).at(-1)!)}; load ${load()})`)
      }
    }
    const copyBest = Math.min(...copyTimes)
    const backupBest = Math.min(...backupTimes)
    const backupRatio = copyBest / backupBest
    report(
      `base backup of a ${projectMb.toFixed(0)} MB project vs cp -a of its data directory`,
      `${backupRatio.toFixed(2)}× (${seconds(backupBest)} vs ${seconds(copyBest)}, best of ${RUNS}; ` +
        `${(dirMb / (backupBest / 1000)).toFixed(0)} MB/s read, ${(backupBytes / MB).toFixed(0)} MB stored)`,
      '≥ 0.7×',
      backupRatio >= 0.7,
    )
    const syncedBest = Math.min(...syncedCopyTimes)
    report(
      'base backup (fsynced) vs cp -a followed by sync',
      `${(syncedBest / backupBest).toFixed(2)}× (${seconds(backupBest)} vs ${seconds(syncedBest)})`,
      '—',
      null,
    )

    // ---------- 2. a restore to a point in time, WRITE_SECONDS of writes after the base backup ----------
    await backupsIdle(p)
    const { rows: newest } = await p.platformDb.query<{ id: string; start_lsn: string }>(
      `select id, start_lsn from basalt.backups where project_ref = $1 and state = 'done' order by stopped_at desc limit 1`,
      [p.ref],
    )
    const writes = await workload(await p.superuserUrl(), { ms: WRITE_SECONDS * 1000 })
    // The point: 20 ms after the last commit (a time is sent to the millisecond), then rows that must not be
    // in the restore, committed 20 ms after it.
    await new Promise((r) => setTimeout(r, 20))
    const { rows: point } = await su.query<{ at: Date; n: string; wal: string }>(
      `select clock_timestamp() as at, (select count(*) from public.bench_writes) as n,
              pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn) as wal`,
      [newest[0]!.start_lsn],
    )
    const target = point[0]!
    await new Promise((r) => setTimeout(r, 20))
    await su.query(
      `insert into public.bench_writes (account, payload) select 0, 'after the point' from generate_series(1, 100)`,
    )
    const walMb = Number(target.wal) / MB
    console.error(
      `  (${writes.txns.toLocaleString('en-US')} transactions in ${seconds(writes.ms)}, ${walMb.toFixed(0)} MB of WAL ` +
        `from the base backup's start to the point; load ${load()})`,
    )
    await backupsIdle(p)
    const restoreStart = performance.now()
    const restored = await p.owner.ok<{ restore: { id: string }; project: { ref: string } }>(
      'POST',
      `/api/projects/${p.ref}/restores`,
      { targetTime: target.at.toISOString(), mode: 'new_project', name: 'Bench restore' },
    )
    const restore = await followRestore(p, restored.restore.id, restored.project.ref, restoreStart)
    // A restore that brings nothing back proves nothing: every row written up to the point, none after it.
    const check = await adminClient(p, restored.project.ref)
    try {
      const { rows: found } = await check.query<{ n: string; after: string; data: string }>(
        `select count(*) as n, count(*) filter (where account = 0) as after,
                (select max(id) from public.bench_data) as data from public.bench_writes`,
      )
      if (found[0]!.n !== target.n || found[0]!.after !== '0' || Number(found[0]!.data) !== rows)
        throw new Error(`restored ${JSON.stringify(found[0])}, expected ${target.n} rows, none after, data ${rows}`)
    } finally {
      await check.end()
    }
    const writeMinutes = writes.ms / 60_000
    report(
      `restore to a point in time into a new project (${projectMb.toFixed(0)} MB + ${seconds(writes.ms)} of writes)`,
      `${seconds(restore.total)}: extract ${seconds(restore.extract)}, replay ${seconds(restore.replay)} ` +
        `(${walMb.toFixed(0)} MB of WAL), start ${seconds(restore.start)}; ${Number(target.n).toLocaleString('en-US')} rows checked`,
      'seconds (no budget)',
      null,
    )
    report(
      'restore: WAL replay per minute of writes',
      `${(restore.replay / 1000 / writeMinutes).toFixed(1)} s per minute (${(walMb / writeMinutes).toFixed(0)} MB of WAL a minute, ` +
        `${Math.round(writes.txns / (writes.ms / 1000))} transactions/s)`,
      'seconds (no budget)',
      null,
    )

    // ---------- 3. a branch, from 'Create branch' to Active ----------
    await backupsIdle(p)
    const branchStart = performance.now()
    const branched = await p.owner.ok<{ restore: { id: string }; project: { ref: string } }>(
      'POST',
      `/api/projects/${p.ref}/branches`,
      { name: 'Bench branch' },
    )
    const branch = await followRestore(p, branched.restore.id, branched.project.ref, branchStart)
    const onBranch = await adminClient(p, branched.project.ref)
    try {
      const { rows: found } = await onBranch.query<{ n: string; data: string }>(
        'select count(*) as n, (select max(id) from public.bench_data) as data from public.bench_writes',
      )
      // Everything the parent had when the branch was asked for, the rows after the point included.
      if (Number(found[0]!.n) !== Number(target.n) + 100 || Number(found[0]!.data) !== rows)
        throw new Error(`branch has ${JSON.stringify(found[0])}`)
    } finally {
      await onBranch.end()
    }
    report(
      `branch of the ${projectMb.toFixed(0)} MB project, 'Create branch' to Active`,
      `${seconds(branch.total)}: request and extract ${seconds(branch.extract)}, replay ${seconds(branch.replay)}, ` +
        `start ${seconds(branch.start)}`,
      '< 30 s',
      branch.total < 30_000,
    )

    // ---------- 4. write throughput, archiving on against off ----------
    // The baseline is a second embedded cluster started the way the project's is (PROJECT_CLUSTER_SETTINGS:
    // the same shared_buffers, max_wal_size, wal_level logical…) without the archive settings, on the same
    // disk, with the same tables. Toggling the project's own archiving was not chosen: archive_mode needs a
    // restart, and with archive_mode on and no archive_library the segments pile up in pg_wal as .ready files,
    // which is not "off". Both sides run as their cluster's superuser, the same transactions, in rounds that
    // alternate which goes first; the median round of each counts.
    await backupsIdle(p)
    off = await startEmbeddedPostgres({
      dir: path.join(dataDir, 'bench-no-archive'),
      port: await freePort(),
      settings: PROJECT_CLUSTER_SETTINGS,
    })
    const offUrl = off.urlFor('postgres')
    const onUrl = await p.superuserUrl()
    // The same fresh tables on both sides (the project's have had the restore's writes: made again).
    for (const url of [onUrl, offUrl]) {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query('drop table if exists public.bench_writes, public.bench_accounts')
      await c.query(WORKLOAD_TABLES)
      await c.query('checkpoint')
      await c.end()
    }
    // A round on each side that is not measured (connections, caches, the baseline's tables' first pages).
    for (const url of [onUrl, offUrl]) await workload(url, { txns: TP_TXNS / 4 })
    const archivedCount = async () =>
      Number((await su.query<{ n: string }>('select archived_count as n from pg_stat_archiver')).rows[0]!.n)
    const archivedBefore = await archivedCount()
    const on: number[] = []
    const without: number[] = []
    for (let round = 0; round < TP_ROUNDS; round++) {
      for (const archiving of round % 2 === 0 ? [true, false] : [false, true]) {
        const r = await workload(archiving ? onUrl : offUrl, { txns: TP_TXNS })
        ;(archiving ? on : without).push(r.txns / (r.ms / 1000))
      }
    }
    const archived = (await archivedCount()) - archivedBefore
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
    const tpRatio = median(on) / median(without)
    report(
      'write throughput, archiving on vs off',
      `${tpRatio.toFixed(2)}× (${median(on).toFixed(0)} vs ${median(without).toFixed(0)} transactions/s, ` +
        `median of ${TP_ROUNDS} rounds of ${TP_TXNS} on ${CLIENTS} connections; ${archived} segments archived meanwhile)`,
      '≥ 0.9×',
      tpRatio >= 0.9,
    )
    report(
      'load average (1, 5, 15 min) at the start and end of the backups part',
      `${loadAtStart} → ${load()}`,
      '—',
      null,
    )
  } finally {
    await su.end().catch(() => {})
    await off?.stop().catch(() => {})
    await p.close()
  }
}
