import { describe, expect, it } from 'vitest'
import type { ContentItem } from '@basalt/contracts'
import { SNIPPET_MESSAGES } from '../snippet-messages'
import { filterSnippets, selectSnippet, snippetPreview, snippetSections } from './snippet-list'

const item = (name: string, extra: Partial<ContentItem> = {}): ContentItem => ({
  id: name,
  type: 'sql',
  name,
  description: null,
  visibility: 'user',
  owner_id: 'me',
  project_id: 'p',
  content: { sql: 'select 1', favorite: false },
  owner: null,
  updated_by: null,
  inserted_at: '',
  updated_at: '',
  ...extra,
})

describe('snippet list', () => {
  const list = [item('Daily report'), item('Monthly REPORT'), item('Users')]

  it('searches names trimmed and case-insensitive', () => {
    expect(filterSnippets(list, '  report ').map((s) => s.name)).toEqual(['Daily report', 'Monthly REPORT'])
    expect(filterSnippets(list, 'USERS').map((s) => s.name)).toEqual(['Users'])
    expect(filterSnippets(list, '   ')).toHaveLength(3)
    expect(filterSnippets(list, 'nothing')).toEqual([])
  })

  it('previews the first 43 characters of the SQL, or says the query is empty', () => {
    const long = 'select id, name, email, created_at from public.users where id > 10'
    expect(snippetPreview(long)).toBe(`${long.slice(0, 43)}…`)
    expect(snippetPreview('select 1')).toBe('select 1')
    expect(snippetPreview('  \n ')).toBe(SNIPPET_MESSAGES.emptyQuery)
    expect(snippetPreview(undefined)).toBe('This query is empty')
  })

  it('puts favourites first, then shared, then the member’s own', () => {
    const sections = snippetSections([
      item('a', { visibility: 'project' }),
      item('b', { content: { sql: '', favorite: true } }),
      item('c'),
    ])
    expect([sections.favorites, sections.shared, sections.own].map((s) => s.map((x) => x.name))).toEqual([
      ['b'],
      ['a'],
      ['c'],
    ])
  })

  it('selects a range with shift-click from the last plain click, in either direction', () => {
    const order = ['a', 'b', 'c', 'd', 'e']
    let s = selectSnippet({ ids: new Set(), anchor: null }, order, 'b', false)
    expect([...s.ids]).toEqual(['b'])
    s = selectSnippet(s, order, 'd', true)
    expect([...s.ids].sort()).toEqual(['b', 'c', 'd'])
    s = selectSnippet(s, order, 'a', true)
    expect([...s.ids].sort()).toEqual(['a', 'b', 'c', 'd'])
    // A plain click toggles one and moves the anchor.
    s = selectSnippet(s, order, 'c', false)
    expect([...s.ids].sort()).toEqual(['a', 'b', 'd'])
    s = selectSnippet(s, order, 'e', true)
    expect([...s.ids].sort()).toEqual(['a', 'b', 'c', 'd', 'e'])
    // Shift without an anchor is a plain click.
    expect([...selectSnippet({ ids: new Set(), anchor: null }, order, 'c', true).ids]).toEqual(['c'])
  })
})
