import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { QueryClient } from '@tanstack/react-query'
import { vi } from 'vitest'
import type { ProjectDetail, Session } from '@basalt/contracts'
import { permissionsOf } from '@basalt/contracts'
import { AppProviders } from '../app/providers'

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

type Handler = (request: { body: unknown; url: URL }) => { status?: number; body?: unknown }

/**
 * Stubs `fetch` with answers per `"METHOD /path"` (query string ignored). Unknown calls fail the
 * test loudly with a 500 so a missing stub is obvious.
 */
export function mockFetch(handlers: Record<string, Handler | { status?: number; body?: unknown }>) {
  const calls: Array<{ method: string; path: string; body: unknown; headers: Record<string, string> }> = []
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path: url.pathname, body, headers: (init?.headers ?? {}) as Record<string, string> })
    const handler = handlers[`${method} ${url.pathname}`]
    if (!handler) {
      return new Response(JSON.stringify({ code: 'internal', message: `No stub for ${method} ${url.pathname}` }), {
        status: 500,
      })
    }
    const answer = typeof handler === 'function' ? handler({ body, url }) : handler
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status ?? 200 })
  })
  vi.stubGlobal('fetch', fn)
  return { fn, calls }
}

export function renderRoutes(routes: RouteObject[], initialEntries: string[] = ['/']) {
  const router = createMemoryRouter(routes, { initialEntries })
  const queryClient = testQueryClient()
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...utils, router, queryClient }
}

/** Renders one element at `/` inside the providers and a router. */
export function renderWithProviders(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], [path])
}

export const testUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'owner@example.com',
  displayName: 'Owner',
  theme: 'light' as const,
  mfaEnabled: false,
  createdAt: '2025-01-01T00:00:00.000Z',
}

export function testSession(overrides: Partial<Session> = {}): Session {
  return { user: testUser, currentLevel: 'aal1', nextLevel: 'aal1', csrfToken: 'csrf-1', mode: 'hosted', ...overrides }
}

export function testProject(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    ref: 'default',
    name: 'Acme app',
    status: 'active',
    statusMessage: null,
    organizationSlug: 'acme',
    organizationName: 'Acme',
    kind: 'embedded',
    createdAt: '2025-01-01T00:00:00.000Z',
    role: 'owner',
    permissions: permissionsOf('owner'),
    features: { pgNet: false, pitr: false, services: { auth: true, storage: true, realtime: true } },
    ...overrides,
  }
}
