import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fsObjectStore } from '../src/storage/fs-store.ts'
import type { ObjectStore } from '../src/storage/object-store.ts'
import { s3ObjectStore } from '../src/storage/s3-store.ts'
import { startS3Server } from './s3-server.ts'

export interface OpenBackend {
  store: ObjectStore
  /** The fs backend's directory. */
  root?: string
  /** Closes the store and removes its directory or stops its S3 server. */
  close(): Promise<void>
}

/**
 * Both object stores, for `describe.each`: the directory store in a temporary directory, and the S3 store
 * against a real S3-compatible server (s3rver) the test starts on 127.0.0.1.
 */
export const STORAGE_BACKENDS: [string, () => Promise<OpenBackend>][] = [
  [
    'fs',
    async () => {
      const root = await mkdtemp(path.join(os.tmpdir(), 'basalt-store-'))
      return { store: fsObjectStore(root), root, close: () => rm(root, { recursive: true, force: true }) }
    },
  ],
  [
    's3',
    async () => {
      const s3 = await startS3Server()
      const store = s3ObjectStore(s3.config)
      return {
        store,
        close: async () => {
          await store.close()
          await s3.close()
        },
      }
    },
  ],
]
