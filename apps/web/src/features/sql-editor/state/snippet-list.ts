import type { ContentItem } from '@basalt/contracts'
import { SNIPPET_MESSAGES, SNIPPET_PREVIEW_LENGTH } from '../snippet-messages'

/** The snippets whose name holds the search: trimmed and case-insensitive (spec 2 §5). */
export function filterSnippets(snippets: readonly ContentItem[], search: string): ContentItem[] {
  const needle = search.trim().toLocaleLowerCase()
  if (!needle) return [...snippets]
  return snippets.filter((s) => s.name.toLocaleLowerCase().includes(needle))
}

export interface SnippetSections {
  favorites: ContentItem[]
  shared: ContentItem[]
  own: ContentItem[]
}

/** The list's sections, each in the server's order (by name): favourites first, then shared, then the member's own. */
export function snippetSections(snippets: readonly ContentItem[]): SnippetSections {
  const sections: SnippetSections = { favorites: [], shared: [], own: [] }
  for (const s of snippets) {
    if (s.content.favorite) sections.favorites.push(s)
    else if (s.visibility === 'project') sections.shared.push(s)
    else sections.own.push(s)
  }
  return sections
}

/** The tooltip preview of a snippet: the first 43 characters of its SQL (spec 2 §9), or 'This query is empty'. */
export function snippetPreview(sql: string | undefined): string {
  const text = (sql ?? '').trim()
  if (!text) return SNIPPET_MESSAGES.emptyQuery
  return text.length > SNIPPET_PREVIEW_LENGTH ? `${text.slice(0, SNIPPET_PREVIEW_LENGTH)}…` : text
}

/**
 * Bulk selection with ranges: a plain click toggles one snippet and becomes the anchor; a shift-click selects
 * every snippet from the anchor to it, in the order shown.
 */
export function selectSnippet(
  selection: { ids: ReadonlySet<string>; anchor: string | null },
  order: readonly string[],
  id: string,
  range: boolean,
): { ids: Set<string>; anchor: string | null } {
  const ids = new Set(selection.ids)
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor)
  const to = order.indexOf(id)
  if (range && from !== -1 && to !== -1) {
    const [start, end] = from < to ? [from, to] : [to, from]
    for (const each of order.slice(start, end + 1)) ids.add(each)
    return { ids, anchor: selection.anchor }
  }
  if (ids.has(id)) ids.delete(id)
  else ids.add(id)
  return { ids, anchor: id }
}
