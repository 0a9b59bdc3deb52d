import { execFile } from 'node:child_process'
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import type { EmbeddedCluster } from './embedded.ts'
import { withClient } from './project-databases.ts'

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
