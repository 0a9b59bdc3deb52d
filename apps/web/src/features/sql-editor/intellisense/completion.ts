import type { PgFunction, TableColumnsListing } from '@basalt/contracts'
import { ident } from '@basalt/sql'
import { relationsOf, type CursorPlace } from './sql-context'
import { findRelation, reservedWords, resolveQualifier, schemasOf, sqlName, type SqlCatalog } from './sql-catalog'

/** How completion was asked for: a trigger character (spec 2 §9: space, dot, double quote) or by the user. */
export type CompletionTrigger = 'space' | 'dot' | 'quote' | 'invoke'

export type SuggestionKind = 'keyword' | 'schema' | 'table' | 'view' | 'column' | 'function'

export interface SqlSuggestion {
  label: string
  kind: SuggestionKind
  /** What replaces the typed text; a snippet (`$0` marks the cursor) when `snippet`. */
  insertText: string
  snippet: boolean
  /** What Monaco filters the typed text against (the opening quote included when one was typed). */
  filterText: string
  /** Short text beside the label: a column's type, a function's arguments. */
  detail: string
  /** Where it comes from: `public.todos`, `table · public`. */
  description: string
  documentation: string | null
  /** Monaco orders by this when the typed text matches equally well. */
  sortText: string
  /** After inserting: open the function's signature help, or the next completion (a schema and its dot). */
  then: 'parameter-hints' | 'suggest' | null
}

export interface Suggestions {
  /** The text the chosen suggestion replaces. */
  from: number
  to: number
  items: SqlSuggestion[]
}

// After these (and a space), names of columns and functions are what comes next. Not after ',' or '(':
// there the signature help of the function being called shows, and the list would cover it (typing a
// letter still suggests).
// prettier-ignore
const EXPRESSION_STARTS = new Set([
  'select', 'where', 'and', 'or', 'on', 'by', 'set', 'having', 'returning', 'when', 'then', 'else', 'not',
  '=', '<>', '<', '>', '<=', '>=', '+', '-', '*', '/', '||', 'distinct', 'function', 'procedure',
])

