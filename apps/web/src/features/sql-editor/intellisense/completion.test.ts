import { describe, expect, it } from 'vitest'
import { suggest, type CompletionTrigger } from './completion'
import { cursorPlace, relationsOf, statementAt } from './sql-context'
import { tokenizeSql } from './sql-tokens'
import { sampleCatalog } from './testing/sample-catalog'
import { cursorIn, tokenizePgsql } from './testing/monaco-tokenizer'

function suggestAt(textWithCursor: string, trigger: CompletionTrigger = 'invoke') {
  const { text, offset } = cursorIn(textWithCursor)
  const tokens = tokenizeSql(text, tokenizePgsql)
  const result = suggest(cursorPlace(tokens, offset), sampleCatalog, trigger)
  return result && { ...result, replaced: text.slice(result.from, result.to) }
}
const labels = (r: ReturnType<typeof suggestAt>, kind?: string) =>
  (r?.items ?? []).filter((i) => kind === undefined || i.kind === kind).map((i) => i.label)
const item = (r: ReturnType<typeof suggestAt>, label: string) => r?.items.find((i) => i.label === label)
const byRank = (r: ReturnType<typeof suggestAt>) =>
  [...(r?.items ?? [])].sort((a, b) => a.sortText.localeCompare(b.sortText)).map((i) => i.label)

