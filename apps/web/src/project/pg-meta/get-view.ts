import { pgViewSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaPath } from './pg-meta-path'

export const getView = (ref: string, id: number) => api(pgMetaPath(ref, 'views', { id }), { schema: pgViewSchema })
