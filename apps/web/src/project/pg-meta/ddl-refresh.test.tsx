import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { act, renderHook, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { routes } from '../../app/router'
import { pgColumn, pgTable } from '../../test/pg-meta-fixtures'
import { mockFetch, renderRoutes, testProject, testQueryClient, testSession } from '../../test/helpers'
import { useCreateColumn } from './create-column'
import { useCreateTable } from './create-table'
import { useDeleteColumn } from './delete-column'
import { useDeleteTable } from './delete-table'
import { pgMetaKey } from './pg-meta-path'
import { useUpdateColumn } from './update-column'
import { useUpdateTable } from './update-table'

const base = '/api/platform/pg-meta/abc'

const wrapperOf =
  (queryClient: QueryClient) =>
  ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>

describe('a change to the database structure made in one area', () => {
  it("refreshes the table editor's grid of that table: its columns, rows and the entity list", async () => {
    let columns = pgTable().columns!
    const { calls } = mockFetch({
      'GET /api/auth/session': { body: testSession() },
      'GET /api/projects/abc': { body: testProject({ ref: 'abc' }) },
      [`GET ${base}/schemas`]: { body: [{ id: 1, name: 'public', owner: 'postgres', protected: false }] },
      [`GET ${base}/entities`]: {
        body: {
          entities: [{ id: 42, schema: 'public', name: 'todos', type: 'table', comment: null, rls_enabled: false }],
          page: 1,
          total: 1,
          hasMore: false,
        },
      },
      [`GET ${base}/tables`]: () => ({ body: pgTable({ columns }) }),
      [`GET ${base}/foreign-keys`]: { body: [] },
      [`POST ${base}/table-rows`]: { body: { rows: [], fields: [], primaryKey: ['id'] } },
      [`POST ${base}/table-count`]: { body: { count: 0, is_estimate: false } },
      // Another area (the database's tables page, the SQL editor's schema) adds a column.
      [`POST ${base}/columns`]: () => {
        const done = pgColumn('done', 'bool', { table_id: 42, ordinal_position: 4 })
        columns = [...columns, done]
        return { body: done }
      },
    })
    const { queryClient } = renderRoutes(routes, ['/project/abc/editor/42'])
    const grid = await screen.findByRole('grid', { name: 'Rows of public.todos' })
    // Columns out of jsdom's (zero) width are not rendered: the grid's column count says which it has.
    await waitFor(() => expect(grid).toHaveAttribute('aria-colcount'))
    const columnsBefore = Number(grid.getAttribute('aria-colcount'))
    const count = (path: string) => calls.filter((c) => c.path === `${base}/${path}`).length
    const before = { rows: count('table-rows'), entities: count('entities') }

    const otherArea = renderHook(() => useCreateColumn('abc'), { wrapper: wrapperOf(queryClient) })
    await act(() => otherArea.result.current.mutateAsync({ tableId: 42, name: 'done', type: 'bool' }))

    await waitFor(() => expect(grid).toHaveAttribute('aria-colcount', String(columnsBefore + 1)))
    await waitFor(() => expect(count('table-rows')).toBeGreaterThan(before.rows))
    expect(count('entities')).toBeGreaterThan(before.entities)
  })

  it("marks every area's view of the project's database stale, whichever DDL call made it", async () => {
    mockFetch({
      'POST /api/platform/pg-meta/abc/tables': { body: pgTable() },
      'PATCH /api/platform/pg-meta/abc/tables': { body: pgTable() },
      'DELETE /api/platform/pg-meta/abc/tables': { body: pgTable() },
      'POST /api/platform/pg-meta/abc/columns': { body: pgColumn('done', 'bool') },
      'PATCH /api/platform/pg-meta/abc/columns': { body: pgColumn('done', 'bool') },
      'DELETE /api/platform/pg-meta/abc/columns': { body: pgColumn('done', 'bool') },
    })
    const changes: Array<[string, (queryClient: QueryClient) => Promise<unknown>]> = [
      [
        'create table',
        (qc) => run(qc, () => useCreateTable('abc'), { schema: 'public', name: 't', rlsEnabled: true, columns: [] }),
      ],
      ['update table', (qc) => run(qc, () => useUpdateTable('abc'), { id: 42, payload: { name: 'u' } })],
      ['delete table', (qc) => run(qc, () => useDeleteTable('abc'), { id: 42, cascade: false })],
      ['create column', (qc) => run(qc, () => useCreateColumn('abc'), { tableId: 42, name: 'done', type: 'bool' })],
      ['update column', (qc) => run(qc, () => useUpdateColumn('abc'), { id: '42.4', payload: { name: 'finished' } })],
      ['delete column', (qc) => run(qc, () => useDeleteColumn('abc'), { id: '42.4', cascade: false })],
    ]
    for (const [name, change] of changes) {
      const queryClient = testQueryClient()
      // What several areas read: the catalog, a grid's rows, and another project's catalog.
      const views = [
        [...pgMetaKey('abc'), 'entities'],
        [...pgMetaKey('abc'), 'table-rows', { schema: 'public', table: 'todos' }],
        [...pgMetaKey('abc'), 'roles'],
      ]
      const elsewhere = [...pgMetaKey('xyz'), 'entities']
      for (const key of [...views, elsewhere]) queryClient.setQueryData(key, [])
      await change(queryClient)
      for (const key of views) expect(queryClient.getQueryState(key)?.isInvalidated, `${name}: ${key[2]}`).toBe(true)
      expect(queryClient.getQueryState(elsewhere)?.isInvalidated, `${name}: another project`).toBe(false)
    }
  })
})

async function run<T>(
  queryClient: QueryClient,
  hook: () => { mutateAsync: (variables: T) => Promise<unknown> },
  variables: T,
): Promise<void> {
  const { result, unmount } = renderHook(hook, { wrapper: wrapperOf(queryClient) })
  await act(() => result.current.mutateAsync(variables))
  unmount()
}
