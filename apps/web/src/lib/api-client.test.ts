import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { mockFetch } from '../test/helpers'
import { api, ApiError, CSRF_HEADER } from './api-client'

describe('api', () => {
  it('sends the CSRF cookie as a header on state-changing calls only', async () => {
    document.cookie = 'basalt_csrf=tok%20en; path=/'
    const { calls } = mockFetch({ 'POST /api/x': { body: { ok: true } }, 'GET /api/x': { body: { ok: true } } })
    await api('/api/x', { method: 'POST', body: { a: 1 } })
    await api('/api/x')
    expect(calls[0]!.headers[CSRF_HEADER]).toBe('tok en')
    expect(calls[0]!.body).toEqual({ a: 1 })
    expect(calls[1]!.headers[CSRF_HEADER]).toBeUndefined()
  })

  it('parses answers with the schema', async () => {
    mockFetch({ 'GET /api/n': { body: { n: 3 } } })
    await expect(api('/api/n', { schema: z.object({ n: z.number() }) })).resolves.toEqual({ n: 3 })
  })

  it('throws ApiError with the code, message and status of a failure', async () => {
    mockFetch({ 'GET /api/p': { status: 404, body: { code: 'not_found', message: 'Project not found' } } })
    const error = await api('/api/p').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'not_found', message: 'Project not found', status: 404 })
  })
})
