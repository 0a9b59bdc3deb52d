import { isNameToken, nameOf, type SqlToken } from './sql-tokens'

/**
 * What intellisense needs to know of the text around the cursor: the statement it is in, the relations that
 * statement names (with their aliases), and what is being typed. Not a parser: it reads tokens, and a text
 * that does not parse yet (half typed) reads as well as it can.
 */

/** A relation named in FROM, JOIN, UPDATE, INTO or USING: `schema.name alias`. */
export interface RelationRef {
  schema: string | null
  name: string
  alias: string | null
}

const significant = (t: SqlToken) => t.kind !== 'white' && t.kind !== 'comment'

/** The tokens of the statement the offset is in (statements end at `;`). */
export function statementAt(tokens: SqlToken[], offset: number): SqlToken[] {
  let start = 0
  let end = tokens.length
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    if (t.kind !== 'punct' || t.text !== ';') continue
    if (t.end <= offset) start = i + 1
    else {
      end = i
      break
    }
  }
  return tokens.slice(start, end)
}

// Key words after which a relation is named.
const RELATION_KEYWORDS = new Set(['from', 'join', 'update', 'into', 'table', 'using'])
// Words that end a relation reference rather than alias it (`from todos where …`).
const NOT_AN_ALIAS = new Set([
  'where',
  'join',
  'inner',
  'left',
  'right',
  'full',
  'cross',
  'natural',
  'on',
  'using',
  'group',
  'order',
  'limit',
  'offset',
  'having',
  'window',
  'union',
  'intersect',
  'except',
  'returning',
  'set',
  'values',
  'select',
  'for',
  'fetch',
  'lateral',
  'into',
  'and',
  'or',
  'when',
  'then',
  'else',
  'end',
  'default',
  'do',
  'tablesample',
  'only',
  'overriding',
  'as',
  'partition',
  'with',
  'not',
  'is',
  'in',
  'by',
])

const keywordIs = (t: SqlToken | undefined, ...words: string[]) =>
  t !== undefined && (t.kind === 'keyword' || t.kind === 'word') && words.includes(t.text.toLowerCase())

/** A possibly qualified name starting at `i`: its parts and the index after it. */
function readName(tokens: SqlToken[], i: number): { parts: string[]; next: number } | null {
  const first = tokens[i]
  if (!isNameToken(first) || (first.kind !== 'quoted' && NOT_AN_ALIAS.has(first.text.toLowerCase()))) return null
  const parts = [nameOf(first)]
  let next = i + 1
  while (tokens[next]?.text === '.' && isNameToken(tokens[next + 1])) {
    parts.push(nameOf(tokens[next + 1]!))
    next += 2
  }
  return { parts, next }
}

/** The relations a statement names, in order, each with its alias. */
export function relationsOf(statement: SqlToken[]): RelationRef[] {
  const tokens = statement.filter(significant)
  const found: RelationRef[] = []
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    const keyword = t.text.toLowerCase()
    if (t.kind !== 'keyword' || !RELATION_KEYWORDS.has(keyword)) continue
    // In FROM and JOIN a name followed by ( is a function; after INTO it is the table's column list.
    const functions = keyword === 'from' || keyword === 'join'
    let j = i + 1
    // FROM a, b c, only d …: a list at this level.
    for (;;) {
      if (keywordIs(tokens[j], 'only', 'lateral')) j++
      const name = readName(tokens, j)
      if (!name) break
      j = name.next
      if (functions && tokens[j]?.text === '(') {
        // A function in FROM (generate_series(…) g): its columns are not in the catalog.
        j = skipParens(tokens, j)
        if (keywordIs(tokens[j], 'as')) j++
        if (readName(tokens, j)) j++
      } else {
        const [schema, table] = name.parts.length >= 2 ? name.parts.slice(-2) : [null, name.parts[0]]
        let alias: string | null = null
        if (keywordIs(tokens[j], 'as')) j++
        const aliasToken = tokens[j]
        if (
          isNameToken(aliasToken) &&
          (aliasToken.kind === 'quoted' || !NOT_AN_ALIAS.has(aliasToken.text.toLowerCase()))
        ) {
          alias = nameOf(aliasToken)
          j++
        }
        found.push({ schema: schema ?? null, name: table!, alias })
      }
      if (tokens[j]?.text !== ',') break
      j++
    }
  }
  return found
}

