import type { SqlRunResult } from '@basalt/contracts'
import { SQL_TEMPLATES } from '@basalt/sql/templates'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProjectApp } from '../../test/platform-app.ts'

// The SQL editor's templates and quickstarts (issue 12) must run as written on a fresh project, as the member
// who opens one runs it: each through the editor's own run call, one after the other on the same project.
describe('SQL editor templates and quickstarts', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>

  beforeAll(async () => {
    p = await createProjectApp('Templates')
    await p.database.query(
      `insert into auth.users (id, email) values ('cccccccc-0000-4000-8000-000000000003', 'cy@example.com')`,
    )
  })
  afterAll(async () => {
    await p?.close()
  })

  it('has at least 8 scripts, each with its own id and title', () => {
    expect(SQL_TEMPLATES.length).toBeGreaterThanOrEqual(8)
    expect(new Set(SQL_TEMPLATES.map((t) => t.id)).size).toBe(SQL_TEMPLATES.length)
    expect(new Set(SQL_TEMPLATES.map((t) => t.title)).size).toBe(SQL_TEMPLATES.length)
  })

  for (const template of SQL_TEMPLATES) {
    it(`runs '${template.title}' without an error`, async () => {
      const res = await p.owner.post(`/api/platform/pg-meta/${p.ref}/query`, { query: template.sql })
      expect(res.statusCode, res.body.slice(0, 500)).toBe(200)
      const run = res.json() as SqlRunResult
      expect(run.error?.formattedError ?? null).toBeNull()
      expect(run.status).toBe('success')
      expect(run.results.length).toBe(run.statementCount)
    })
  }
})
