import { execFile } from 'node:child_process'
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import type pg from 'pg'
import { fail, ok, type Result } from '@basalt/contracts'
import type { EmbeddedCluster } from './embedded.ts'
import { withClient, withoutPassword } from './project-databases.ts'

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
  await withClient(primary.urlFor('postgres'), async (c) => {
    await c.query(
      `select pg_create_physical_replication_slot($1)
        where not exists (select 1 from pg_replication_slots where slot_name = $1)`,
      [slot],
    )
    await c.query(`select pg_backup_start($1, true)`, [`basalt replica ${replicaId}`])
    let label: string
    try {
      // cp -a keeps the files' owner (the 'postgres' system user when Basalt runs as root).
      await run('cp', ['-a', path.join(primaryDir, 'cluster'), clusterDir])
    } finally {
      const { rows } = await c.query<{ labelfile: string }>('select labelfile from pg_backup_stop(false)')
      label = rows[0]!.labelfile
    }
    await writeFile(path.join(clusterDir, 'backup_label'), label)
  })
  // What belongs to the running primary, not to its copy.
  for (const file of ['postmaster.pid', 'postmaster.opts']) await rm(path.join(clusterDir, file), { force: true })
  await run('find', [path.join(clusterDir, 'pg_replslot'), '-mindepth', '1', '-delete'])
  await writeFile(path.join(clusterDir, 'standby.signal'), '')
  await copyFile(path.join(primaryDir, 'superuser-password'), path.join(replicaDir, 'superuser-password'))
  const primaryUrl = new URL(primary.urlFor('postgres'))
  const conninfo = [
    `host=127.0.0.1`,
    `port=${primary.port}`,
    `user=postgres`,
    `password=${decodeURIComponent(primaryUrl.password)}`,
    `application_name=${slot}`,
  ].join(' ')
  await writeFile(
    path.join(clusterDir, 'postgresql.auto.conf'),
    `primary_conninfo = '${conninfo.replace(/'/g, "''")}'\nprimary_slot_name = '${slot}'\n`,
    { flag: 'a' },
  )
  if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', replicaDir])
}

/** Drops a replica's slot on the primary, so that it keeps no WAL for a replica that is gone. */
export async function dropReplicaSlot(primary: EmbeddedCluster, replicaId: string): Promise<void> {
  await withClient(primary.urlFor('postgres'), (c) =>
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
      `select pg_is_in_recovery() as standby,
              (select system_identifier::text from pg_control_system()) as system,
              current_database() as database,
              (select oid::text from pg_database where datname = current_database()) as "databaseOid"`,
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
  { sameDatabase }: { sameDatabase: boolean },
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
    primary = await withClient(primaryUrl, identify)
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
