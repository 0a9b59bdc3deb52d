import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { S3Config } from '../src/storage/s3-store.ts'

/**
 * A real S3-compatible server (s3rver, from npm) on 127.0.0.1 with an empty bucket, in a temporary
 * directory: what the S3 backend's tests run against — never a mock.
 */
export async function startS3Server(): Promise<{ config: S3Config; close(): Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'basalt-s3-'))
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'basalt-test', configs: [] }],
  })
  const { port } = (await server.run()) as { port: number }
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: 'basalt-test',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
