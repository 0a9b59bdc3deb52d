import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../src/db/embedded.ts'
import { freePort } from '../src/db/ports.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster's `postgres` database. */
    pgAdminUrl: string
  }
}

export { freePort }

/**
 * One real PostgreSQL for the whole run: TEST_DATABASE_URL when given (a superuser URL), otherwise an
 * embedded cluster on a free port in a temporary directory, removed afterwards.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL)
    return
  }
  // The cluster runs as the 'postgres' system user, which must be able to enter the directory.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'basalt-test-pg-'))
  await import('node:fs/promises').then((fs) => fs.chmod(dir, 0o755))
  const cluster = await startEmbeddedPostgres({ dir, port: await freePort() })
  project.provide('pgAdminUrl', cluster.urlFor('postgres'))
  return async () => {
    await cluster.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