describe('completion at the cursor', () => {
  it('after `select * from `: relations of the search path first, then the others qualified, schemas, set-returning functions', () => {
    const r = suggestAt('select * from |', 'space')
    expect(byRank(r).slice(0, 4)).toEqual(['open_todos', 'Order Lines', 'todos', 'auth.users'])
    expect(item(r, 'Order Lines')?.insertText).toBe('"Order Lines"')
    expect(item(r, 'auth.users')?.insertText).toBe('auth.users')
    expect(item(r, 'open_todos')?.kind).toBe('view')
    expect(labels(r, 'schema')).toEqual(['auth', 'pg_catalog', 'public'])
    expect(labels(r, 'function')).toEqual(['generate_series'])
    expect(labels(r, 'column')).toEqual([])
  })

  it('after a comma of a FROM list, and after JOIN, names relations too', () => {
    expect(labels(suggestAt('select * from todos t, |', 'space'), 'table')).toContain('todos')
    expect(labels(suggestAt('select * from todos t join |', 'space'), 'table')).toContain('auth.users')
    // A comma of the select list starts an expression: functions before relations. A space after it opens
    // nothing (in a call, the signature help shows there).
    expect(byRank(suggestAt('select a, |'))[0]).toBe('add_todo')
    expect(suggestAt('select add_todo(1, |', 'space')).toBeNull()
  })

  it('after `alias.`: the columns of the table the alias names, quoted where SQL needs it', () => {
    const r = suggestAt('select t.| from public.todos as t where t.id = 1', 'dot')
    expect(labels(r)).toEqual(['id', 'title', 'Done At', 'user'])
    expect(item(r, 'Done At')).toMatchObject({ insertText: '"Done At"', detail: 'timestamp with time zone' })
    expect(item(r, 'user')?.insertText).toBe('"user"')
    expect(item(r, 'title')).toMatchObject({ insertText: 'title', description: 'public.todos' })
  })

  it('after `table.` and `schema.table.`: that table’s columns; after `schema.`: its relations and functions', () => {
    expect(labels(suggestAt('select todos.| from todos', 'dot'))).toEqual(['id', 'title', 'Done At', 'user'])
    expect(labels(suggestAt('select auth.users.| from auth.users', 'dot'))).toEqual(['id', 'email'])
    const r = suggestAt('select auth.|', 'dot')
    expect(labels(r)).toEqual(['users', 'uid'])
    expect(item(r, 'uid')?.insertText).toBe('uid()')
    expect(labels(suggestAt('select * from auth.|', 'dot'))).toEqual(['users'])
  })

  it('reads aliases of every relation of the statement, also those after the cursor and of joins', () => {
    const r = suggestAt('select u.|\n  from todos t\n  join auth.users u on u.id = t."user"', 'dot')
    expect(labels(r)).toEqual(['id', 'email'])
    const { text, offset } = cursorIn(
      'select 1; select * from todos t join "Order Lines" as ol on true where |; select 2',
    )
    const statement = statementAt(tokenizeSql(text, tokenizePgsql), offset)
    expect(relationsOf(statement)).toEqual([
      { schema: null, name: 'todos', alias: 't' },
      { schema: null, name: 'Order Lines', alias: 'ol' },
    ])
  })

  it('in an expression: the columns of the tables in FROM first, then functions, relations and key words', () => {
    const r = suggestAt('select | from todos', 'space')
    expect(byRank(r).slice(0, 4)).toEqual(['id', 'title', 'Done At', 'user'])
    expect(labels(r, 'function')).toEqual(expect.arrayContaining(['add_todo', 'now', 'auth.uid', 'round']))
    expect(labels(r, 'function')).not.toContain('touch')
    expect(item(r, 'add_todo')).toMatchObject({ insertText: 'add_todo($0)', snippet: true, then: 'parameter-hints' })
    expect(item(r, 'now')).toMatchObject({ insertText: 'now()', then: null })
    expect(item(r, 'round')?.detail).toMatch(/\+1 overloads$/)
    expect(labels(r, 'keyword')).toContain('where')
    const trigger = suggestAt('create trigger t before update on todos for each row execute function |', 'space')
    expect(labels(trigger, 'function')).toEqual(['touch'])
    expect(item(trigger, 'touch')?.insertText).toBe('touch()')
  })

  it('key words follow the case being typed, and replace the word at the cursor', () => {
    const upper = suggestAt('SEL|')
    expect(upper).toMatchObject({ from: 0, to: 3, replaced: 'SEL' })
    expect(labels(upper, 'keyword')).toContain('SELECT')
    expect(labels(suggestAt('sel|'), 'keyword')).toContain('select')
  })

  it('inside a double quote: names inserted quoted, replacing the quotes the editor closed', () => {
    const r = suggestAt('select * from "|"', 'quote')
    expect(r).toMatchObject({ replaced: '""' })
    expect(item(r, 'Order Lines')).toMatchObject({ insertText: '"Order Lines"', filterText: '"Order Lines' })
    expect(item(r, 'todos')?.insertText).toBe('"todos"')

    const typed = suggestAt('select * from "Ord|', 'invoke')
    expect(typed).toMatchObject({ replaced: '"Ord' })
    const columns = suggestAt('select t."|" from todos t', 'quote')
    expect(item(columns, 'Done At')?.insertText).toBe('"Done At"')
    expect(labels(columns, 'keyword')).toEqual([])
  })

  it('suggests nothing in strings, comments and numbers, nor on a space that starts no name', () => {
    expect(suggestAt("select 'from |'", 'space')).toBeNull()
    expect(suggestAt('select 1 -- from |', 'space')).toBeNull()
    expect(suggestAt('select /* t.| */ 1', 'dot')).toBeNull()
    expect(suggestAt('select 1.|', 'dot')).toBeNull()
    expect(suggestAt('select id |', 'space')).toBeNull()
    expect(suggestAt('select "a" |', 'quote')).toBeNull()
  })

  it('finds the statement at the cursor across lines, past a dollar-quoted body', () => {
    const r = suggestAt(
      'create function f() returns void language plpgsql as $$\nbegin\n  perform 1;\nend\n$$;\nselect * from |',
      'space',
    )
    expect(labels(r, 'table')).toContain('todos')
  })

  it('after INSERT INTO and UPDATE: relations; the column list of INSERT INTO reads the table', () => {
    expect(labels(suggestAt('insert into |', 'space'), 'table')).toContain('todos')
    expect(labels(suggestAt('update |', 'space'), 'table')).toContain('todos')
    const { text, offset } = cursorIn('insert into todos (|) values (1)')
    expect(relationsOf(statementAt(tokenizeSql(text, tokenizePgsql), offset))).toEqual([
      { schema: null, name: 'todos', alias: null },
    ])
    expect(labels(suggestAt('insert into todos (|) values (1)'), 'column')).toEqual(['id', 'title', 'Done At', 'user'])
  })
})