/** The suggestions at the cursor; null when there is nothing to suggest (in a string, a comment…). */
export function suggest(place: CursorPlace, catalog: SqlCatalog, trigger: CompletionTrigger): Suggestions | null {
  if (place.kind === 'none') return null
  if (trigger === 'quote' && !place.quoted) return null
  if (trigger === 'dot' && place.qualifier.length === 0) return null
  if (trigger === 'space' && !place.relationPosition && !EXPRESSION_STARTS.has(place.previous ?? '')) return null

  const reserved = reservedWords(catalog.keywords)
  const name = (n: string) => (place.quoted ? ident(n) : sqlName(n, reserved))
  const filter = (label: string) => (place.quoted ? `"${label}` : label)
  const items: SqlSuggestion[] = []
  const add = (
    item: Omit<SqlSuggestion, 'filterText' | 'snippet' | 'documentation' | 'then'> & Partial<SqlSuggestion>,
  ) => items.push({ filterText: filter(item.label), snippet: false, documentation: null, then: null, ...item })

  const relations = relationsOf(place.statement)
  const inSearchPath = (schema: string) => catalog.searchPath.includes(schema)

  const addColumns = (relation: TableColumnsListing, rank: string) => {
    for (const c of relation.columns)
      add({
        label: c.attname,
        kind: 'column',
        insertText: name(c.attname),
        detail: c.data_type,
        description: `${relation.schemaname}.${relation.tablename}`,
        sortText: `${rank}${String(c.attnum).padStart(4, '0')}`,
      })
  }
  const addRelation = (r: TableColumnsListing, qualify: boolean, rank: string) =>
    add({
      label: qualify ? `${r.schemaname}.${r.tablename}` : r.tablename,
      kind: r.is_table ? 'table' : 'view',
      insertText: qualify ? `${sqlName(r.schemaname, reserved)}.${name(r.tablename)}` : name(r.tablename),
      detail: r.type,
      description: r.schemaname,
      sortText: `${rank}${r.tablename}`,
    })
  const addFunctions = (
    functions: PgFunction[],
    qualifyOutsideSearchPath: boolean,
    rankOf: (f: PgFunction) => string,
  ) => {
    const counts = new Map<string, number>()
    for (const f of functions) counts.set(`${f.schema}.${f.name}`, (counts.get(`${f.schema}.${f.name}`) ?? 0) + 1)
    const seen = new Set<string>()
    for (const f of functions) {
      const key = `${f.schema}.${f.name}`
      if (seen.has(key)) continue
      seen.add(key)
      const overloads = counts.get(key) ?? 1
      const qualify = qualifyOutsideSearchPath && f.schema !== 'pg_catalog' && !inSearchPath(f.schema)
      const written = `${qualify ? `${sqlName(f.schema, reserved)}.` : ''}${name(f.name)}`
      const takesArguments = f.args.some((a) => a.mode !== 'out' && a.mode !== 'table') || overloads > 1
      add({
        label: qualify ? key : f.name,
        kind: 'function',
        insertText: f.type !== 'trigger' && takesArguments ? `${written}($0)` : `${written}()`,
        snippet: f.type !== 'trigger',
        detail: `(${f.argument_types})${overloads > 1 ? ` +${overloads - 1} overloads` : ''}`,
        description: f.result_type ?? '',
        documentation: f.description,
        sortText: `${rankOf(f)}${f.name}`,
        then: f.type !== 'trigger' && takesArguments ? 'parameter-hints' : null,
      })
    }
  }
  const addSchemas = (rank: string) => {
    for (const s of schemasOf(catalog))
      add({
        label: s,
        kind: 'schema',
        insertText: `${name(s)}.`,
        detail: 'schema',
        description: '',
        sortText: `${rank}${s}`,
        then: 'suggest',
      })
  }

  if (place.qualifier.length > 0) {
    // t.| or todos.| (a relation's columns), public.| (a schema's relations and functions).
    const relation = resolveQualifier(catalog, relations, place.qualifier)
    if (relation) addColumns(relation, '0')
    if (place.qualifier.length === 1) {
      const schema = place.qualifier[0]!
      for (const r of catalog.relations) if (r.schemaname === schema) addRelation(r, false, '1')
      const functions = catalog.functions.filter(
        (f) => f.schema === schema && (!place.relationPosition || f.returns_set),
      )
      if (!place.relationPosition || functions.length > 0) addFunctions(functions, false, () => '2')
    }
  } else if (place.relationPosition) {
    // FROM |: relations of the search path first, then the others by schema, then schemas and set-returning functions.
    for (const r of catalog.relations)
      addRelation(r, !inSearchPath(r.schemaname), inSearchPath(r.schemaname) ? '0' : '1')
    addSchemas('2')
    addFunctions(
      catalog.functions.filter((f) => f.returns_set),
      true,
      (f) => (inSearchPath(f.schema) ? '3' : '4'),
    )
  } else {
    // An expression: the columns of the statement's relations first.
    const seen = new Set<TableColumnsListing>()
    for (const ref of relations) {
      const relation = findRelation(catalog, ref.schema, ref.name)
      if (relation && !seen.has(relation)) {
        seen.add(relation)
        addColumns(relation, '0')
      }
    }
    // Trigger functions are only named by CREATE TRIGGER … EXECUTE FUNCTION.
    const triggers = place.previous === 'function' || place.previous === 'procedure'
    const callable = catalog.functions.filter((f) => (f.type === 'trigger') === triggers)
    addFunctions(callable, true, (f) => (inSearchPath(f.schema) ? '1' : f.schema === 'pg_catalog' ? '3' : '2'))
    for (const r of catalog.relations)
      addRelation(r, !inSearchPath(r.schemaname), inSearchPath(r.schemaname) ? '4' : '5')
    addSchemas('6')
  }

  if (!place.quoted && place.qualifier.length === 0) {
    // Key words in the case the user types them.
    const upper = place.prefix !== '' && place.prefix === place.prefix.toUpperCase()
    for (const k of catalog.keywords) {
      const word = upper ? k.word.toUpperCase() : k.word
      add({
        label: word,
        kind: 'keyword',
        insertText: word,
        detail: '',
        description: 'keyword',
        sortText: `7${k.word}`,
      })
    }
  }
  return { from: place.from, to: place.to, items }
}
