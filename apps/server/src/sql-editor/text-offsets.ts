/*
 * Positions in the SQL editor's text. The editor (and JavaScript) counts UTF-16 code units; libpg-query
 * gives statement locations in UTF-8 bytes and its error cursor in characters (code points), and
 * PostgreSQL's error positions count characters too. Everything the API answers is in UTF-16 code units,
 * so that `text.slice(start, end)` and Monaco's `getPositionAt(offset)` see the same place.
 */

/**
 * The UTF-16 offsets of byte offsets of the text's UTF-8 encoding, in one pass over the text.
 *
 * @param byteOffsets ascending byte offsets; each must fall on a character boundary (or be the length)
 */
export function utf16OffsetsOfBytes(text: string, byteOffsets: readonly number[]): number[] {
  const out: number[] = []
  let bytes = 0
  let i = 0
  for (const target of byteOffsets) {
    while (bytes < target && i < text.length) {
      const code = text.codePointAt(i)!
      bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
      i += code > 0xffff ? 2 : 1
    }
    out.push(i)
  }
  return out
}

/** The UTF-16 offset of the character (code point) at `chars` from the start of the text. */
export function utf16OffsetOfChars(text: string, chars: number): number {
  let i = 0
  for (let n = 0; n < chars && i < text.length; n++) i += text.codePointAt(i)! > 0xffff ? 2 : 1
  return i
}

/** The 1-based line of a UTF-16 offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++
  return line
}
