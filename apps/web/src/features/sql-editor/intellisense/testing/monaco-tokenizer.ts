import * as monaco from 'monaco-editor/editor/editor.api'
import { language } from 'monaco-editor/languages/definitions/pgsql/pgsql'
import type { LineTokenizer } from '../sql-tokens'

// The editor's own SQL grammar (Monaco's 'pgsql'), registered without the rest of the editor.
monaco.languages.register({ id: 'pgsql' })
monaco.languages.setMonarchTokensProvider('pgsql', language)

export const tokenizePgsql: LineTokenizer = (text) => monaco.editor.tokenize(text, 'pgsql')

/** A text with `|` where the cursor is: the text without it and the cursor's offset. */
export function cursorIn(textWithCursor: string): { text: string; offset: number } {
  const offset = textWithCursor.indexOf('|')
  if (offset < 0) throw new Error('no | in the text')
  return { text: textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1), offset }
}
