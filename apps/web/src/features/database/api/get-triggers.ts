import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { databaseTriggerSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** GET …/database/triggers?included_schemas=: the triggers of a schema's tables and views. */
export const getTriggers = (ref: string, schema: string) =>
  api(pgMetaPath(ref, 'database/triggers', { included_schemas: schema }), { schema: z.array(databaseTriggerSchema) })

export const useTriggers = (ref: string, schema: string) =>
  useQuery({ queryKey: [...pgMetaKey(ref), 'triggers', schema], queryFn: () => getTriggers(ref, schema) })
