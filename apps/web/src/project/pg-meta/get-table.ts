import { pgTableSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaPath } from './pg-meta-path'

export const getTable = (ref: string, id: number) => api(pgMetaPath(ref, 'tables', { id }), { schema: pgTableSchema })
