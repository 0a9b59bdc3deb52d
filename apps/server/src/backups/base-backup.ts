import { once } from 'node:events'
import { open, opendir, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { createGzip } from 'node:zlib'
import tar from 'tar-stream'
import { POSTGRES_LOG_DIRECTORY } from '../db/embedded.ts'
import { onlineCopy, type OnlineCopy } from '../db/replicas.ts'
import { baseKey, type BackupStore } from './store.ts'
import { segmentsBetween } from './wal.ts'

/**
 * What a copy of a running cluster leaves out, as pg_basebackup does: what belongs to the running server
 * (its pid, its temporary and shared-memory files, its replication slots), and the WAL directory's contents —
 * the WAL the copy needs is added from the archive at the end, once pg_backup_stop has waited for it.
 */
const SKIP_CONTENTS = new Set([
  // The project's jsonlog files: Basalt collects them into the platform database (docs/logs.md).
  POSTGRES_LOG_DIRECTORY,
  'pg_wal',
  'pg_dynshmem',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
])
const SKIP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'standby.signal',
  'recovery.signal',
  'pg_internal.init',
])

/** Files up to this size go into the tar as one buffer, without waiting for each (a cluster has thousands). */
const SMALL_FILE = 1024 * 1024
/** How far the tar may run ahead of what the store has taken. */
const AHEAD = 32 * 1024 * 1024

/**
 * The tar of a base backup, with backpressure on what its reader (gzip, then the store) has not taken yet:
 * small files are added as whole buffers and big ones streamed, never more than AHEAD bytes ahead.
 */
class BackupTar {
  readonly pack = tar.pack()
  readonly output: Readable
  private pushed = 0
  private taken = 0
  private waiting: (() => void) | null = null

  constructor() {
    // pipe() passes no error on: a pack destroyed mid-way (the cluster stopped under the copy) must fail the
    // reader, not throw from a stream nobody listens to.
    const source = Readable.from(this.pack)
    source.on('error', (err) => this.output.destroy(err))
    this.output = source.pipe(
      new Transform({
        transform: (chunk: Buffer, _enc, done) => {
          this.taken += chunk.length
          if (this.waiting && this.pushed - this.taken < AHEAD / 2) {
            this.waiting()
            this.waiting = null
          }
          done(null, chunk)
        },
      }),
    )
  }

  private async room(): Promise<void> {
    if (this.pushed - this.taken < AHEAD) return
    await new Promise<void>((resolve) => (this.waiting = resolve))
  }

  /** Queues one entry (tar-stream keeps entries in order); only the room ahead is waited for. */
  async buffer(name: string, bytes: Buffer | string, mode = 0o600, mtime = new Date()): Promise<void> {
    await this.room()
    this.pushed += 512 + Buffer.byteLength(bytes)
    this.pack.entry({ name, mode, mtime }, bytes)
  }

  directory(name: string, mtime: Date): void {
    this.pack.entry({ name, type: 'directory', mode: 0o700, mtime })
  }

  /** One file of `size` bytes (as listed: a file that shrank since is padded, one that grew is cut). */
  async file(name: string, file: string, size: number, mtime: Date): Promise<void> {
    const handle = await open(file).catch((err: NodeJS.ErrnoException) => {
      // A file dropped between the listing and now (a table dropped meanwhile): the WAL replays its removal.
      if (err.code === 'ENOENT') return null
      throw err
    })
    if (!handle) return
    try {
      const read = async (buffer: Buffer, position: number) => {
        let filled = 0
        while (filled < buffer.length) {
          const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position + filled)
          if (bytesRead === 0) break // shrank meanwhile (vacuum truncated it): zeros, which the WAL replay fixes
          filled += bytesRead
        }
        return buffer
      }
      if (size <= SMALL_FILE) {
        await this.buffer(name, await read(Buffer.alloc(size), 0), 0o600, mtime)
        return
      }
      let finished!: (err?: Error | null) => void
      const done = new Promise<void>((ok, fail) => {
        finished = (err) => (err ? fail(err) : ok())
      })
      const entry = this.pack.entry({ name, size, mode: 0o600, mtime, type: 'file' }, (err) => finished(err))
      for (let position = 0; position < size;) {
        await this.room()
        const chunk = await read(Buffer.alloc(Math.min(SMALL_FILE, size - position)), position)
        position += chunk.length
        this.pushed += chunk.length
        if (!entry.write(chunk)) await once(entry, 'drain')
      }
      entry.end()
      await done
    } finally {
      await handle.close()
    }
  }
}

