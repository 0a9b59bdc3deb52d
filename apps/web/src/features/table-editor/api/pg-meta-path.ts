/** `/api/platform/pg-meta/{ref}/{call}` with an optional query. */
export function pgMetaPath(ref: string, call: string, query?: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value))
  const search = params.toString()
  return `/api/platform/pg-meta/${encodeURIComponent(ref)}/${call}${search ? `?${search}` : ''}`
}

/** The root of every table-editor query key of a project. */
export const tableEditorKey = (ref: string) => ['table-editor', ref] as const
