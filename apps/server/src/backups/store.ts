import { chmod, chown, mkdir, open, opendir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import type { Readable } from 'node:stream'
import { fsObjectStore } from '../storage/fs-store.ts'
import type { ObjectStore } from '../storage/object-store.ts'
import { s3ObjectStore, type S3Config } from '../storage/s3-store.ts'
import { isArchiveFile } from './wal.ts'

/** The prefix of every backup key in an S3 bucket, beside the objects' bytes (`{ref}/{bucket}/…`). */
export const S3_BACKUP_PREFIX = 'basalt-backups/'

/**
 * Where a project's backups live (issue 28 §1): under DATA_DIR/backups/<ref>/ by default, or in the S3 bucket
 * (S3_*) under `basalt-backups/<ref>/`. Keys, relative to that root:
 * - `<ref>/wal/<file>`: archived WAL segments and timeline histories;
 * - base backups, each startable by itself (its WAL inside, like pg_basebackup -X fetch): on the fs store the
 *   directory `<ref>/base/<id>/`, a copy of the cluster's files made by the kernel (copy_file_range), which a
 *   restore copies back; in S3 (and on the fs store for backups taken before that format) the object
 *   `<ref>/base/<id>.tar.gz`.
 *
 * The cluster archives its WAL with `basic_archive` (a library the embedded package ships: no shell) into
 * `localWalDir(ref)` — the fs store itself, or, with S3, a spool that Basalt ships to the bucket and empties.
 */
export interface BackupStore {
  readonly kind: 'fs' | 's3'
  readonly objects: ObjectStore
  /** The directory the cluster's archiver writes into. */
  localWalDir(ref: string): string
  /** Makes localWalDir exist, writable by the 'postgres' system user the clusters run as (when root). */
  prepareWalDir(ref: string): Promise<string>
  /** Every archived file of a project (segments and histories), in the store or still in the spool. */
  listWal(ref: string): Promise<Map<string, { size: number; modified: Date; local: boolean }>>
  /** The files still in the local directory (with S3: the spool not shipped yet), without listing the bucket. */
  listLocalWal(ref: string): Promise<Map<string, { size: number; modified: Date; local: boolean }>>
  /** The bytes of one archived file, wherever it is now. */
  readWal(ref: string, name: string): Promise<Readable | null>
  /** The directory a base backup is copied into on the fs store (`<ref>/base/<id>`); null with S3 (a .tar.gz). */
  baseDir(ref: string, id: string): string | null
  /** The directory of a base backup when it was taken as one (fs store), null when it is a .tar.gz (or gone). */
  findBaseDir(ref: string, id: string): Promise<string | null>
  /** Removes a base backup, whichever format it has. */
  deleteBase(ref: string, id: string): Promise<void>
  /**
   * Removes the copies of base backups that never finished (`<ref>/base/<id>.partial`, fs store), except those
   * of the backups in `busy`, still being taken. Returns the ids removed.
   */
  removePartialBases(ref: string, busy: ReadonlySet<string>): Promise<string[]>
  close(): Promise<void>
}

export const walKey = (ref: string, name: string) => `${ref}/wal/${name}`
export const baseKey = (ref: string, id: string) => `${ref}/base/${id}.tar.gz`

/** An object store whose keys all live under one prefix. */
function prefixed(store: ObjectStore, prefix: string): ObjectStore {
  return {
    ...store,
    put: (key, body, options) => store.put(prefix + key, body, options),
    get: (key, range) => store.get(prefix + key, range),
    stat: (key) => store.stat(prefix + key),
    delete: (keys) => store.delete(keys.map((k) => prefix + k)),
    async *list(p) {
      for await (const item of store.list(prefix + p)) yield { ...item, key: item.key.slice(prefix.length) }
    },
    close: () => store.close(),
  }
}

let postgresIds: { uid: number; gid: number } | undefined
const asPostgres = () =>
  (postgresIds ??= {
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  })

export function backupStore(dataDir: string, s3: S3Config | null | undefined): BackupStore {
  const root = path.resolve(dataDir, 'backups')
  const objects = s3 ? prefixed(s3ObjectStore(s3), S3_BACKUP_PREFIX) : fsObjectStore(root)
  const localWalDir = (ref: string) => path.join(root, ref, 'wal')
  /** `<ref>/base/` of the fs store, where base backups (and the copies of those being taken) are. */
  const basesDir = (ref: string) => {
    // The key's own checks (no '..', no separators in a part): the directory sits beside the .tar.gz keys.
    if (!/^[a-z0-9]+$/.test(ref)) throw new Error(`Invalid project ref: ${ref}`)
    return path.join(root, ref, 'base')
  }
  const baseDir = (ref: string, id: string) => {
    if (s3) return null
    if (!/^[0-9a-f-]+$/.test(id)) throw new Error(`Invalid base backup: ${ref}/${id}`)
    return path.join(basesDir(ref), id)
  }
  const listLocal = async (ref: string) => {
    const found = new Map<string, { size: number; modified: Date; local: boolean }>()
    let dir
    try {
      dir = await opendir(localWalDir(ref))
    } catch {
      return found
    }
    for await (const entry of dir) {
      if (!entry.isFile() || !isArchiveFile(entry.name)) continue
      const s = await stat(path.join(localWalDir(ref), entry.name)).catch(() => null)
      if (s) found.set(entry.name, { size: s.size, modified: s.mtime, local: true })
    }
    return found
  }
  return {
    kind: s3 ? 's3' : 'fs',
    objects,
    localWalDir,
    async prepareWalDir(ref) {
      const dir = localWalDir(ref)
      await mkdir(dir, { recursive: true, mode: 0o700 })
      if (process.getuid?.() === 0) {
        const { uid, gid } = asPostgres()
        // The clusters run as 'postgres': it must reach and write the directory, and no one else read it.
        for (const d of [root, path.join(root, ref)]) await chown(d, 0, gid).catch(() => {})
        await chmod(root, 0o750)
        await chmod(path.join(root, ref), 0o750)
        await chown(dir, uid, gid)
      }
      return dir
    },
    listLocalWal: listLocal,
    async listWal(ref) {
      const found = await listLocal(ref)
      if (s3) {
        for await (const { key, modified } of objects.list(`${ref}/wal/`)) {
          const name = key.slice(`${ref}/wal/`.length)
          if (!isArchiveFile(name) || found.has(name)) continue
          const s = await objects.stat(key)
          if (s) found.set(name, { size: s.size, modified, local: false })
        }
      }
      return found
    },
    async readWal(ref, name) {
      if (!isArchiveFile(name)) return null
      if (!s3) return objects.get(walKey(ref, name))
      // Still in the spool, or shipped (and removed from it) already.
      const local = await open(path.join(localWalDir(ref), name)).catch(() => null)
      return local ? local.createReadStream() : objects.get(walKey(ref, name))
    },
    baseDir,
    async findBaseDir(ref, id) {
      const dir = baseDir(ref, id)
      if (!dir) return null
      const s = await stat(dir).catch(() => null)
      return s?.isDirectory() ? dir : null
    },
    async deleteBase(ref, id) {
      const dir = baseDir(ref, id)
      if (dir) await rm(dir, { recursive: true, force: true })
      await objects.delete([baseKey(ref, id)])
    },
    async removePartialBases(ref, busy) {
      const removed: string[] = []
      if (s3) return removed
      const parent = basesDir(ref)
      const entries = await readdir(parent, { withFileTypes: true }).catch(() => [])
      for (const entry of entries) {
        const id = /^([0-9a-f-]+)\.partial$/.exec(entry.name)?.[1]
        if (!entry.isDirectory() || !id || busy.has(id)) continue
        await rm(path.join(parent, entry.name), { recursive: true, force: true })
        removed.push(id)
      }
      return removed
    },
    close: () => objects.close(),
  }
}
