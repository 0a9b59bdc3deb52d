import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapProjectDatabase } from '../src/db/bootstrap.ts'
import { startEmbeddedPostgres } from '../src/db/embedded.ts'
import { withClient } from '../src/db/project-databases.ts'
import { adminUrlOf } from '../src/db/connections.ts'
import type { ProjectRow } from '../src/platform/projects.ts'
import { migratePlatform } from '../src/platform/store.ts'
import { startServer, type RunningServer } from '../src/server.ts'
import { freePort } from './global-setup.ts'
import { Agent, testConfig } from './platform-app.ts'

const OLD_REF = 'oldlayoutprojectaaaa'

/**
 * A data directory from before projects had clusters of their own — the platform database and every
 * project database in one cluster, tables created by its superuser — is upgraded at start without losing
 * anything, and a second start finds nothing left to do.
 */
describe('upgrading a data directory with project databases inside the platform cluster', () => {
  let dataDir: string
  let port: number
  let server: RunningServer | undefined

  const config = () => testConfig({ dataDir, embeddedPgPort: port, encryptionKey: Buffer.alloc(32, 7) })

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'basalt-test-upgrade-'))
    await chmod(dataDir, 0o755)
    port = await freePort()
    // The former layout, as the server of the previous release left it.
    const old = await startEmbeddedPostgres({ dir: path.join(dataDir, 'postgres'), port })
    try {
      await withClient(old.urlFor('postgres'), async (c) => {
        for (const db of ['basalt_platform', 'basalt_project_default', `basalt_project_${OLD_REF}`]) {
          await c.query(`create database ${db}`)
        }
      })
      await withClient(old.urlFor('basalt_platform'), async (c) => {
        await migratePlatform(c)
        await c.query(`insert into basalt.organizations (slug, name) values ('acme', 'Acme')`)
        await c.query(
          `insert into basalt.projects (ref, name, organization_id, status, kind, database_name) values
             ('default', 'Default project', null, 'active', 'embedded', 'basalt_project_default'),
             ($1, 'Old', (select id from basalt.organizations), 'active', 'embedded', $2)`,
          [OLD_REF, `basalt_project_${OLD_REF}`],
        )
      })
      for (const [db, label] of [
        ['basalt_project_default', 'default'],
        [`basalt_project_${OLD_REF}`, 'old'],
      ]) {
        await withClient(old.urlFor(db!), async (c) => {
          await bootstrapProjectDatabase(c)
          await c.query(`
            create type public.mood as enum ('ok', 'great');
            create table public.notes (id bigint generated always as identity primary key, body text, mood public.mood);
            insert into public.notes (body, mood) values ('${label} note 1', 'ok'), ('${label} note 2', 'great');
            create view public.great_notes as select * from public.notes where mood = 'great';
            create function public.shout(t text) returns text language sql as $$ select upper(t) $$;
          `)
        })
      }
    } finally {
      await old.stop()
    }
  })
  afterAll(async () => {
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('moves each project into a cluster of its own, with its data, owned by its admin role', async () => {
    server = await startServer(config())
    const { db } = server.app.platform
    const { rows } = await db.query<ProjectRow>('select * from basalt.projects order by ref')
    expect(rows.map((p) => [p.ref, p.status, p.cluster_port !== null])).toEqual([
      ['default', 'active', true],
      [OLD_REF, 'active', true],
    ])

    // The platform cluster keeps only the platform.
    const platformPassword = (await readFile(path.join(dataDir, 'postgres', 'superuser-password'), 'utf8')).trim()
    const platformUrl = `postgresql://postgres:${encodeURIComponent(platformPassword)}@127.0.0.1:${port}/postgres`
    const left = await withClient(platformUrl, (c) =>
      c.query(`select datname from pg_database where datname like 'basalt%' order by 1`),
    )
    expect(left.rows.map((r) => r.datname)).toEqual(['basalt_platform'])

    for (const p of rows) {
      const label = p.ref === 'default' ? 'default' : 'old'
      const admin = new pg.Client({ connectionString: adminUrlOf(server.app.platform, p)! })
      await admin.connect()
      try {
        const notes = await admin.query('select body, mood::text from public.great_notes')
        expect(notes.rows).toEqual([{ body: `${label} note 2`, mood: 'great' }])
        expect((await admin.query(`select public.shout('x') as s`)).rows[0].s).toBe('X')
        // The admin owns what the old superuser created, so the table editor can change it.
        await admin.query(`alter table public.notes add column done boolean`)
        const owners = await admin.query(
          `select distinct pg_get_userbyid(relowner) as owner from pg_class
            where relnamespace = 'public'::regnamespace and relkind in ('r', 'v')`,
        )
        expect(owners.rows).toEqual([{ owner: p.admin_role }])
        // Nothing of the platform or of the other project came along.
        const dbs = await admin.query(`select datname from pg_database where datname like 'basalt%' order by 1`)
        expect(dbs.rows.map((r) => r.datname)).toEqual([p.database_name])
      } finally {
        await admin.end()
      }
      // The copy has its own superuser password.
      const own = (await readFile(path.join(dataDir, 'projects', p.ref, 'superuser-password'), 'utf8')).trim()
      expect(own).not.toBe(platformPassword)
    }

    // The first sign-up adopts the default project, and the grid reads its moved rows.
    const owner = new Agent(server.app)
    await owner.signUp('owner@example.com')
    const page = await owner.post('/api/platform/pg-meta/default/table-rows', { schema: 'public', table: 'notes' })
    expect(page.statusCode).toBe(200)
    expect(page.json().rows.map((r: { data: { body: string } }) => r.data.body)).toEqual([
      'default note 1',
      'default note 2',
    ])
  })

  it('finds nothing to move on the next start, and keeps everything', async () => {
    await server!.stop()
    server = await startServer(config())
    const { rows } = await server.app.platform.db.query<ProjectRow>(`select * from basalt.projects where ref = $1`, [
      OLD_REF,
    ])
    const admin = new pg.Client({ connectionString: adminUrlOf(server.app.platform, rows[0]!)! })
    await admin.connect()
    const { rows: notes } = await admin.query('select body from public.notes order by id')
    await admin.end()
    expect(notes.map((r) => r.body)).toEqual(['old note 1', 'old note 2'])
  })
})
