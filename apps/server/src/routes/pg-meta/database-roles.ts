import { databaseObjectIdQuerySchema, roleDefinitionSchema } from '@basalt/contracts'
import {
  basaltRolesOf,
  createDatabaseRole,
  deleteDatabaseRole,
  listDatabaseRoles,
  roleDependents,
  updateDatabaseRole,
} from '../../pg-meta/roles.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, read, write } from './access.ts'
import { runChange } from './database-change.ts'

const ROLES = `${PG_META}/database/roles`
const target = (r: { name: string }) => r.name

/** Database › Roles (issue 26 point 6): list, create, change, drop; Basalt's own and reserved roles locked. */
export function databaseRoleRoutes(app: App): void {
  app.get(ROLES, { config: read, schema: { params: refParams } }, async (req, reply) =>
    reply.result(await req.project.catalog((c) => listDatabaseRoles(c, basaltRolesOf(req.projectAccess!.project)))),
  )

  app.get(
    `${ROLES}/dependents`,
    { config: read, schema: { params: refParams, querystring: databaseObjectIdQuerySchema } },
    async (req, reply) => reply.result(await req.project.catalog((c) => roleDependents(c, req.query.id))),
  )

  app.post(ROLES, { config: write, schema: { params: refParams, body: roleDefinitionSchema } }, async (req, reply) =>
    reply.result(
      await runChange(req, (c) => createDatabaseRole(c, req.body, basaltRolesOf(req.projectAccess!.project)), {
        action: 'database.role.create',
        target,
      }),
      201,
    ),
  )

  app.patch(
    ROLES,
    {
      config: write,
      schema: { params: refParams, querystring: databaseObjectIdQuerySchema, body: roleDefinitionSchema },
    },
    async (req, reply) =>
      reply.result(
        await runChange(
          req,
          (c) => updateDatabaseRole(c, req.query.id, req.body, basaltRolesOf(req.projectAccess!.project)),
          { action: 'database.role.update', target, details: { password_changed: Boolean(req.body.password) } },
        ),
      ),
  )

  app.delete(
    ROLES,
    { config: write, schema: { params: refParams, querystring: databaseObjectIdQuerySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => deleteDatabaseRole(c, req.query.id, basaltRolesOf(req.projectAccess!.project)), {
          action: 'database.role.delete',
          target,
        }),
      ),
  )
}
