import { publicUrlSchema, signedUrlSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { objectsPath } from './storage-path'

/** POST …/objects/sign { path, expiresIn }: a signed URL of the Storage API, valid for expiresIn seconds. */
export const signObject = (ref: string, bucketId: string, path: string, expiresIn: number) =>
  api(objectsPath(ref, bucketId, 'sign'), { method: 'POST', body: { path, expiresIn }, schema: signedUrlSchema })

/** POST …/objects/public-url { path }: the public URL (it works while the bucket is public). */
export const publicUrl = (ref: string, bucketId: string, path: string) =>
  api(objectsPath(ref, bucketId, 'public-url'), { method: 'POST', body: { path }, schema: publicUrlSchema })

/** A URL the server answered with a path only, made absolute on this origin (for copying). */
export const absoluteUrl = (url: string) => new URL(url, window.location.origin).toString()

/** The file's bytes from the dashboard's API (Range works on it): inline for previews, or as a download. */
export const downloadUrl = (ref: string, bucketId: string, path: string, attachment: boolean) =>
  objectsPath(ref, bucketId, 'download', attachment ? { path, download: 'true' } : { path })

/**
 * One zip streamed by the server of files and whole folders (a folder's path ends with '/'), named `name`.
 */
export const zipUrl = (ref: string, bucketId: string, paths: readonly string[], name: string) =>
  objectsPath(ref, bucketId, 'zip', { path: [...paths], name })

/**
 * Whether the server will stream a download: a HEAD of the same URL, which the server answers as it would
 * the GET (404 for a missing file or bytes, 401 for an ended session, 400 for a bad path) without sending
 * a byte or making a zip. A plain link download cannot report a refusal to the page; this can.
 */
export async function downloadable(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { method: 'HEAD', credentials: 'same-origin' })).ok
  } catch {
    return false
  }
}

/**
 * Starts a plain browser download of a URL: the browser streams it to disk itself, nothing is held in the
 * page, however large (issue 24 §5). The session cookie goes with it, as with any same-origin link.
 */
export function startDownload(url: string) {
  const link = document.createElement('a')
  link.href = url
  link.download = ''
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
}
