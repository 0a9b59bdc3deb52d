import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet } from 'react-router'
import { permissionsOf, type Bucket } from '@basalt/contracts'
import { mockFetch, renderRoutes, testProject } from '../../../test/helpers'
import { STORAGE_MESSAGES as M } from '../messages'
import { BucketsPage } from './buckets-page'

export const bucket = (extra: Partial<Bucket> = {}): Bucket => ({
  id: 'avatars',
  name: 'avatars',
  public: false,
  file_size_limit: null,
  allowed_mime_types: null,
  owner_id: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...extra,
})

function renderPage(role: 'owner' | 'read_only' = 'owner') {
  const project = testProject({ ref: 'abc', role, permissions: permissionsOf(role) })
  return renderRoutes(
    [
      {
        path: '/project/:ref',
        element: <Outlet context={{ project, mode: 'hosted' }} />,
        children: [
          { path: 'storage/buckets', element: <BucketsPage projectRef="abc" /> },
          { path: 'storage/buckets/:id', element: <p>explorer</p> },
        ],
      },
    ],
    ['/project/abc/storage/buckets'],
  )
}

describe('buckets page', { timeout: 20_000 }, () => {
  it('lists buckets with their access, limit and types', async () => {
    mockFetch({
      'GET /api/storage/abc/buckets': {
        body: [
          bucket(),
          bucket({ id: 'docs', name: 'docs', public: true, file_size_limit: 5242880, allowed_mime_types: ['image/*'] }),
        ],
      },
    })
    renderPage()
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row')
    expect(within(rows[1]!).getByRole('link', { name: 'avatars' })).toHaveAttribute(
      'href',
      '/project/abc/storage/buckets/avatars',
    )
    expect(within(rows[1]!).getByText('Private')).toBeInTheDocument()
    expect(within(rows[2]!).getByText('Public')).toBeInTheDocument()
    expect(within(rows[2]!).getByText('5 MB')).toBeInTheDocument()
    expect(within(rows[2]!).getByText('image/*')).toBeInTheDocument()
  })

  it('says so when there are none, or when they cannot be read', async () => {
    mockFetch({ 'GET /api/storage/abc/buckets': { body: [] } })
    const first = renderPage()
    expect(await screen.findByText('No buckets available')).toBeInTheDocument()
    first.unmount()
    mockFetch({ 'GET /api/storage/abc/buckets': { status: 500, body: { code: 'internal', message: 'boom' } } })
    renderPage()
    expect(await screen.findByText('Failed to fetch buckets')).toBeInTheDocument()
    expect(screen.getByText('Please refresh to try again')).toBeInTheDocument()
  })

  it('creates a bucket with the spec rules, then opens it', async () => {
    const { calls } = mockFetch({
      'GET /api/storage/abc/buckets': { body: [] },
      'POST /api/storage/abc/buckets': ({ body }) => ({
        status: 201,
        body: bucket({ id: (body as { id: string }).id, name: (body as { id: string }).id }),
      }),
    })
    const user = userEvent.setup()
    const { router } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'New bucket' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create bucket' })
    const name = within(dialog).getByLabelText('Name of bucket')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(within(dialog).getByText(M.nameRequired)).toBeInTheDocument()
    await user.type(name, 'public')
    expect(within(dialog).getByText('"public" is a reserved name. Please choose another name')).toBeInTheDocument()
    await user.clear(name)
    await user.type(name, 'photos ')
    expect(within(dialog).getByText('The name of the bucket cannot end with a whitespace')).toBeInTheDocument()
    await user.clear(name)
    await user.type(name, 'Photos')
    expect(within(dialog).getByText(/lowercase letters, numbers, dots and hyphens/)).toBeInTheDocument()
    await user.clear(name)
    await user.type(name, 'photos')

    await user.click(within(dialog).getByRole('switch', { name: 'Public bucket' }))
    expect(within(dialog).getByText(M.makePublicWarning)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('switch', { name: 'Restrict file upload size for bucket' }))
    const size = within(dialog).getByLabelText('File size limit')
    await user.clear(size)
    await user.type(size, 'a2')
    expect(size).toHaveValue('2')
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'KB')
    await user.type(within(dialog).getByLabelText('Allowed MIME types'), 'image/*, application/pdf')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/project/abc/storage/buckets/photos'))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      id: 'photos',
      public: true,
      file_size_limit: 2048,
      allowed_mime_types: ['image/*', 'application/pdf'],
    })
    expect(await screen.findByText('Successfully created bucket photos')).toBeInTheDocument()
  })

  it('deletes a bucket only once its name is typed', async () => {
    let polled = 0
    const { calls } = mockFetch({
      'GET /api/storage/abc/buckets': { body: [bucket()] },
      'DELETE /api/storage/abc/buckets/avatars': {
        status: 202,
        body: {
          id: 'j1',
          kind: 'delete',
          bucketId: 'avatars',
          state: 'running',
          deleted: 0,
          total: 3,
          error: null,
          createdAt: '',
          updatedAt: '',
        },
      },
      'GET /api/storage/abc/jobs/j1': () => {
        polled += 1
        return {
          body: {
            id: 'j1',
            kind: 'delete',
            bucketId: 'avatars',
            state: 'done',
            deleted: 3,
            total: 3,
            error: null,
            createdAt: '',
            updatedAt: '',
          },
        }
      },
      'GET /api/platform/pg-meta/abc/policies': {
        body: [
          {
            id: 1,
            schema: 'storage',
            table: 'objects',
            table_id: 5,
            name: 'read avatars',
            action: 'PERMISSIVE',
            roles: ['anon'],
            command: 'SELECT',
            definition: "(bucket_id = 'avatars'::text)",
            check: null,
          },
          {
            id: 2,
            schema: 'storage',
            table: 'objects',
            table_id: 5,
            name: 'read docs',
            action: 'PERMISSIVE',
            roles: ['anon'],
            command: 'SELECT',
            definition: "(bucket_id = 'docs'::text)",
            check: null,
          },
        ],
      },
      'DELETE /api/platform/pg-meta/abc/policies': {
        body: {
          id: 1,
          schema: 'storage',
          table: 'objects',
          table_id: 5,
          name: 'read avatars',
          action: 'PERMISSIVE',
          roles: ['anon'],
          command: 'SELECT',
          definition: null,
          check: null,
        },
      },
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Actions for bucket avatars' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete bucket' }))
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deletion of avatars' })
    const input = within(dialog).getByPlaceholderText('Type in name of bucket')
    await user.type(input, 'avatar')
    await user.click(within(dialog).getByRole('button', { name: 'Delete bucket' }))
    expect(within(dialog).getByText('Value entered does not match.')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    await user.type(input, 's')
    await user.click(within(dialog).getByRole('button', { name: 'Delete bucket' }))
    expect(await screen.findByText('Successfully deleted bucket avatars', {}, { timeout: 3000 })).toBeInTheDocument()
    expect(polled).toBe(1)
    // Then its policies, and only its own (spec 3 §4).
    const deletions = calls.filter((c) => c.method === 'DELETE' && c.path.endsWith('/policies'))
    expect(deletions).toHaveLength(1)
  })

  it('disables creating and bucket actions for a Read-only member, saying why', async () => {
    mockFetch({ 'GET /api/storage/abc/buckets': { body: [bucket()] } })
    const user = userEvent.setup()
    renderPage('read_only')
    expect(await screen.findByRole('button', { name: 'New bucket' })).toBeDisabled()
    expect(screen.getByLabelText('You need additional permissions to create buckets')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Actions for bucket avatars' }))
    expect(await screen.findByRole('menuitem', { name: 'Delete bucket' })).toHaveAttribute('data-disabled')
    expect(screen.getByRole('menuitem', { name: 'Edit bucket' })).toHaveAttribute('data-disabled')
  })
})
