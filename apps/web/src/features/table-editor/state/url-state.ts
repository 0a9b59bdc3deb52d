import {
  formatFilterParam,
  formatSortParam,
  parseFilterParam,
  parseSortParam,
  type Filter,
  type Sort,
} from '@basalt/sql'

/**
 * The grid's URL query (spec 1 §2): `filter` (repeatable, 'column:abbrev:value'), `sort` (repeatable,
 * 'column:asc' | 'column:desc') and `view` (data, the default, or definition). The encodings are
 * `@basalt/sql`'s; these helpers only read and write the parameters.
 */
export type GridView = 'data' | 'definition'

export function readFilters(params: URLSearchParams): Filter[] {
  return params
    .getAll('filter')
    .map(parseFilterParam)
    .filter((f): f is Filter => f !== null)
}

/** Sorts from the URL; each column counts once (spec 1 §5), the first occurrence wins. */
export function readSorts(params: URLSearchParams): Sort[] {
  const seen = new Set<string>()
  const sorts: Sort[] = []
  for (const text of params.getAll('sort')) {
    const sort = parseSortParam(text)
    if (!sort || seen.has(sort.column)) continue
    seen.add(sort.column)
    sorts.push(sort)
  }
  return sorts
}

export function readView(params: URLSearchParams): GridView {
  return params.get('view') === 'definition' ? 'definition' : 'data'
}

/** A copy of the params with the filters replaced; other parameters are kept. */
export function withFilters(params: URLSearchParams, filters: readonly Filter[]): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete('filter')
  for (const filter of filters) next.append('filter', formatFilterParam(filter))
  return next
}

export function withSorts(params: URLSearchParams, sorts: readonly Sort[]): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete('sort')
  for (const sort of sorts) next.append('sort', formatSortParam(sort))
  return next
}

/** `view=definition`, or no parameter for the default data view. */
export function withView(params: URLSearchParams, view: GridView): URLSearchParams {
  const next = new URLSearchParams(params)
  if (view === 'definition') next.set('view', 'definition')
  else next.delete('view')
  return next
}

/** A stable text of the filters, so "the filters changed" can be told apart from a re-render. */
export const filtersKey = (filters: readonly Filter[]) => JSON.stringify(filters.map(formatFilterParam))

/** The URL of a table's page in the editor with one equality filter (spec 1 §2, the foreign-key button). */
export function foreignKeyHref(ref: string, targetTableId: number, targetColumn: string, value: string): string {
  const query = new URLSearchParams()
  query.append('filter', formatFilterParam({ column: targetColumn, operator: '=', value }))
  return `/project/${encodeURIComponent(ref)}/editor/${targetTableId}?${query.toString()}`
}
