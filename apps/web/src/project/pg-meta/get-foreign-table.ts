import { pgForeignTableSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaPath } from './pg-meta-path'

export const getForeignTable = (ref: string, id: number) =>
  api(pgMetaPath(ref, 'foreign-tables', { id }), { schema: pgForeignTableSchema })
