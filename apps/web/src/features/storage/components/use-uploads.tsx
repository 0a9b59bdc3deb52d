import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  duplicateName,
  mimeTypeAllowed,
  RESUMABLE_UPLOAD_THRESHOLD_BYTES,
  type Bucket,
  type ObjectPage,
} from '@basalt/contracts'
import { isApiError } from '../../../lib/api-client'
import { useStorageConfig } from '../api/get-storage-config'
import { objectsKey } from '../api/storage-path'
import { uploadObject } from '../api/upload-object'
import { uploadResumable } from '../api/upload-resumable'
import { STORAGE_MESSAGES as M } from '../messages'
import { formatBytes } from '../../../lib/format'
import type { PickedFile } from '../state/dropped-files'
import { uniqueName } from '../state/paths'
import { batchSummary, UploadBatch, type UploadContext, type UploadTask } from '../state/upload-batch'
import { UploadToast } from './upload-toast'

/** Tries of the next 'name (n).ext' when the server says a name is taken (another upload got there first). */
const MAX_RENAMES = 50

/** Why a file cannot go into the bucket, checked before its first byte is sent (issue 24 §4); or null. */
export function refusal(file: File, bucket: Bucket, projectLimit: number | undefined): string | null {
  if (bucket.file_size_limit !== null && file.size > bucket.file_size_limit) {
    return M.tooLargeForBucket(file.name, formatBytes(bucket.file_size_limit))
  }
  if (projectLimit !== undefined && file.size > projectLimit) {
    return M.tooLargeForProject(file.name, formatBytes(projectLimit))
  }
  const type = file.type || 'application/octet-stream'
  if (!mimeTypeAllowed(bucket.allowed_mime_types, type)) return M.mimeNotAllowed(file.name, type)
  return null
}

/** The names already listed in a folder, from the pages the explorer has read. */
function listedNames(pages: Array<[unknown, { pages: ObjectPage[] } | undefined]>): Set<string> {
  const names = new Set<string>()
  for (const [, data] of pages)
    for (const page of data?.pages ?? []) for (const item of page.items) names.add(item.name)
  return names
}

/**
 * Uploads picked or dropped files (whole folders too) into a folder of the bucket: 10 at a time, each batch
 * with its progress toast and, at the end, the spec's summary toast; a name taken becomes 'name (n).ext';
 * files over 6 MB go through resumable uploads.
 */
export function useUploads(projectRef: string, bucket: Bucket) {
  const queryClient = useQueryClient()
  const config = useStorageConfig(projectRef)
  const projectLimit = config.data?.fileSizeLimit

  return useCallback(
    (prefix: string, picked: readonly PickedFile[]) => {
      if (picked.length === 0) return
      const folderPages = queryClient.getQueriesData<{ pages: ObjectPage[] }>({
        queryKey: [...objectsKey(projectRef, bucket.id), 'list', prefix],
      })
      const taken = listedNames(folderPages)
      const tasks: UploadTask[] = picked.map(({ file, relativePath }) => {
        const [top, ...rest] = relativePath.split('/')
        // A file dropped on the folder gets a free name; a dropped folder's files keep theirs inside it.
        const name = rest.length === 0 ? uniqueName(top!, taken) : top!
        taken.add(name)
        return { file, path: prefix + [name, ...rest].join('/') }
      })
      const resumable = tasks.some((t) => t.file.size > RESUMABLE_UPLOAD_THRESHOLD_BYTES)

      const uploadOne = async (task: UploadTask, ctx: UploadContext) => {
        const refused = refusal(task.file, bucket, projectLimit)
        if (refused) throw new Error(refused)
        const slash = task.path.lastIndexOf('/')
        const folder = task.path.slice(0, slash + 1)
        const name = task.path.slice(slash + 1)
        for (let n = 0; ; n++) {
          const path = n === 0 ? task.path : folder + duplicateName(name, n)
          try {
            if (task.file.size > RESUMABLE_UPLOAD_THRESHOLD_BYTES) {
              await uploadResumable(projectRef, bucket.id, path, task.file, {
                onProgress: ctx.onProgress,
                signal: ctx.signal,
                register: ctx.register,
                onResumed: () => toast.info(M.resumableInfo(task.file.name)),
              })
            } else {
              await uploadObject(projectRef, bucket.id, path, task.file, {
                onProgress: ctx.onProgress,
                signal: ctx.signal,
              })
            }
            return
          } catch (error) {
            const conflict =
              (isApiError(error) && error.status === 409) || (error as { status?: number }).status === 409
            if (!conflict || n >= MAX_RENAMES) throw error
          }
        }
      }

      const batch = new UploadBatch(tasks, uploadOne)
      const id = toast.custom(() => <UploadToast batch={batch} resumable={resumable} />, { duration: Infinity })
      void batch.run().then(async (state) => {
        toast.dismiss(id)
        await queryClient.invalidateQueries({ queryKey: objectsKey(projectRef, bucket.id) })
        if (state.status === 'cancelled') {
          toast.info(M.uploadCancelled)
          return
        }
        const summary = batchSummary(state)
        const description =
          summary.details.length > 0 ? (
            <ul className="list-disc space-y-0.5 pl-4">
              {summary.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          ) : undefined
        if (summary.tone === 'success') toast.success(summary.title)
        else toast.error(summary.title, { description, duration: 15_000 })
      })
    },
    [projectRef, bucket, projectLimit, queryClient],
  )
}
