import { randomBytes } from 'node:crypto'
import { STORAGE_FREE_PLAN_FILE_SIZE_LIMIT, type StorageConfig } from '@basalt/contracts'
import { decryptSecret, encryptSecret } from '../db/crypto.ts'
import type { PlatformContext } from '../platform/context.ts'

/**
 * The project's JWT secret: it signs signed URLs now and the project's anon and service_role keys in part 2
 * (Storage API). Kept encrypted in the platform store like every secret, made when first needed; two servers
 * making it at once keep the first one's.
 */
export async function projectJwtSecret(ctx: PlatformContext, ref: string): Promise<Uint8Array | null> {
  const read = async () =>
    (
      await ctx.db.query<{ jwt_secret_encrypted: string | null }>(
        'select jwt_secret_encrypted from basalt.projects where ref = $1',
        [ref],
      )
    ).rows[0]
  let row = await read()
  if (!row) return null
  if (!row.jwt_secret_encrypted) {
    const secret = encryptSecret(ctx.config.encryptionKey, randomBytes(32).toString('base64url'))
    await ctx.db.query(
      'update basalt.projects set jwt_secret_encrypted = $2 where ref = $1 and jwt_secret_encrypted is null',
      [ref, secret],
    )
    row = await read()
    if (!row?.jwt_secret_encrypted) return null
  }
  return new TextEncoder().encode(decryptSecret(ctx.config.encryptionKey, row.jwt_secret_encrypted))
}

/**
 * The project's upload limit in bytes (Storage Settings; 50 GB by default), which every upload path checks:
 * the explorer's, the Storage API's and resumable uploads. On the free plan (STORAGE_PLAN=free) it is 50 MB
 * whatever the project's own setting.
 */
export async function projectFileSizeLimit(ctx: PlatformContext, ref: string): Promise<number> {
  if (ctx.config.storagePlan === 'free') return STORAGE_FREE_PLAN_FILE_SIZE_LIMIT
  const { rows } = await ctx.db.query<{ limit: string }>(
    'select storage_file_size_limit as limit from basalt.projects where ref = $1',
    [ref],
  )
  return Number(rows[0]?.limit ?? 0)
}

export async function setProjectFileSizeLimit(ctx: PlatformContext, ref: string, bytes: number): Promise<void> {
  await ctx.db.query('update basalt.projects set storage_file_size_limit = $2 where ref = $1', [ref, bytes])
}

/** GET …/config/storage: the limit in force and whether it is the free plan's (then it cannot be changed). */
export async function projectStorageConfig(ctx: PlatformContext, ref: string): Promise<StorageConfig> {
  return { fileSizeLimit: await projectFileSizeLimit(ctx, ref), isFreeTier: ctx.config.storagePlan === 'free' }
}
