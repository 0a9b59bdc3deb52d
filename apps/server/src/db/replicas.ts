import { execFile } from 'node:child_process'
import { chmod, copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import type pg from 'pg'
import { fail, ok, type Result } from '@basalt/contracts'
import { clusterSecret, type EmbeddedCluster } from './embedded.ts'
import { withClient, withoutPassword, withSuperuser } from './project-databases.ts'

const run = promisify(execFile)

/** The replication slot a replica streams through: it keeps the primary's WAL until the replica has it. */
export const slotOf = (replicaId: string) => `basalt_replica_${replicaId.replace(/[^a-z0-9]/g, '')}`

/**
 * Makes `replicaDir` a hot standby of the running primary (`primaryDir` holds its `cluster/` and
 * `superuser-password`), the way pg_basebackup would with the binaries the embedded package ships: a
 * physical replication slot, a non-exclusive base backup (`pg_backup_start` … copy the files …
 * `pg_backup_stop` in one session), its backup label, `standby.signal`, and `primary_conninfo` with the slot.
 * The replica then streams every change of the primary and answers read-only connections as the same roles.
 */
export async function createStandby(
  primary: EmbeddedCluster,
  primaryDir: string,
  replicaDir: string,
  replicaId: string,
): Promise<void> {
  const slot = slotOf(replicaId)
  const clusterDir = path.join(replicaDir, 'cluster')
  await rm(replicaDir, { recursive: true, force: true })
  await mkdir(replicaDir, { recursive: true })
  await withSuperuser(primary.urlFor('postgres'), (c) =>
    c.query(
      `select pg_create_physical_replication_slot($1)
        where not exists (select 1 from pg_replication_slots where slot_name = $1)`,
      [slot],
    ),
  )
  // cp -a keeps the files' owner (the 'postgres' system user when Basalt runs as root).
  const { labelfile } = await onlineCopy(primary.urlFor('postgres'), `basalt replica ${replicaId}`, () =>
    run('cp', ['-a', path.join(primaryDir, 'cluster'), clusterDir]),
  )
  await writeFile(path.join(clusterDir, 'backup_label'), labelfile)
  // What belongs to the running primary, not to its copy.
  for (const file of ['postmaster.pid', 'postmaster.opts']) await rm(path.join(clusterDir, file), { force: true })
  await run('find', [path.join(clusterDir, 'pg_replslot'), '-mindepth', '1', '-delete'])
  await writeFile(path.join(clusterDir, 'standby.signal'), '')
  await copyFile(path.join(primaryDir, 'superuser-password'), path.join(replicaDir, 'superuser-password'))
  await pointStandbyAtPrimary(primary, primaryDir, replicaDir, replicaId)
  if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', replicaDir])
}

/** What a non-exclusive backup of a running cluster answers: where it starts and stops in the WAL, its label. */
export interface OnlineCopy<T> {
  copied: T
  /** The WAL position the copy needs replay from (pg_backup_start), and its segment file's name. */
  startLsn: string
  startWal: string
  /** The WAL position that makes the copy consistent (pg_backup_stop), and its segment file's name. */
  stopLsn: string
  stopWal: string
  /** The backup_label the copy must hold to be started. */
  labelfile: string
  timeline: number
}

/**
 * A copy of a running cluster's files the way pg_basebackup makes one with the binaries the embedded package
 * ships: `pg_backup_start` (an immediate checkpoint), `copy()` of the files, `pg_backup_stop` — in one
 * superuser session (withSuperuser). With `waitForArchive`, pg_backup_stop returns only once every WAL segment
 * the copy needs has been archived (continuous archiving, backups/). Shared by read replicas and base backups.
 */
export async function onlineCopy<T>(
  superuserUrl: string,
  label: string,
  copy: () => Promise<T>,
  { waitForArchive = false }: { waitForArchive?: boolean } = {},
): Promise<OnlineCopy<T>> {
  return withSuperuser(superuserUrl, async (c) => {
    const { rows: started } = await c.query<{ lsn: string; wal: string; timeline: number }>(
      `select lsn::text, pg_catalog.pg_walfile_name(lsn) as wal,
              (select timeline_id from pg_catalog.pg_control_checkpoint()) as timeline
         from pg_catalog.pg_backup_start($1, true) as lsn`,
      [label],
    )
    let copied: T
    try {
      copied = await copy()
    } catch (err) {
      await c.query('select pg_catalog.pg_backup_stop(false)').catch(() => {})
      throw err
    }
    const { rows } = await c.query<{ lsn: string; wal: string; labelfile: string }>(
      `select lsn::text, pg_catalog.pg_walfile_name(lsn) as wal, labelfile from pg_catalog.pg_backup_stop($1)`,
      [waitForArchive],
    )
    return {
      copied,
      startLsn: started[0]!.lsn,
      startWal: started[0]!.wal,
      stopLsn: rows[0]!.lsn,
      stopWal: rows[0]!.wal,
      labelfile: rows[0]!.labelfile,
      timeline: started[0]!.timeline,
    }
  })
}

/** The login a replica streams as: it may replicate, and nothing else (no superuser). */
export const REPLICATION_ROLE = 'basalt_replication'

/**
 * Makes the primary's replication login exist with the password kept beside the primary's cluster
 * (`replication-password`, mode 0600, like the superuser's), and writes the replica's `primary_conninfo`
 * with it — replacing one an older Basalt wrote with the primary's superuser password. The file
 * (`postgresql.auto.conf`) is the 'postgres' system user's alone (0600).
 */
export async function pointStandbyAtPrimary(
  primary: EmbeddedCluster,
  primaryDir: string,
  replicaDir: string,
  replicaId: string,
): Promise<void> {
  const password = await clusterSecret(primaryDir, 'replication-password')
  await withSuperuser(primary.urlFor('postgres'), async (c) => {
    const { rowCount } = await c.query('select 1 from pg_catalog.pg_roles where rolname = $1', [REPLICATION_ROLE])
    await c.query(
      `${rowCount ? 'alter' : 'create'} role ${REPLICATION_ROLE} with login replication nosuperuser nocreaterole
         nocreatedb noinherit nobypassrls password ${c.escapeLiteral(password)}`,
    )
  })
  const slot = slotOf(replicaId)
  const conninfo = [
    `host=127.0.0.1`,
    `port=${primary.port}`,
    `user=${REPLICATION_ROLE}`,
    `password=${password}`,
    `dbname=postgres`,
    `application_name=${slot}`,
  ].join(' ')
  const autoConf = path.join(replicaDir, 'cluster', 'postgresql.auto.conf')
  const kept = (await readFile(autoConf, 'utf8').catch(() => ''))
    .split('\n')
    .filter((line) => line && !/^\s*primary_(conninfo|slot_name)\s*=/.test(line))
  kept.push(`primary_conninfo = '${conninfo.replace(/'/g, "''")}'`, `primary_slot_name = '${slot}'`)
  await writeFile(autoConf, kept.join('\n') + '\n', { mode: 0o600 })
  await chmod(autoConf, 0o600)
  if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', autoConf])
}

/** Drops a replica's slot on the primary, so that it keeps no WAL for a replica that is gone. */
export async function dropReplicaSlot(primary: EmbeddedCluster, replicaId: string): Promise<void> {
  await withSuperuser(primary.urlFor('postgres'), (c) =>
    c.query(
      `select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1 and not active`,
      [slotOf(replicaId)],
    ),
  )
}

/** What tells a server's copy of a database from another's: a standby keeps its primary's system identifier. */
interface ServerIdentity {
  standby: boolean
  system: string
  database: string
  databaseOid: string
}

const identify = async (c: pg.Client) =>
  (
    await c.query<ServerIdentity>(
      `select pg_catalog.pg_is_in_recovery() as standby,
              (select system_identifier::text from pg_catalog.pg_control_system()) as system,
              pg_catalog.current_database() as database,
              (select oid::text from pg_catalog.pg_database where datname = pg_catalog.current_database()) as "databaseOid"`,
    )
  ).rows[0]!

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Connection failed')

export const REPLICA_NOT_A_STANDBY =
  "This server is not a standby (pg_is_in_recovery() is false): give the connection string of a read replica of the project's database"

/**
 * Whether `replicaUrl` reaches a hot standby of the server `primaryUrl` reaches: it is in recovery, and it has
 * the primary's system identifier (pg_control_system(): the one initdb gave the primary, which every physical
 * copy of it keeps, and no other cluster has). With `sameDatabase`, the two connection strings must also name
 * the same database (its oid is the same on a physical copy). Every refusal is a 400 that says why; the
 * replica's password is never repeated.
 */
export async function checkStandby(
  primaryUrl: string,
  replicaUrl: string,
  {
    sameDatabase,
    primaryIsSuperuser = false,
  }: {
    sameDatabase: boolean
    /** primaryUrl is the superuser's of a server Basalt manages: it connects as withSuperuser does. */
    primaryIsSuperuser?: boolean
  },
): Promise<Result<void>> {
  let replica: ServerIdentity
  try {
    replica = await withClient(replicaUrl, identify)
  } catch (err) {
    return fail('bad_request', `Unable to connect to the read replica: ${withoutPassword(messageOf(err), replicaUrl)}`)
  }
  if (!replica.standby) return fail('bad_request', REPLICA_NOT_A_STANDBY)
  let primary: ServerIdentity
  try {
    primary = await (primaryIsSuperuser ? withSuperuser : withClient)(primaryUrl, identify)
  } catch (err) {
    return fail(
      'connection_failed',
      `Could not reach the project database (${withoutPassword(messageOf(err), primaryUrl)})`,
    )
  }
  if (replica.system !== primary.system) {
    return fail(
      'bad_request',
      `This standby replicates another server: its system identifier is ${replica.system}, the project database's is ${primary.system}`,
    )
  }
  if (sameDatabase && replica.databaseOid !== primary.databaseOid) {
    return fail(
      'bad_request',
      `The connection string names the database "${replica.database}", not the project's "${primary.database}"`,
    )
  }
  return ok(undefined)
}
