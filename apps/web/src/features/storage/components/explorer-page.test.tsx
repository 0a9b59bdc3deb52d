import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet } from 'react-router'
import { permissionsOf, type StorageItem } from '@basalt/contracts'
import { mockFetch, renderRoutes, testProject } from '../../../test/helpers'
import { STORAGE_MESSAGES as M } from '../messages'
import { bucket } from './buckets-page.test'
import { ExplorerPage } from './explorer-page'

const item = (path: string, extra: Partial<StorageItem> = {}): StorageItem => {
  const folder = extra.kind === 'folder'
  return {
    name: path.split('/').at(-1)!,
    path,
    kind: 'file',
    id: folder ? null : `id-${path}`,
    size: folder ? null : 2048,
    mimetype: folder ? null : 'image/png',
    cacheControl: null,
    etag: null,
    created_at: folder ? null : '2026-01-01T00:00:00Z',
    updated_at: folder ? null : '2026-01-02T00:00:00Z',
    last_accessed_at: null,
    ...extra,
  }
}

const FOLDERS: Record<string, StorageItem[]> = {
  '': [item('docs', { kind: 'folder' }), item('a.png'), item('b.png'), item('c.png')],
  docs: [item('docs/readme.txt', { mimetype: 'text/plain', size: 10 })],
}

function stub(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/storage/abc/buckets/avatars': { body: bucket() },
    'GET /api/platform/projects/abc/config/storage': { body: { fileSizeLimit: 53687091200, isFreeTier: false } },
    'GET /api/storage/abc/buckets/avatars/objects': ({ url }) => ({
      body: { items: FOLDERS[url.searchParams.get('prefix') ?? ''] ?? [], nextCursor: null },
    }),
    ...extra,
  })
}

function renderExplorer(role: 'owner' | 'read_only' = 'owner') {
  const project = testProject({ ref: 'abc', role, permissions: permissionsOf(role) })
  return renderRoutes(
    [
      {
        path: '/project/:ref',
        element: <Outlet context={{ project, mode: 'hosted' }} />,
        children: [{ path: 'storage/buckets/:id', element: <ExplorerPage projectRef="abc" bucketId="avatars" /> }],
      },
    ],
    ['/project/abc/storage/buckets/avatars'],
  )
}

beforeEach(() => localStorage.clear())

