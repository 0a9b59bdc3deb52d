import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { databaseFunctionSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** GET …/database/functions: every schema's functions, of which a trigger may run those returning `trigger`. */
export const getTriggerFunctions = async (ref: string) =>
  (await api(pgMetaPath(ref, 'database/functions'), { schema: z.array(databaseFunctionSchema) })).filter(
    (f) => f.is_trigger,
  )

export const useTriggerFunctions = (ref: string) =>
  useQuery({ queryKey: [...pgMetaKey(ref), 'trigger-functions'], queryFn: () => getTriggerFunctions(ref) })
