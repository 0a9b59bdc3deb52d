import { fail, ok, type Result } from '@basalt/contracts'
import { format } from 'sql-formatter'

/**
 * Prettify (POST …/query/format): the text formatted as PostgreSQL by sql-formatter; keywords keep the case
 * they were written in. A text sql-formatter cannot read (an unclosed quote…) is refused with its reason.
 *
 * @example
 *   formatSql('select a,b from t where x=1') // ok('select\n  a,\n  b\nfrom\n  t\nwhere\n  x = 1')
 */
export function formatSql(query: string): Result<string> {
  try {
    return ok(format(query, { language: 'postgresql' }))
  } catch (err) {
    return fail('bad_request', `Unable to format this query: ${err instanceof Error ? err.message : String(err)}`)
  }
}
