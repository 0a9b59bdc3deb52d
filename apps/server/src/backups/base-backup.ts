import { once } from 'node:events'
import { constants } from 'node:fs'
import { copyFile, mkdir, open, opendir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { createGzip } from 'node:zlib'
import tar from 'tar-stream'
import { POSTGRES_LOG_DIRECTORY } from '../db/embedded.ts'
import { onlineCopy, type OnlineCopy } from '../db/replicas.ts'
import { fsyncPath } from '../storage/fs-store.ts'
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

const run = promisify(execFile)

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

/**
 * Every file and directory under `root` into the tar: of a running cluster (`cluster`: what a base backup
 * leaves out skipped, an empty pg_wal/archive_status added), or of a base backup's directory (everything).
 */
async function packDirectory(out: BackupTar, root: string, cluster: boolean): Promise<void> {
  const walk = async (relative: string): Promise<void> => {
    const dir = await opendir(path.join(root, relative))
    for await (const entry of dir) {
      const name = relative ? `${relative}/${entry.name}` : entry.name
      const full = path.join(root, name)
      if (cluster && (SKIP_FILES.has(entry.name) || entry.name.startsWith('pgsql_tmp'))) continue
      const s = await stat(full).catch(() => null)
      if (!s) continue
      if (entry.isDirectory()) {
        out.directory(name, s.mtime)
        if (!(cluster && relative === '' && SKIP_CONTENTS.has(entry.name))) await walk(name)
      } else if (entry.isFile()) await out.file(name, full, s.size, s.mtime)
    }
  }
  await walk('')
  if (cluster) out.directory('pg_wal/archive_status', new Date())
}

/**
 * A base backup's directory (fs store) as the `.tar.gz` its download is, built as it is read: the same tar
 * and gzip as a backup into S3, so the download starts with a plain `postgres -D` like one taken as a tar.
 */
export function tarOfBaseDirectory(dir: string): Readable {
  const out = new BackupTar()
  const gzip = createGzip({ level: 1 })
  out.output.on('error', (err) => gzip.destroy(err))
  const body = out.output.pipe(gzip)
  packDirectory(out, dir, false).then(
    () => out.pack.finalize(),
    (err: unknown) => out.pack.destroy(err as Error),
  )
  return body
}

/**
 * Files copied at once (in libuv's thread pool, each in the kernel): on the 2-core machine 1, 4 and 16 at once
 * copied a cluster's 1,500 small files and two big ones in the same time within the noise; 2 keeps the disk busy
 * while a file is opened.
 */
const COPIES_AT_ONCE = 2

/** Runs `work` on every item, `COPIES_AT_ONCE` at a time; the first failure stops the rest and is thrown. */
async function eachAtOnce<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!
      try {
        await work(item)
      } catch (err) {
        failed = true
        throw err
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(COPIES_AT_ONCE, items.length) }, worker))
}

/**
 * Copies the tree at `source` into the existing directory `target`, file by file in the kernel
 * (copy_file_range, or a reflink where the filesystem has them), directories created 0700 and files keeping
 * their mode. A file gone between the listing and its copy is left out (a table dropped meanwhile: the WAL
 * replays its removal). `cluster`: what a base backup leaves out of a running cluster is skipped. Nothing is
 * fsynced (the caller syncs). Returns the bytes copied.
 */
export async function copyTree(
  source: string,
  target: string,
  { cluster = false }: { cluster?: boolean } = {},
): Promise<number> {
  const files: string[] = []
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(path.join(source, relative), { withFileTypes: true }).catch(
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' && relative) return []
        throw err
      },
    )
    for (const entry of entries) {
      const name = relative ? path.join(relative, entry.name) : entry.name
      if (cluster && (SKIP_FILES.has(entry.name) || entry.name.startsWith('pgsql_tmp'))) continue
      if (entry.isDirectory()) {
        await mkdir(path.join(target, name), { mode: 0o700 })
        if (!(cluster && relative === '' && SKIP_CONTENTS.has(entry.name))) await walk(name)
      } else if (entry.isFile()) files.push(name)
    }
  }
  await walk('')
  let bytes = 0
  await eachAtOnce(files, async (name) => {
    const to = path.join(target, name)
    try {
      await copyFile(path.join(source, name), to, constants.COPYFILE_FICLONE)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
      throw err
    }
    const { size } = await stat(to) // read before adding: `bytes += await …` would lose the other copies' bytes
    bytes += size
  })
  return bytes
}

