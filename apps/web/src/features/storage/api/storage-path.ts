/** The dashboard's storage API of a project: `/api/storage/{ref}/…` (docs/storage.md). */
export const storagePath = (ref: string, ...parts: string[]) =>
  ['/api/storage', ref, ...parts].map((p, i) => (i === 0 ? p : encodeURIComponent(p))).join('/')

/** A bucket's object route: `/api/storage/{ref}/buckets/{id}/objects/{action}`. */
export const objectsPath = (
  ref: string,
  bucketId: string,
  action?: string,
  query?: Record<string, string | string[]>,
) => {
  const path = storagePath(ref, 'buckets', bucketId, 'objects') + (action ? `/${action}` : '')
  if (!query) return path
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v)
  }
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

/** Every storage query of a project starts with this key; a change invalidates what it touched under it. */
export const storageKey = (ref: string) => ['storage', ref] as const
export const bucketsKey = (ref: string) => [...storageKey(ref), 'buckets'] as const
export const bucketKey = (ref: string, id: string) => [...bucketsKey(ref), id] as const
/** Every listing and search of a bucket. */
export const objectsKey = (ref: string, bucketId: string) => [...storageKey(ref), 'objects', bucketId] as const
