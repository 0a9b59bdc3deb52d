import { migrationFileQuerySchema, ok } from '@basalt/contracts'
import { listSupabaseMigrations } from '../../pg-meta/supabase-migrations.ts'
import { listMigrations, migrationFile } from '../../platform/project-migrations.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, read } from './access.ts'

const MIGRATIONS = `${PG_META}/database/migrations`

/**
 * Database › Migrations (issue 26 point 10): the changes Basalt ran for members, numbered, and the Supabase
 * CLI's history when the database has one; each migration, or all of them, as a file to apply elsewhere.
 */
export function databaseMigrationRoutes(app: App): void {
  app.get(MIGRATIONS, { config: read, schema: { params: refParams } }, async (req, reply) => {
    const supabase = await req.project.catalog((c) => listSupabaseMigrations(c))
    if (!supabase.ok) return reply.result(supabase)
    const migrations = await listMigrations(req.server.platform.db, req.projectAccess!.project.id)
    return reply.result(ok({ migrations, supabase: supabase.data }))
  })

  // One migration as `<version>_<name>.sql`; without ?number=, every migration in order in one file.
  app.get(
    `${MIGRATIONS}/file`,
    { config: read, schema: { params: refParams, querystring: migrationFileQuerySchema } },
    async (req, reply) => {
      const project = req.projectAccess!.project
      const all = await listMigrations(req.server.platform.db, project.id)
      const chosen = req.query.number === undefined ? all : all.filter((m) => m.number === req.query.number)
      if (req.query.number !== undefined && chosen.length === 0) {
        return reply.result({
          ok: false,
          error: { code: 'not_found', message: `Migration ${req.query.number} not found` },
        })
      }
      const files = chosen.map(migrationFile)
      const name = files.length === 1 ? files[0]!.name : `${project.ref}_migrations.sql`
      return reply
        .header('content-type', 'application/sql; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(files.map((f) => (files.length === 1 ? f.text : `-- File ${f.name}\n${f.text}`)).join('\n'))
    },
  )
}
