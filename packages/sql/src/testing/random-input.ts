// Seeded random SQL inputs for property tests (here and in the server's round trips through Postgres):
// a seeded PRNG makes every run, and every failure, reproducible.

/** mulberry32: small, fast, good enough to spread cases. */
export function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

// Characters that have meaning somewhere in SQL, in array text, in JSON or in our URL encoding.
export const TRICKY = [
  '"',
  "'",
  '\\',
  '$',
  '$$',
  '\n',
  '\r',
  '\t',
  ' ',
  ',',
  '{',
  '}',
  '[',
  ']',
  ':',
  '%',
  '%3A',
  '%25',
  ';',
].concat(['--', '/*', '*/', 'E', 'e', 'U&', 'NULL', 'null', '\u00a0', '\u2028', '\ufeff', 'é', '😀', '𝕏'])

export function generator(random: () => number) {
  const int = (max: number) => Math.floor(random() * max)
  const char = (): string => {
    const kind = int(10)
    if (kind < 4) return TRICKY[int(TRICKY.length)] ?? ''
    if (kind < 7) return String.fromCharCode(0x20 + int(0x5f))
    if (kind < 9) {
      const code = 0x80 + int(0xffff - 0x80)
      // Surrogate halves alone are not text; take a letter instead.
      return code >= 0xd800 && code <= 0xdfff ? 'ß' : String.fromCharCode(code)
    }
    return String.fromCodePoint(0x10000 + int(0x10ffff - 0x10000))
  }
  const text = (maxLength: number): string => {
    let result = ''
    const length = int(maxLength + 1)
    for (let i = 0; i < length; i += 1) result += char()
    return result
  }
  return { int, text }
}
