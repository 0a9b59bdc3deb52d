import { useQuery } from '@tanstack/react-query'
import { publicationsResponseSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** GET …/database/publications: the publications and the server's wal_level. */
export const getPublications = (ref: string) =>
  api(pgMetaPath(ref, 'database/publications'), { schema: publicationsResponseSchema })

export const usePublications = (ref: string) =>
  useQuery({ queryKey: [...pgMetaKey(ref), 'publications'], queryFn: () => getPublications(ref) })