/** Every file and directory of the cluster directory a base backup holds, in tar order. */
async function packCluster(out: BackupTar, clusterDir: string): Promise<void> {
  const walk = async (relative: string): Promise<void> => {
    const dir = await opendir(path.join(clusterDir, relative))
    for await (const entry of dir) {
      const name = relative ? `${relative}/${entry.name}` : entry.name
      const full = path.join(clusterDir, name)
      if (SKIP_FILES.has(entry.name) || entry.name.startsWith('pgsql_tmp')) continue
      const s = await stat(full).catch(() => null)
      if (!s) continue
      if (entry.isDirectory()) {
        out.directory(name, s.mtime)
        if (!(relative === '' && SKIP_CONTENTS.has(entry.name))) await walk(name)
      } else if (entry.isFile()) await out.file(name, full, s.size, s.mtime)
    }
  }
  await walk('')
  out.directory('pg_wal/archive_status', new Date())
}

export interface BaseBackupResult extends Omit<OnlineCopy<unknown>, 'copied'> {
  /** Bytes of the .tar.gz in the store. */
  size: number
  startedAt: Date
  stoppedAt: Date
}

/**
 * Takes a base backup of a running project cluster into the store as one `.tar.gz` (`<ref>/base/<id>.tar.gz`),
 * streamed as it is read — never a second copy on disk: the files between pg_backup_start and pg_backup_stop
 * (which waits until the WAL they need is archived), then `backup_label`, then those WAL segments from the
 * archive under `pg_wal/`. So the archive alone starts with a plain `postgres -D` of the same major version
 * (it recovers to the end of the backup, like pg_basebackup -X fetch), and with the archive's later WAL it
 * is the start of any point-in-time recovery.
 */
export async function takeBaseBackup(opts: {
  store: BackupStore
  ref: string
  id: string
  superuserUrl: string
  clusterDir: string
}): Promise<BaseBackupResult> {
  const { store, ref, id } = opts
  const out = new BackupTar()
  const pack = out.pack
  // Level 1: measured on a 200 MB project's files (bench/backups.ts), twice as fast as level 6 for 2% more
  // bytes (86 MB against 84 MB); the compression is most of a base backup's time.
  const gzip = createGzip({ level: 1 })
  out.output.on('error', (err) => gzip.destroy(err))
  const body = out.output.pipe(gzip)
  const putting = store.objects.put(baseKey(ref, id), body, { contentType: 'application/gzip' })
  // A failed put leaves nothing under the key; the pack is stopped so the copy ends too.
  let putFailed: unknown
  putting.catch((err: unknown) => {
    putFailed = err
    pack.destroy(err as Error)
  })
  const startedAt = new Date()
  try {
    const copy = await onlineCopy(
      opts.superuserUrl,
      `basalt base backup ${id}`,
      async () => {
        await packCluster(out, opts.clusterDir)
      },
      { waitForArchive: true },
    )
    const stoppedAt = new Date()
    await out.buffer('backup_label', copy.labelfile, 0o600, stoppedAt)
    for (const segment of segmentsBetween(copy.startWal, copy.stopWal)) {
      const wal = await store.readWal(ref, segment)
      if (!wal) throw new Error(`The WAL segment ${segment} the backup needs is not in the archive`)
      const chunks: Buffer[] = []
      for await (const chunk of wal) chunks.push(chunk as Buffer)
      const bytes = Buffer.concat(chunks)
      await out.buffer(`pg_wal/${segment}`, bytes, 0o600, stoppedAt)
    }
    pack.finalize()
    const { size } = await putting
    const { copied: _copied, ...rest } = copy
    return { ...rest, size, startedAt, stoppedAt }
  } catch (err) {
    pack.destroy(err as Error)
    await putting.catch(() => {})
    throw putFailed ?? err
  }
}
