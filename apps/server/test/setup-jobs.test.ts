import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { withClient } from '../src/db/project-databases.ts'
import type { ProjectRow, SetupStep } from '../src/platform/projects.ts'
import { createPlatformPool, migratePlatform } from '../src/platform/store.ts'
import type { App } from '../src/routes/types.ts'
import { createTestDatabase, testDatabaseUrl, withAdminClient } from './databases.ts'
import { Agent, testConfig, waitForProject } from './platform-app.ts'

const STEPS: SetupStep[] = ['credentials', 'port', 'database', 'bootstrap', 'roles']
const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * Project set-up is a durable job (issue 17): a server killed right after any step of it leaves a job that
 * another server finishes, each step being idempotent; Restore asks again for a project stuck coming up.
 */
describe('a project set-up whose server dies', () => {
  const key = Buffer.alloc(32, 9)
  let platform: Awaited<ReturnType<typeof createTestDatabase>>
  let db: pg.Pool
  let survivor: App | undefined
  let owner: Agent
  const prefix = `setup_${process.pid}_`
  const refFor = (step: string) => `dies${step.replace(/[^a-z]/g, '')}`.padEnd(20, 'x').slice(0, 20)
  const config = () => testConfig({ encryptionKey: key })
  const project = async (ref: string) =>
    (await db.query<ProjectRow>('select * from basalt.projects where ref = $1', [ref])).rows[0]!

  /** A server on the shared platform database, as another replica would be. */
  const server = async () => {
    const { sharedServerProjects } = await import('../src/db/project-databases.ts')
    return buildApp({
      config: config(),
      db,
      projectDatabases: sharedServerProjects(inject('pgAdminUrl'), prefix),
      platformUrl: platform.url,
      webDistDir: null,
    })
  }

  beforeAll(async () => {
    platform = await createTestDatabase('plat')
    db = createPlatformPool(platform.url, 5)
    await withClient(platform.url, (c) => migratePlatform(c))
    // The owner and their organisation, made by a server that runs no jobs yet.
    const signUp = await buildApp({
      config: config(),
      db,
      projectDatabases: (await import('../src/db/project-databases.ts')).sharedServerProjects(
        inject('pgAdminUrl'),
        prefix,
      ),
      webDistDir: null,
    })
    owner = new Agent(signUp)
    await owner.signUp('owner@example.com')
    await signUp.close()
    const { rows } = await db.query<{ id: string }>('select id from basalt.organizations')
    for (const ref of [...STEPS.map(refFor), 'stuckwithoutajobxxxx']) {
      await db.query(
        `insert into basalt.projects (ref, name, organization_id, status, kind, database_name)
         values ($1, $1, $2, 'coming_up', 'embedded', $3)`,
        [ref, rows[0]!.id, `${prefix}${ref}`],
      )
    }
  })
  afterAll(async () => {
    await survivor?.close()
    await db?.end()
    await withAdminClient(async (c) => {
      const dbs = await c.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
        prefix,
      ])
      for (const r of dbs.rows) await c.query(`drop database if exists ${c.escapeIdentifier(r.datname)} with (force)`)
      const roles = await c.query<{ rolname: string }>('select rolname from pg_roles where starts_with(rolname, $1)', [
        prefix,
      ])
      for (const r of roles.rows) await c.query(`drop role if exists ${c.escapeIdentifier(r.rolname)}`)
    })
    await platform?.drop()
  })

  it('is finished by another server, whichever step it died after', async () => {
    // One server per step, one after the other, each killed right after that step of its project's set-up.
    for (const step of STEPS) {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures', 'setup-worker.ts')], {
          stdio: ['ignore', 'ignore', 'pipe'],
          env: {
            ...process.env,
            PLATFORM_URL: platform.url,
            PG_ADMIN_URL: inject('pgAdminUrl'),
            PREFIX: prefix,
            REF: refFor(step),
            DIE_AFTER: step,
            ENCRYPTION_KEY: key.toString('hex'),
          },
        })
        let stderr = ''
        child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
        child.once('exit', (_code, signal) => {
          clearTimeout(timer)
          if (signal === 'SIGKILL') resolve()
          else reject(new Error(`the server for ${step} exited without dying: ${stderr}`))
        })
      })
    }

    // What each dead server left: its project still coming up, with the steps it did done.
    for (const step of STEPS) expect((await project(refFor(step))).status).toBe('coming_up')
    expect((await project(refFor('credentials'))).admin_role).toBe(`${prefix}${refFor('credentials')}_admin`)
    const exists = (database: string) =>
      withAdminClient(
        async (c) => (await c.query('select 1 from pg_database where datname = $1', [database])).rowCount === 1,
      )
    expect(await exists(`${prefix}${refFor('port')}`)).toBe(false)
    expect(await exists(`${prefix}${refFor('database')}`)).toBe(true)
    const bootstrapped = await withClient(testDatabaseUrl(`${prefix}${refFor('bootstrap')}`), (c) =>
      c.query(`select to_regclass('auth.users') is not null as yes`),
    )
    expect(bootstrapped.rows[0].yes).toBe(true)

    // Another server comes up: it takes over every job whose server stopped sending heartbeats.
    const t0 = Date.now()
    survivor = await server()
    const ownerThere = new Agent(survivor)
    ownerThere.cookies = new Map(owner.cookies)
    for (const step of STEPS) {
      expect(await waitForProject(ownerThere, refFor(step), 90_000), step).toMatchObject({ status: 'active' })
      const p = await project(refFor(step))
      const admin = new pg.Client({
        host: '127.0.0.1',
        port: Number(new URL(inject('pgAdminUrl')).port),
        database: p.database_name!,
        user: p.admin_role!,
        password: (await import('../src/db/crypto.ts')).decryptSecret(key, p.admin_password_encrypted!),
      })
      await admin.connect()
      const { rows } = await admin.query(`select count(*)::int as n from auth.users`)
      await admin.end()
      expect(rows[0].n).toBe(0)
    }
    console.log(`all taken over in ${Date.now() - t0} ms`)
  }, 180_000)

  it('restores a project stuck coming up with no set-up asked', async () => {
    const ownerThere = new Agent(survivor!)
    ownerThere.cookies = new Map(owner.cookies)
    const ref = 'stuckwithoutajobxxxx'
    expect((await project(ref)).status).toBe('coming_up')
    const restored = await ownerThere.post(`/api/projects/${ref}/restore`)
    expect(restored.statusCode).toBe(200)
    expect(await waitForProject(ownerThere, ref, 30_000)).toMatchObject({ status: 'active' })
  }, 60_000)
})
