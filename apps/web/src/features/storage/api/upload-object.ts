import { storageItemSchema, UPLOAD_CACHE_CONTROL_SECONDS, type StorageItem } from '@basalt/contracts'
import { apiErrorOf, ApiError, CSRF_HEADER, readCsrfToken } from '../../../lib/api-client'
import { objectsPath } from './storage-path'

const NETWORK_ERROR = 'Unable to reach the Basalt server. Check your connection.'

/**
 * POST …/objects/upload?path=: one file's bytes as the raw body (the server streams them to the store), with
 * progress; aborting the signal cancels it and nothing is stored. A failure is the server's sentence (which
 * limit refused it, a type the bucket does not allow, a name taken). XHR, because fetch reports no upload
 * progress.
 */
export function uploadObject(
  ref: string,
  bucketId: string,
  path: string,
  file: File,
  options: { onProgress?: (sent: number) => void; signal?: AbortSignal } = {},
): Promise<StorageItem> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = options
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'))
    const xhr = new XMLHttpRequest()
    xhr.open('POST', objectsPath(ref, bucketId, 'upload', { path }))
    xhr.setRequestHeader('accept', 'application/json')
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream')
    xhr.setRequestHeader('x-cache-control', `max-age=${UPLOAD_CACHE_CONTROL_SECONDS}`)
    const token = readCsrfToken()
    if (token) xhr.setRequestHeader(CSRF_HEADER, token)
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded)
    xhr.onload = () => {
      let json: unknown
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined
      } catch {
        json = undefined
      }
      if (xhr.status < 200 || xhr.status >= 300) return reject(apiErrorOf(xhr.status, json))
      const parsed = storageItemSchema.safeParse(json)
      if (parsed.success) resolve(parsed.data)
      else reject(new ApiError('invalid_response', 'Unexpected answer from the upload', xhr.status))
    }
    xhr.onerror = () => reject(new ApiError('network_error', NETWORK_ERROR, 0))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(file)
  })
}
