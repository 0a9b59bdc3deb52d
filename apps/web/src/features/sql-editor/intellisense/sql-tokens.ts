import type * as Monaco from 'monaco-editor'

/**
 * The editor's text as tokens, from Monaco's own SQL tokenizer (the 'pgsql' Monarch grammar that colours the
 * editor): what intellisense reads to find the statement at the cursor and the relations it names. Monaco
 * keeps going through text that does not parse yet (an unclosed quote, half a statement), which is what the
 * editor holds while someone types.
 */

export type SqlTokenKind =
  | 'word' // an unquoted name: identifier, built-in function name
  | 'keyword'
  | 'quoted' // a double-quoted identifier, `"` included
  | 'string'
  | 'comment'
  | 'number'
  | 'operator'
  | 'punct' // one of ( ) , ; . [ ]
  | 'white'

export interface SqlToken {
  kind: SqlTokenKind
  /** Offsets in the text (UTF-16, as Monaco's model counts them); `end` is exclusive. */
  start: number
  end: number
  text: string
  /** For quoted identifiers, strings and block comments: whether the closing quote is there. */
  closed: boolean
}

/** Monaco's tokenizer for a whole text, one array per line (`monaco.editor.tokenize(text, 'pgsql')`). */
export type LineTokenizer = (text: string) => Monaco.Token[][]

// Monaco's grammar gives word operators (AND, OR, IN, LIKE…) the type of symbols; they read as key words here.
function kindOf(type: string, text: string): SqlTokenKind {
  const base = type.replace(/\.sql$/, '')
  if (base === 'keyword') return 'keyword'
  if (base === 'identifier' || base === 'predefined') return 'word'
  if (base === 'identifier.quote') return 'quoted'
  if (base.startsWith('string')) return 'string'
  if (base.startsWith('comment')) return 'comment'
  if (base === 'number') return 'number'
  if (base === 'white') return 'white'
  if (base === 'operator') return /^[a-z_]/i.test(text) ? 'keyword' : 'operator'
  if (base.startsWith('delimiter')) return 'punct'
  return /^\s+$/.test(text) ? 'white' : 'operator'
}

const LINE_BREAK = /\r\n|\r|\n/g

// Whether a string or comment has its end: a string its closing quote, a block comment its `*/`. A line
// comment never has one (the cursor at its end is still in it).
function isClosed(kind: 'string' | 'comment', body: string): boolean {
  if (kind === 'comment') return body.startsWith('/*') && body.length >= 4 && body.endsWith('*/')
  const quote = body.indexOf("'")
  return quote >= 0 && body.length - quote >= 2 && body.endsWith("'")
}

/** The tokens of a text, with quoted identifiers, strings and comments each as one token. */
export function tokenizeSql(text: string, tokenize: LineTokenizer): SqlToken[] {
  const lines: { start: number; end: number }[] = []
  let lineStart = 0
  for (const m of text.matchAll(LINE_BREAK)) {
    lines.push({ start: lineStart, end: m.index })
    lineStart = m.index + m[0].length
  }
  lines.push({ start: lineStart, end: text.length })

  const raw: { kind: SqlTokenKind; start: number; end: number }[] = []
  tokenize(text).forEach((line, index) => {
    const bounds = lines[index]
    if (!bounds) return
    line.forEach((token, i) => {
      const start = bounds.start + token.offset
      const next = line[i + 1]
      const end = next ? bounds.start + next.offset : bounds.end
      if (end > start) raw.push({ kind: kindOf(token.type, text.slice(start, end)), start, end })
    })
  })

  const tokens: SqlToken[] = []
  const push = (kind: SqlTokenKind, start: number, end: number, closed = true) =>
    tokens.push({ kind, start, end, text: text.slice(start, end), closed })
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i]!
    if (t.kind === 'quoted') {
      // Monaco joins an opening quote and a closing one right after it ("", as the editor auto-closes).
      if (t.end - t.start >= 2) {
        push('quoted', t.start, t.end)
        continue
      }
      // The opening quote, the name's pieces (doubled quotes included), and the closing quote if typed.
      let end = t.end
      let closed = false
      while (i + 1 < raw.length) {
        const next = raw[++i]!
        end = next.end
        if (next.kind === 'quoted') {
          closed = true
          break
        }
      }
      push('quoted', t.start, end, closed)
    } else if (t.kind === 'string' || t.kind === 'comment') {
      let end = t.end
      while (raw[i + 1]?.kind === t.kind && (raw[i + 1]!.start === end || !isClosed(t.kind, text.slice(t.start, end))))
        end = raw[++i]!.end
      push(t.kind, t.start, end, isClosed(t.kind, text.slice(t.start, end)))
    } else if (t.kind === 'punct') {
      // Monaco joins neighbours of one type ("((" or "),"): one token per character of punctuation.
      for (let o = t.start; o < t.end; o++) push('punct', o, o + 1)
    } else if (t.kind === 'operator') {
      // Square brackets have no rule in the grammar and join what follows them (`]::`): they are punctuation.
      let run = t.start
      for (let o = t.start; o <= t.end; o++) {
        if (o < t.end && text[o] !== '[' && text[o] !== ']') continue
        if (o > run) push('operator', run, o)
        if (o < t.end) push('punct', o, o + 1)
        run = o + 1
      }
    } else {
      push(t.kind, t.start, t.end)
    }
  }
  return tokens
}

/** The name a word or quoted identifier stands for: unquoted names fold to lower case, `""` is one `"`. */
export function nameOf(token: SqlToken): string {
  if (token.kind !== 'quoted') return token.text.toLowerCase()
  const inner = token.text.slice(1, token.closed ? -1 : undefined)
  return inner.replaceAll('""', '"')
}

export const isNameToken = (t: SqlToken | undefined): t is SqlToken =>
  t !== undefined && (t.kind === 'word' || t.kind === 'quoted' || t.kind === 'keyword')
