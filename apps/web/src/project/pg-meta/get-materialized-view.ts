import { pgMaterializedViewSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaPath } from './pg-meta-path'

export const getMaterializedView = (ref: string, id: number) =>
  api(pgMetaPath(ref, 'materialized-views', { id }), { schema: pgMaterializedViewSchema })
