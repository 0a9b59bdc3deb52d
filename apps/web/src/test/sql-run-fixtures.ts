import type { SqlResult, SqlRunResult } from '@basalt/contracts'

/** A SQL editor run's answer (POST …/query), for the tests of the editor's parts: a success by default. */
export function sqlRun(extra: Partial<SqlRunResult> = {}): SqlRunResult {
  return {
    runId: 'run-1',
    results: [],
    notices: [],
    status: 'success',
    error: null,
    rolledBack: false,
    statementCount: 1,
    durationMs: 1,
    ...extra,
  }
}

/** A result set of one text column (`body`), from a statement that is the whole text sent. */
export function sqlTextResult(sql: string, rows: unknown[][], extra: Partial<SqlResult> = {}): SqlResult {
  return {
    statement: { index: 0, sql, start: 0, end: sql.length, line: 1 },
    columns: [{ name: 'body', type: 'text', typeId: 25 }],
    rows,
    command: 'SELECT',
    rowCount: rows.length,
    capped: null,
    durationMs: 1,
    ...extra,
  }
}
