import { ok, type PgKeyword, type Result } from '@basalt/contracts'
import type pg from 'pg'
import { runSql } from './catalog.ts'

/** SQL key words of the project's Postgres (pg_get_keywords), for the SQL editor's autocomplete (spec 2 §3). */

const CATEGORIES = { U: 'unreserved', C: 'col_name', T: 'type_func_name', R: 'reserved' } as const

interface KeywordRow {
  word: string
  catcode: keyof typeof CATEGORIES
}

const KEYWORDS_SQL = `select word, catcode from pg_get_keywords() order by word`

/** Every key word of the server's version, with its category (reserved ones cannot name a column). */
export async function listKeywords(client: pg.ClientBase): Promise<Result<PgKeyword[]>> {
  const rows = await runSql<KeywordRow>(client, KEYWORDS_SQL)
  return rows.ok ? ok(rows.data.map((r) => ({ word: r.word, category: CATEGORIES[r.catcode] }))) : rows
}
