import { ok } from '@basalt/contracts'
import { projectPool } from '../db/connections.ts'
import { withRole } from '../db/impersonation.ts'
import type { ProjectRow } from '../db/project-types.ts'
import type { PlatformContext } from '../platform/context.ts'
import { bytePrefix, type ObjectStore } from './object-store.ts'

/** Bytes untouched this long and named by no row are leftovers: a day, the life of an unfinished upload. */
export const SWEEP_AGE_MS = 24 * 3600_000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * Removes what interrupted writes left in a project's part of the store: bytes whose object id no row of
 * storage.objects names (an upload cut before its row committed, bytes of rows deleted by a server that
 * died before removing them), temporary files, and the state of resumable uploads abandoned for a day.
 * Only keys older than `olderThanMs` are touched, so uploads under way are never removed. Answers how many
 * keys it removed.
 */
export async function sweepProject(
  ctx: PlatformContext,
  store: ObjectStore,
  project: ProjectRow,
  olderThanMs = SWEEP_AGE_MS,
): Promise<number> {
  const pool = projectPool(ctx, { project, role: 'owner' }, 'primary', 'read_only')
  const cutoff = Date.now() - olderThanMs
  let removed = 0
  let batch: string[] = []
  const flush = async () => {
    const ids = batch.map((k) => k.split('/').pop()!).filter((id) => UUID.test(id))
    const named = await withRole(
      pool,
      undefined,
      async (c) => {
        const { rows } = await c.query<{ id: string }>(
          'select id::text from storage.objects where id = any($1::uuid[])',
          [ids],
        )
        return ok(new Set(rows.map((r) => r.id)))
      },
      { readOnly: true },
    )
    if (!named.ok) throw new Error(named.error.message)
    const gone = batch.filter((k) => !named.data.has(k.split('/').pop()!))
    if (gone.length > 0) await store.delete(gone)
    removed += gone.length
    batch = []
  }
  for await (const { key, modified } of store.list(bytePrefix(project.ref))) {
    if (modified.getTime() > cutoff) continue
    batch.push(key)
    if (batch.length >= 500) await flush()
  }
  if (batch.length > 0) await flush()
  return removed
}

/** Sweeps every active project now and then (each server; every step is safe to repeat). */
export function scheduleSweeps(
  ctx: PlatformContext,
  store: ObjectStore,
  log: { warn(o: object, m: string): void },
  everyMs = 3600_000,
): () => void {
  const run = async () => {
    const { rows } = await ctx.db.query<ProjectRow>(`select * from basalt.projects where status = 'active'`)
    for (const project of rows) {
      await sweepProject(ctx, store, project).catch((err: unknown) =>
        log.warn({ err, ref: project.ref }, 'storage sweep'),
      )
    }
  }
  const first = setTimeout(() => void run().catch(() => {}), 60_000)
  const timer = setInterval(() => void run().catch(() => {}), everyMs)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
