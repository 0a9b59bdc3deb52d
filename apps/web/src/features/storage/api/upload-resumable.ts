import { DetailedError, Upload } from 'tus-js-client'
import { resumableUploadPath, UPLOAD_CACHE_CONTROL_SECONDS } from '@basalt/contracts'
import { CSRF_HEADER, readCsrfToken } from '../../../lib/api-client'
import type { UploadControl } from '../state/upload-batch'

/** Chunks of 6 MB: each PATCH is one request, so a dropped connection loses at most one chunk. */
export const RESUMABLE_CHUNK_BYTES = 6 * 1024 * 1024

/**
 * The key tus-js-client keeps the upload's URL under in this browser: the project, bucket and path with the
 * file's name, size and date, so that picking the same file again after a reload carries on where it stopped
 * rather than into another folder's upload.
 */
export const resumableFingerprint = (ref: string, bucketId: string, path: string, file: File) =>
  `basalt-tus::${ref}::${bucketId}::${path}::${file.name}::${file.size}::${file.lastModified}`

/** The server's sentence of a failed TUS request (its JSON `{ message }`), else tus-js-client's. */
function messageOf(error: Error): string {
  if (error instanceof DetailedError && error.originalResponse) {
    try {
      const body = JSON.parse(error.originalResponse.getBody()) as { message?: unknown }
      if (typeof body.message === 'string') return body.message
    } catch {
      // Not JSON: the status line says enough below.
    }
    return `The server answered ${error.originalResponse.getStatus()}`
  }
  return error.message
}

/**
 * Uploads a large file through TUS at the project's Storage API (`…/storage/v1/upload/resumable`): in 6 MB
 * chunks, retried when the connection drops, pausable, and — its URL kept in this browser — resumed after a
 * reload when the same file is picked again (`onResumed` says it did, with the bytes already there).
 * Aborting the signal cancels it and removes what the server had received.
 */
export function uploadResumable(
  ref: string,
  bucketId: string,
  path: string,
  file: File,
  options: {
    onProgress?: (sent: number) => void
    signal?: AbortSignal
    register?: (control: UploadControl) => void
    onResumed?: () => void
  } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress, register, onResumed } = options
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'))
    const headers: Record<string, string> = {}
    const token = readCsrfToken()
    if (token) headers[CSRF_HEADER] = token
    const upload = new Upload(file, {
      endpoint: resumableUploadPath(ref),
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      headers,
      metadata: {
        bucketName: bucketId,
        objectName: path,
        contentType: file.type || 'application/octet-stream',
        cacheControl: String(UPLOAD_CACHE_CONTROL_SECONDS),
      },
      fingerprint: () => Promise.resolve(resumableFingerprint(ref, bucketId, path, file)),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // A refused upload (a limit, a type, a permission) will be refused again: retry only what may pass.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0
        // At creation, 409 is a name taken (the caller picks another); later it is an offset to re-read.
        if (error.originalRequest?.getMethod() === 'POST') return status === 0 || status >= 500
        return status === 0 || status === 409 || status === 423 || status >= 500
      },
      onProgress: (sent) => onProgress?.(sent),
      onSuccess: () => resolve(),
      onError: (error) =>
        reject(
          Object.assign(new Error(messageOf(error)), {
            status: error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0,
          }),
        ),
    })
    register?.({ pause: () => void upload.abort(), resume: () => upload.start() })
    signal?.addEventListener(
      'abort',
      () => {
        // Terminate: the server forgets the partial upload (TUS termination).
        upload.abort(true).catch(() => undefined)
        reject(new DOMException('The upload was cancelled', 'AbortError'))
      },
      { once: true },
    )
    void upload.findPreviousUploads().then(
      (previous) => {
        const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0]
        if (last) {
          upload.resumeFromPreviousUpload(last)
          onResumed?.()
        }
        if (!signal?.aborted) upload.start()
      },
      () => upload.start(),
    )
  })
}