export interface BaseBackupResult extends Omit<OnlineCopy<unknown>, 'copied'> {
  /** Bytes in the store: of the directory's files (fs store), of the .tar.gz (S3). */
  size: number
  startedAt: Date
  stoppedAt: Date
}

/**
 * Takes a base backup of a running project cluster into the store: on the fs store a directory (copyToDirectory),
 * in S3 one `.tar.gz` (`<ref>/base/<id>.tar.gz`),
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
  const dir = opts.store.baseDir(opts.ref, opts.id)
  return dir ? copyToDirectory({ ...opts, dir }) : streamToStore(opts)
}

/**
 * The base backup as a directory of the fs store (`<ref>/base/<id>/`): the cluster's files copied in the
 * kernel between pg_backup_start and pg_backup_stop (copyTree), then `backup_label`, then the WAL segments
 * the copy needs from the archive under `pg_wal/` — the same files the tar of streamToStore holds. It is
 * copied under `<id>.partial`, every file and directory fsynced, and renamed to `<id>` (the rename fsynced
 * too) only when whole: a failed or interrupted backup leaves no directory under its name, and one marked
 * done survives a power cut.
 */
async function copyToDirectory(opts: {
  store: BackupStore
  ref: string
  id: string
  superuserUrl: string
  clusterDir: string
  dir: string
}): Promise<BaseBackupResult> {
  const { store, ref, id, dir } = opts
  const partial = `${dir}.partial`
  // What an earlier attempt of this backup left (a server killed mid-copy).
  await rm(partial, { recursive: true, force: true })
  await rm(dir, { recursive: true, force: true })
  await mkdir(path.dirname(dir), { recursive: true, mode: 0o700 })
  await mkdir(partial, { mode: 0o700 })
  const startedAt = new Date()
  try {
    const copy = await onlineCopy(
      opts.superuserUrl,
      `basalt base backup ${id}`,
      () => copyTree(opts.clusterDir, partial, { cluster: true }),
      // pg_backup_stop switches the segment either way; waiting for the archive in it costs a second at least
      // (it checks once, then sleeps 1 s between checks). The segments are waited for below instead.
      { waitForArchive: false },
    )
    const stoppedAt = new Date()
    const { copied, ...rest } = copy
    let size = copied
    const label = path.join(partial, 'backup_label')
    await writeFile(label, copy.labelfile, { mode: 0o600, flush: true })
    size += Buffer.byteLength(copy.labelfile)
    const walDir = path.join(partial, 'pg_wal')
    await mkdir(path.join(walDir, 'archive_status'), { recursive: true, mode: 0o700 })
    await eachAtOnce(segmentsBetween(copy.startWal, copy.stopWal), async (segment) => {
      const to = path.join(walDir, segment)
      const from = await archived(path.join(store.localWalDir(ref), segment))
      await copyFile(from, to, constants.COPYFILE_FICLONE)
      const wal = await stat(to)
      size += wal.size
    })
    // Everything to the disk at once: syncfs(2) of the store's file system (`sync -f`, coreutils), as
    // PostgreSQL's recovery_init_sync_method=syncfs does for a data directory — an fsync per file, as soon as
    // it was copied, made the backup of a 200 MB project twice as long (1,500 small files waited on one by
    // one). It flushes the file system's other dirty data too; it returns the first writeback error.
    await run('sync', ['-f', partial])
    await rename(partial, dir)
    await fsyncPath(path.dirname(dir))
    return { ...rest, size, startedAt, stoppedAt }
  } catch (err) {
    await rm(partial, { recursive: true, force: true })
    throw err
  }
}

/** How long a base backup waits for the archive to hold a WAL segment it needs (a failing archive: an hour). */
const ARCHIVE_WAIT_MS = 3_600_000

/**
 * Waits until the archive holds `file` (basic_archive renames a segment into place once it is whole and
 * fsynced), checking every 20 ms — where pg_backup_stop(wait_for_archive) sleeps a second between checks.
 */
async function archived(file: string): Promise<string> {
  for (const deadline = Date.now() + ARCHIVE_WAIT_MS; ;) {
    if (await stat(file).catch(() => null)) return file
    if (Date.now() > deadline) {
      throw new Error(`The WAL segment ${path.basename(file)} the backup needs was not archived within an hour`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The base backup as one `.tar.gz` object streamed into the store (S3) as it is read. */
async function streamToStore(opts: {
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
        await packDirectory(out, opts.clusterDir, true)
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
