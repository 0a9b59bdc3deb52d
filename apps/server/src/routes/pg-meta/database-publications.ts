import { databaseObjectIdQuerySchema, publicationDefinitionSchema } from '@basalt/contracts'
import {
  createPublication,
  deletePublication,
  listPublications,
  updatePublication,
} from '../../pg-meta/publications.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, read, write } from './access.ts'
import { runChange } from './database-change.ts'

const PUBLICATIONS = `${PG_META}/database/publications`
const target = (p: { name: string }) => p.name

/** Database › Replication (issue 26 points 7 and 13): publications, and whether the server publishes. */
export function databasePublicationRoutes(app: App): void {
  app.get(PUBLICATIONS, { config: read, schema: { params: refParams } }, async (req, reply) =>
    reply.result(await req.project.catalog((c) => listPublications(c))),
  )

  app.post(
    PUBLICATIONS,
    { config: write, schema: { params: refParams, body: publicationDefinitionSchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => createPublication(c, req.body), { action: 'database.publication.create', target }),
        201,
      ),
  )

  app.patch(
    PUBLICATIONS,
    {
      config: write,
      schema: { params: refParams, querystring: databaseObjectIdQuerySchema, body: publicationDefinitionSchema },
    },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => updatePublication(c, req.query.id, req.body), {
          action: 'database.publication.update',
          target,
        }),
      ),
  )

  app.delete(
    PUBLICATIONS,
    { config: write, schema: { params: refParams, querystring: databaseObjectIdQuerySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => deletePublication(c, req.query.id), {
          action: 'database.publication.delete',
          target,
        }),
      ),
  )
}
