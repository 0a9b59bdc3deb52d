import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  deletedSchema,
  movedSchema,
  storageItemSchema,
  type DeleteObjectsBody,
  type MoveObjectsBody,
  type RenameObjectBody,
} from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { objectsKey, objectsPath } from './storage-path'

/** POST …/objects/folder { path }: an empty folder (its `.emptyFolderPlaceholder`); 409 when the name exists. */
export const createFolder = (ref: string, bucketId: string, path: string) =>
  api(objectsPath(ref, bucketId, 'folder'), { method: 'POST', body: { path }, schema: storageItemSchema })

/** POST …/objects/move { items, destination }: files and whole folders, all or nothing. */
export const moveObjects = (ref: string, bucketId: string, body: MoveObjectsBody) =>
  api(objectsPath(ref, bucketId, 'move'), { method: 'POST', body, schema: movedSchema })

/** POST …/objects/rename { from, to, kind }: a file or a whole folder, in one step. */
export const renameObject = (ref: string, bucketId: string, body: RenameObjectBody) =>
  api(objectsPath(ref, bucketId, 'rename'), { method: 'POST', body, schema: movedSchema })

/** POST …/objects/delete { items }: files and folders (recursively), in one transaction. */
export const deleteObjects = (ref: string, bucketId: string, body: DeleteObjectsBody) =>
  api(objectsPath(ref, bucketId, 'delete'), { method: 'POST', body, schema: deletedSchema })

/** One of the explorer's writes; every listing and search of the bucket is refreshed after it. */
export function useObjectWrite<T, R>(
  ref: string,
  bucketId: string,
  write: (ref: string, bucketId: string, body: T) => Promise<R>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: T) => write(ref, bucketId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: objectsKey(ref, bucketId) }),
  })
}
