/** `/api/platform/projects/{ref}/content` (snippets and reports), with an optional query. */
export function contentPath(ref: string, query?: Record<string, string>): string {
  const search = new URLSearchParams(query).toString()
  return `/api/platform/projects/${encodeURIComponent(ref)}/content${search ? `?${search}` : ''}`
}
