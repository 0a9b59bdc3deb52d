// The browser build (its own small Buffer stand-in): the same code writes CSV in the web app and in Node.
import { stringify, type Options } from 'csv-stringify/browser/esm/sync'

/**
 * CSV as Postgres writes it (`COPY … TO STDOUT WITH (FORMAT csv, HEADER)`, which `psql \copy` saves): LF line
 * ends, a field quoted only when it holds a comma, a double quote, CR or LF (quotes doubled), NULL as an
 * unquoted empty field and an empty text as `""`, so that the file reads back into the same values with
 * `COPY FROM` — arrays included, as `{a,b}`. One dialect for whatever Basalt writes as CSV outside of COPY.
 */
export const POSTGRES_CSV_OPTIONS = {
  record_delimiter: 'unix',
  cast: {
    // An empty text is quoted, unlike NULL (null and undefined are written as nothing).
    string: (value: string) => (value === '' ? { value, quoted_empty: true } : value),
    boolean: (value: boolean) => (value ? 't' : 'f'),
    bigint: (value: bigint) => String(value),
    number: (value: number) => String(value),
    object: (value: object) => JSON.stringify(value),
  },
} as const satisfies Options

/**
 * A header line and rows as Postgres' CSV: cells that are Postgres' text output (as a SQL run keeps them) come
 * out as `psql \copy` writes them, byte for byte; booleans as t/f, numbers as their text, other objects as
 * JSON, null and undefined as nothing.
 *
 * @example
 * toPostgresCsv(['b', 'tags', 'note'], [[true, '{a,b}', 'x, "y"'], [false, null, '']])
 * // 'b,tags,note\nt,"{a,b}","x, ""y"""\nf,,""\n'
 */
export function toPostgresCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  // A lone `\.` would read back as COPY's end-of-data marker, so COPY quotes it when it is the whole line.
  const loneEndMarker = header.length === 1 ? { quoted_match: /^\\\.$/ } : {}
  return stringify([header, ...rows] as unknown[][], { ...POSTGRES_CSV_OPTIONS, ...loneEndMarker })
}
