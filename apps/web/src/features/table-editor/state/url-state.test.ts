import { describe, expect, it } from 'vitest'
import { foreignKeyHref, readFilters, readSorts, readView, withFilters, withSorts, withView } from './url-state'

describe('grid URL state', () => {
  it('writes filters as repeatable column:abbrev:value params and reads them back, colons in values included', () => {
    const filters = [
      { column: 'starts_at', operator: '>' as const, value: '2024-01-01 10:00:00+02' },
      { column: 'url', operator: '=' as const, value: 'https://example.com:8443/a:b' },
    ]
    const params = withFilters(new URLSearchParams('view=definition'), filters)
    expect(params.getAll('filter')).toEqual([
      'starts_at:gt:2024-01-01 10:00:00+02',
      'url:eq:https://example.com:8443/a:b',
    ])
    expect(params.get('view')).toBe('definition')
    // Through the serialized query string and back.
    expect(readFilters(new URLSearchParams(params.toString()))).toEqual(filters)
  })

  it('ignores filter params that are not filters', () => {
    expect(readFilters(new URLSearchParams('filter=nonsense&filter=a:zz:1&filter=a:eq:'))).toEqual([
      { column: 'a', operator: '=', value: '' },
    ])
  })

  it('writes sorts as column:asc / column:desc and uses each column once', () => {
    const params = withSorts(new URLSearchParams(), [
      { column: 'name', ascending: true },
      { column: 'created_at', ascending: false },
    ])
    expect(params.getAll('sort')).toEqual(['name:asc', 'created_at:desc'])
    params.append('sort', 'name:desc')
    expect(readSorts(params)).toEqual([
      { column: 'name', ascending: true },
      { column: 'created_at', ascending: false },
    ])
  })

  it('replacing filters or sorts keeps the other parameters', () => {
    const params = new URLSearchParams('filter=a:eq:1&sort=a:asc')
    expect(withFilters(params, []).toString()).toBe('sort=a%3Aasc')
    expect(withSorts(params, []).getAll('filter')).toEqual(['a:eq:1'])
  })

  it('has the data view by default and writes view=definition only for the definition', () => {
    expect(readView(new URLSearchParams())).toBe('data')
    expect(withView(new URLSearchParams(), 'definition').get('view')).toBe('definition')
    expect(withView(new URLSearchParams('view=definition'), 'data').has('view')).toBe(false)
  })

  it('links a foreign key to the target table filtered on the target column', () => {
    const href = foreignKeyHref('abc', 42, 'id', '2024-01-01 10:00:00')
    const url = new URL(href, 'http://x')
    expect(url.pathname).toBe('/project/abc/editor/42')
    expect(url.searchParams.getAll('filter')).toEqual(['id:eq:2024-01-01 10:00:00'])
  })
})
