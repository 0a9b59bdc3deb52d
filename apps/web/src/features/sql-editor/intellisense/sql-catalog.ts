import type { PgFunction, PgKeyword, TableColumnsListing } from '@basalt/contracts'
import { ident } from '@basalt/sql'
import type { RelationRef } from './sql-context'

/** What intellisense knows of the project's database: the catalog reads of project/pg-meta. */
export interface SqlCatalog {
  keywords: PgKeyword[]
  relations: TableColumnsListing[]
  functions: PgFunction[]
  /**
   * Schemas whose names are written without a schema (the search path), in order. Basalt's projects set
   * none of their own, so it is Postgres' default for them: `public` (`"$user"` names no schema here).
   */
  searchPath: string[]
}

export const DEFAULT_SEARCH_PATH = ['public']

/** An empty catalog: key words and names still complete from what the editor holds. */
export const EMPTY_CATALOG: SqlCatalog = { keywords: [], relations: [], functions: [], searchPath: DEFAULT_SEARCH_PATH }

const PLAIN_NAME = /^[a-z_][a-z0-9_$]*$/

/** The key words a name cannot be unquoted: reserved ones, and those that may only name types and functions. */
export function reservedWords(keywords: readonly PgKeyword[]): ReadonlySet<string> {
  return new Set(
    keywords.filter((k) => k.category === 'reserved' || k.category === 'type_func_name').map((k) => k.word),
  )
}

/**
 * A name as SQL must write it: as is when Postgres reads it back unchanged (lower case, not a reserved word),
 * else quoted (@basalt/sql `ident`).
 */
export function sqlName(name: string, reserved: ReadonlySet<string>): string {
  return PLAIN_NAME.test(name) && !reserved.has(name) ? name : ident(name)
}

/** The schemas of the catalog, by name. */
export function schemasOf(catalog: SqlCatalog): string[] {
  const names = new Set<string>()
  for (const r of catalog.relations) names.add(r.schemaname)
  for (const f of catalog.functions) names.add(f.schema)
  return [...names].sort()
}

/** The relation a reference names: in its schema, or else the first of the search path that has it. */
export function findRelation(
  catalog: SqlCatalog,
  schema: string | null,
  name: string,
): TableColumnsListing | undefined {
  const named = catalog.relations.filter((r) => r.tablename === name && (schema === null || r.schemaname === schema))
  if (schema !== null || named.length <= 1) return named[0]
  for (const s of catalog.searchPath) {
    const found = named.find((r) => r.schemaname === s)
    if (found) return found
  }
  return named[0]
}

/** The relation a qualifier (`t.` or `todos.`) stands for in a statement: an alias, or a relation's name. */
export function resolveQualifier(
  catalog: SqlCatalog,
  relations: RelationRef[],
  qualifier: string[],
): TableColumnsListing | undefined {
  if (qualifier.length >= 2) {
    const [schema, name] = qualifier.slice(-2) as [string, string]
    return findRelation(catalog, schema, name)
  }
  const [q] = qualifier
  if (q === undefined) return undefined
  const ref = relations.find((r) => r.alias === q) ?? relations.find((r) => r.alias === null && r.name === q)
  if (ref) return findRelation(catalog, ref.schema, ref.name)
  return findRelation(catalog, null, q)
}

/** Functions by name (`schema` null: those the search path or pg_catalog reach first, then any). */
export function findFunctions(catalog: SqlCatalog, schema: string | null, name: string): PgFunction[] {
  const named = catalog.functions.filter((f) => f.name === name && (schema === null || f.schema === schema))
  if (schema !== null) return named
  const order = ['pg_catalog', ...catalog.searchPath]
  const rank = (f: PgFunction) => {
    const i = order.indexOf(f.schema)
    return i < 0 ? order.length : i
  }
  return named.sort((a, b) => rank(a) - rank(b))
}