describe('file explorer', { timeout: 20_000 }, () => {
  it('opens folders as columns and files in the preview pane', async () => {
    const { calls } = stub()
    const user = userEvent.setup()
    renderExplorer()
    const root = await screen.findByRole('region', { name: 'Folder avatars' })
    await user.click(await within(root).findByRole('button', { name: 'docs' }))
    const docs = await screen.findByRole('region', { name: 'Folder docs' })
    expect(await within(docs).findByRole('button', { name: 'readme.txt' })).toBeInTheDocument()
    const listCall = calls.find((c) => c.path.endsWith('/objects') && c.method === 'GET')
    expect(listCall).toBeDefined()

    await user.click(within(root).getByRole('button', { name: 'a.png' }))
    expect(screen.queryByRole('region', { name: 'Folder docs' })).not.toBeInTheDocument()
    const preview = screen.getByRole('complementary', { name: M.previewTitle })
    expect(within(preview).getByRole('img', { name: 'a.png' })).toHaveAttribute(
      'src',
      '/api/storage/abc/buckets/avatars/objects/download?path=a.png',
    )
  })

  it('shows the list view with its headers and total, and keeps the view for the project', async () => {
    stub()
    const user = userEvent.setup()
    const first = renderExplorer()
    await screen.findByRole('region', { name: 'Folder avatars' })
    await user.click(screen.getByRole('button', { name: 'View' }))
    await user.click(await screen.findByRole('menuitemradio', { name: 'As list' }))
    const table = await screen.findByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .filter(Boolean),
    ).toEqual(['Name', 'Size', 'Type', 'Created at', 'Last modified at', 'Actions'])
    expect(screen.getByText('6 KB for 4 items')).toBeInTheDocument()
    first.unmount()
    renderExplorer()
    expect(await screen.findByRole('table')).toBeInTheDocument()
  })

  it('selects by checkbox and shift range, with the selection header', async () => {
    stub()
    const user = userEvent.setup()
    renderExplorer()
    const root = await screen.findByRole('region', { name: 'Folder avatars' })
    await user.click(await within(root).findByRole('checkbox', { name: 'Select a.png' }))
    await user.keyboard('{Shift>}')
    await user.click(within(root).getByRole('checkbox', { name: 'Select c.png' }))
    await user.keyboard('{/Shift}')
    expect(screen.getByText('3 items selected')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Move' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument()
    expect(within(root).getByText('Select all 3 files')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear selection' }))
    expect(screen.queryByText(/items selected/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upload files' })).toBeInTheDocument()
  })

  it('names a new folder in place, refusing bad names with the spec texts', async () => {
    const { calls } = stub({
      'POST /api/storage/abc/buckets/avatars/objects/folder': ({ body }) => ({
        status: 201,
        body: item((body as { path: string }).path, { kind: 'folder' }),
      }),
    })
    const user = userEvent.setup()
    renderExplorer()
    await screen.findByRole('button', { name: 'docs' })
    await user.click(screen.getByRole('button', { name: 'Create folder' }))
    const input = await screen.findByRole('textbox', { name: 'Folder name' })
    expect(input).toHaveValue('Untitled folder')
    await user.clear(input)
    await user.type(input, 'a.b{Enter}')
    expect(await screen.findByText('Folder name contains invalid special characters')).toBeInTheDocument()
    await user.clear(input)
    await user.type(input, 'docs{Enter}')
    expect(
      await screen.findByText('The name docs already exists in the current directory. Please use a different name.'),
    ).toBeInTheDocument()
    await user.clear(input)
    await user.type(input, 'new folder{Enter}')
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ path: 'new folder' }))
    expect(screen.queryByRole('textbox', { name: 'Folder name' })).not.toBeInTheDocument()
  })

  it("says 'Failed to download' when the server refuses, before any download starts", async () => {
    const { calls } = stub({
      'HEAD /api/storage/abc/buckets/avatars/objects/download': { status: 404 },
      'HEAD /api/storage/abc/buckets/avatars/objects/zip': { status: 401 },
    })
    const user = userEvent.setup()
    renderExplorer()
    await screen.findByRole('button', { name: 'docs' })
    await user.click(screen.getByRole('button', { name: 'Actions for a.png' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Download' }))
    expect(await screen.findByText(M.downloadFailed('a.png'))).toBeInTheDocument()
    const head = calls.find((c) => c.method === 'HEAD')
    expect(head?.path).toBe('/api/storage/abc/buckets/avatars/objects/download')
    await user.click(screen.getByRole('button', { name: 'Actions for docs' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Download' }))
    expect(await screen.findByText(M.downloadFolderFailed('docs'))).toBeInTheDocument()
    expect(screen.queryByText(M.downloadStarted('docs.zip'))).not.toBeInTheDocument()
  })

  it('does not preview a file above 10,000,000 bytes, and says why', async () => {
    stub({
      'GET /api/storage/abc/buckets/avatars/objects': {
        body: {
          items: [
            item('huge.mp4', { size: 10_000_001, mimetype: 'video/mp4' }),
            item('fits.mp4', { size: 10_000_000, mimetype: 'video/mp4' }),
          ],
          nextCursor: null,
        },
      },
    })
    const user = userEvent.setup()
    renderExplorer()
    await user.click(await screen.findByRole('button', { name: 'huge.mp4' }))
    const preview = screen.getByRole('complementary', { name: M.previewTitle })
    expect(within(preview).getByText('File size is too large to preview in the explorer')).toBeInTheDocument()
    expect(preview.querySelector('video')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'fits.mp4' }))
    expect(within(preview).queryByText('File size is too large to preview in the explorer')).not.toBeInTheDocument()
    expect(preview.querySelector('video[aria-label="fits.mp4"]')).not.toBeNull()
  })

  it('says so in an empty folder', async () => {
    stub({ 'GET /api/storage/abc/buckets/avatars/objects': { body: { items: [], nextCursor: null } } })
    renderExplorer()
    expect(await screen.findByText('Drop your files here')).toBeInTheDocument()
    expect(screen.getByText('Or upload them via the "Upload file" button above')).toBeInTheDocument()
  })

  it('gives a Read-only member the explorer and downloads, not the writes', async () => {
    stub()
    const user = userEvent.setup()
    renderExplorer('read_only')
    await screen.findByRole('button', { name: 'docs' })
    expect(screen.getByRole('button', { name: 'Upload files' })).toBeDisabled()
    expect(screen.getByLabelText('You need additional permissions to upload files')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create folder' })).toBeDisabled()
    expect(screen.getByLabelText('You need additional permissions to create folders')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Actions for a.png' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).queryByRole('menuitem', { name: 'Rename' })).not.toBeInTheDocument()
    expect(within(menu).queryByRole('menuitem', { name: 'Move' })).not.toBeInTheDocument()
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument()
    expect(within(menu).getByRole('menuitem', { name: 'Download' })).toBeInTheDocument()
    expect(within(menu).getByRole('menuitem', { name: 'Expire in 1 week' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'a.png' }))
    expect(screen.getByLabelText('You need additional permissions to delete this file')).toBeInTheDocument()
  })
})
