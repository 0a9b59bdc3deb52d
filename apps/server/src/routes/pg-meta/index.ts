import type { App } from '../types.ts'
import { catalogRoutes } from './catalog.ts'
import { overviewRoutes } from './overview.ts'
import { databaseFunctionRoutes } from './database-functions.ts'
import { databaseTriggerRoutes } from './database-triggers.ts'
import { databasePublicationRoutes } from './database-publications.ts'
import { databaseExtensionRoutes } from './database-extensions.ts'
import { databaseRoleRoutes } from './database-roles.ts'
import { databaseIndexRoutes } from './database-indexes.ts'
import { databaseTypeRoutes } from './database-types.ts'
import { databaseMigrationRoutes } from './database-migrations.ts'
import { databaseSchemaRoutes } from './database-schemas.ts'
import { databaseWrapperRoutes } from './database-wrappers.ts'
import { policyRoutes } from './policies.ts'
import { schemaChangeRoutes } from './schema-changes.ts'
import { tableCsvRoutes } from './table-csv.ts'
import { tableDataRoutes } from './table-data.ts'

/**
 * The project database routes (`/api/platform/pg-meta/:ref/…`, spec 2 §7), one file per kind of object.
 * Every call goes through the project executor (`req.project`, http/project-executor.ts).
 */
export function pgMetaRoutes(app: App): void {
  catalogRoutes(app)
  tableDataRoutes(app)
  schemaChangeRoutes(app)
  tableCsvRoutes(app)
  policyRoutes(app)
  overviewRoutes(app)
  databaseFunctionRoutes(app)
  databaseTriggerRoutes(app)
  databasePublicationRoutes(app)
  databaseExtensionRoutes(app)
  databaseRoleRoutes(app)
  databaseIndexRoutes(app)
  databaseTypeRoutes(app)
  databaseMigrationRoutes(app)
  databaseSchemaRoutes(app)
  databaseWrapperRoutes(app)
}
