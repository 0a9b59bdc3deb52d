import { AI_DISABLED_MESSAGE, AI_NOT_CONFIGURED_MESSAGE } from '@basalt/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai.ts'
import { Agent, createProjectApp } from '../../test/platform-app.ts'
import { policyExpressionOf } from '../ai/sql-assistant.ts'

/** 'Try Assistant' in the policy editor (issue 14): POST /api/ai/sql/policy against a fake OpenAI server. */
let fake: FakeOpenAI
let p: Awaited<ReturnType<typeof createProjectApp>>

beforeAll(async () => {
  fake = await startFakeOpenAI()
  p = await createProjectApp('ai-policy', {
    config: {
      ai: { baseUrl: fake.url, apiKey: 'sk-test', model: 'fake-coder', timeoutMs: 1500, structuredOutput: 'auto' },
    },
  })
  await p.database.query(`create table public.todos (id bigint primary key, user_id uuid not null, title text)`)
}, 60_000)

afterAll(async () => {
  await p?.close()
  await fake?.close()
})

beforeEach(() => {
  fake.requests.length = 0
})

const body = (extra: object = {}) => ({
  projectRef: p.ref,
  prompt: 'users see their own todos',
  schema: 'public',
  table: 'todos',
  command: 'SELECT',
  ...extra,
})

describe('POST /api/ai/sql/policy', () => {
  it('drafts the expression for the table and operation, from its schema, and records the call', async () => {
    fake.answer = { json: { sql: 'using ((select auth.uid()) = user_id);', title: 'Own todos' } }
    const res = await p.owner.post('/api/ai/sql/policy', body())
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ expression: '(select auth.uid()) = user_id' })
    const sent = fake.sentText()
    expect(sent).toContain('users see their own todos')
    expect(sent).toContain('row-level security policy for SELECT on "public"."todos"')
    expect(sent).toContain('create table "public"."todos"')

    const { rows } = await p.t.db.query(
      "select actor_email, details from basalt.audit_log where action = 'ai.sql.policy' order by id desc limit 1",
    )
    expect(rows[0]).toMatchObject({ actor_email: 'owner@example.com', details: { route: '/api/ai/sql/policy' } })
  })

  it('needs the policies permission: Read-only 403, another organisation 404, signed out 401', async () => {
    const readOnly = await p.join('ro@example.com', 'read_only')
    const outsider = await p.outsider()
    const anonymous = new Agent(p.t.app)
    await anonymous.get('/api/auth/state')
    expect((await readOnly.post('/api/ai/sql/policy', body())).statusCode).toBe(403)
    expect((await outsider.post('/api/ai/sql/policy', body())).statusCode).toBe(404)
    expect((await anonymous.post('/api/ai/sql/policy', body())).statusCode).toBe(401)
    expect(fake.requests).toHaveLength(0)
  })

  it('refuses bad input and an organisation that turned AI off, without calling the provider', async () => {
    expect((await p.owner.post('/api/ai/sql/policy', body({ command: 'TRUNCATE' }))).statusCode).toBe(400)
    expect((await p.owner.post('/api/ai/sql/policy', body({ prompt: '  ' }))).statusCode).toBe(400)
    await p.owner.patch(`/api/organizations/${p.slug}/ai-settings`, { aiEnabled: false })
    try {
      const off = await p.owner.post('/api/ai/sql/policy', body())
      expect(off.statusCode).toBe(403)
      expect(off.json().message).toBe(AI_DISABLED_MESSAGE)
    } finally {
      await p.owner.patch(`/api/organizations/${p.slug}/ai-settings`, { aiEnabled: true })
    }
    expect(fake.requests).toHaveLength(0)
  })

  it('answers 503 on a server without a provider', async () => {
    const bare = await createProjectApp('ai-policy-bare')
    try {
      const res = await bare.owner.post('/api/ai/sql/policy', { ...body(), projectRef: bare.ref })
      expect(res.statusCode).toBe(503)
      expect(res.json().message).toBe(AI_NOT_CONFIGURED_MESSAGE)
    } finally {
      await bare.close()
    }
  })
})

describe('policyExpressionOf', () => {
  it('keeps the expression alone', () => {
    expect(policyExpressionOf('```sql\nWITH CHECK (auth.uid() = user_id);\n```')).toBe('auth.uid() = user_id')
    expect(policyExpressionOf('true;')).toBe('true')
    expect(policyExpressionOf('(a = 1) and (b = 2)')).toBe('(a = 1) and (b = 2)')
  })
})
