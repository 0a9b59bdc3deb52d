import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  backupSchema,
  backupsOverviewSchema,
  branchDetailSchema,
  projectSchema,
  restoreSchema,
  sqlHistorySchema,
  type RestoreBody,
} from '@basalt/contracts'
import { z } from 'zod'
import { api } from '../../lib/api-client'
import { pgMetaPath } from '../../project/pg-meta/pg-meta-path'

const enc = encodeURIComponent
export const backupsQueryKey = (ref: string) => ['projects', ref, 'backups'] as const

/** The backups page's data; polled while a backup or a restore is under way. */
export function useBackups(ref: string) {
  return useQuery({
    queryKey: backupsQueryKey(ref),
    queryFn: ({ signal }) => api(`/api/projects/${enc(ref)}/backups`, { schema: backupsOverviewSchema, signal }),
    refetchInterval: (q) => {
      const d = q.state.data
      if (!d?.available) return false
      const busy =
        d.backups.some((b) => b.state === 'queued' || b.state === 'running') ||
        d.restores.some((r) => r.state === 'queued' || r.state === 'running')
      return busy ? 2_000 : 30_000
    },
  })
}

export function useBackUpNow(ref: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => api(`/api/projects/${enc(ref)}/backups`, { method: 'POST', schema: backupSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: backupsQueryKey(ref) }),
  })
}

export function useRestore(ref: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RestoreBody) =>
      api(`/api/projects/${enc(ref)}/restores`, {
        method: 'POST',
        body,
        schema: z.object({ restore: restoreSchema, project: projectSchema }),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: backupsQueryKey(ref) })
      void client.invalidateQueries({ queryKey: ['projects'] })
    },
  })
}

export function useKeepRestore(ref: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/projects/${enc(ref)}/restores/${enc(id)}/keep`, { method: 'POST', schema: restoreSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: backupsQueryKey(ref) }),
  })
}

/** Where the browser downloads a base backup: streamed by the server, saved by the browser as it comes. */
export const downloadUrl = (ref: string, id: string) => `/api/projects/${enc(ref)}/backups/${enc(id)}/download`

export const branchesQueryKey = (ref: string) => ['projects', ref, 'branches'] as const

/** The branches made of a project (issue 28 §4). */
export function useBranches(ref: string) {
  return useQuery({
    queryKey: branchesQueryKey(ref),
    queryFn: ({ signal }) => api(`/api/projects/${enc(ref)}/branches`, { schema: z.array(projectSchema), signal }),
  })
}

export function useCreateBranch(ref: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (name: string) =>
      api(`/api/projects/${enc(ref)}/branches`, {
        method: 'POST',
        body: { name },
        schema: z.object({ restore: restoreSchema, project: projectSchema }),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: branchesQueryKey(ref) })
      void client.invalidateQueries({ queryKey: ['projects'] })
    },
  })
}

/** A branch (of `parentRef`) with the schema changes recorded on it. */
export function useBranch(parentRef: string, ref: string) {
  return useQuery({
    queryKey: ['projects', parentRef, 'branches', ref],
    queryFn: ({ signal }) =>
      api(`/api/projects/${enc(parentRef)}/branches/${enc(ref)}`, { schema: branchDetailSchema, signal }),
  })
}

export function useApplyBranch(parentRef: string, ref: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (through: number) =>
      api(`/api/projects/${enc(parentRef)}/branches/${enc(ref)}/apply`, {
        method: 'POST',
        body: { through },
        schema: branchDetailSchema,
      }),
    onSuccess: (data) => client.setQueryData(['projects', parentRef, 'branches', ref], data),
  })
}

/** The member's latest SQL editor runs (…/query/history), for "just before a statement". */
export function useRecentRuns(ref: string, enabled: boolean) {
  return useQuery({
    queryKey: ['projects', ref, 'backups', 'recent-runs'],
    queryFn: ({ signal }) => api(pgMetaPath(ref, 'query/history', { limit: 50 }), { schema: sqlHistorySchema, signal }),
    enabled,
  })
}