function skipParens(tokens: SqlToken[], open: number): number {
  let depth = 0
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i]!.text === '(') depth++
    else if (tokens[i]!.text === ')' && --depth === 0) return i + 1
  }
  return tokens.length
}

/** What the cursor is on, for completion. */
export type CursorPlace =
  /** In a string or a comment: nothing to suggest. */
  | { kind: 'none' }
  | {
      kind: 'name'
      /** Where the text the suggestion replaces starts and ends (the cursor's word, or an opening quote …). */
      from: number
      to: number
      /** What is typed of the name, unquoted. */
      prefix: string
      /** The user opened a double quote: the name goes in quotes whatever it is. */
      quoted: boolean
      /** `a.b.` before the name: the parts before the last dot. */
      qualifier: string[]
      /** A relation is named here (after FROM, JOIN, UPDATE, INTO, TABLE, USING, or a comma of a FROM list). */
      relationPosition: boolean
      /** The significant key word or punctuation before the name (lower case), for the space trigger. */
      previous: string | null
      statement: SqlToken[]
    }

/** The token the cursor is inside of (an unclosed one goes on at its end), if any. */
export function tokenAround(tokens: SqlToken[], offset: number): SqlToken | undefined {
  return tokens.find((t) => t.start < offset && (offset < t.end || (offset === t.end && !t.closed)))
}

/** In a string or a comment, where SQL's names and calls are not. */
export const inTextOrComment = (t: SqlToken | undefined) => t?.kind === 'string' || t?.kind === 'comment'

/** Where the cursor is and what surrounds it. */
export function cursorPlace(tokens: SqlToken[], offset: number): CursorPlace {
  const at = tokenAround(tokens, offset)
  if (inTextOrComment(at) || at?.kind === 'number') return { kind: 'none' }

  let from = offset
  let to = offset
  let prefix = ''
  let quoted = false
  let index = tokens.findIndex((t) => t.start >= offset)
  if (index < 0) index = tokens.length
  if (at?.kind === 'quoted') {
    quoted = true
    from = at.start
    to = at.closed ? at.end : offset
    prefix = nameOf({ ...at, text: at.text.slice(0, offset - at.start), closed: false })
    index = tokens.indexOf(at)
  } else {
    const before = tokens.find((t) => t.end === offset)
    if (before && (before.kind === 'word' || before.kind === 'keyword')) {
      from = before.start
      prefix = before.text
      index = tokens.indexOf(before)
    }
  }

  const statement = statementAt(tokens, offset)
  const earlier = tokens.slice(0, index).filter(significant)
  const qualifier: string[] = []
  let k = earlier.length - 1
  while (earlier[k]?.text === '.' && isNameToken(earlier[k - 1])) {
    qualifier.unshift(nameOf(earlier[k - 1]!))
    k -= 2
  }
  const previousToken = earlier[k]
  const previous = previousToken ? previousToken.text.toLowerCase() : null
  return {
    kind: 'name',
    from,
    to,
    prefix,
    quoted,
    qualifier,
    relationPosition:
      previous !== null && (RELATION_KEYWORDS.has(previous) || (previous === ',' && inFromList(earlier, k))),
    previous,
    statement,
  }
}

// Whether the comma at `comma` separates the items of a FROM list (FROM a, |): the nearest clause key word
// before it at the same parenthesis level is FROM.
function inFromList(tokens: SqlToken[], comma: number): boolean {
  let depth = 0
  for (let i = comma - 1; i >= 0; i--) {
    const t = tokens[i]!
    if (t.text === ')') depth++
    else if (t.text === '(') {
      if (depth === 0) return false
      depth--
    } else if (depth === 0 && t.kind === 'keyword') {
      const word = t.text.toLowerCase()
      if (word === 'from') return true
      if (['select', 'where', 'on', 'set', 'group', 'order', 'by', 'values', 'returning', 'having'].includes(word))
        return false
    } else if (t.text === ';') return false
  }
  return false
}
