import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { backupSchema, backupsOverviewSchema, projectSchema, restoreSchema, type RestoreBody } from '@basalt/contracts'
import { z } from 'zod'
import { api } from '../../lib/api-client'

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
