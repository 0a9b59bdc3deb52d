import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SHARE_LINKS_LISTED_MAX, type Bucket, type ShareLink } from '@basalt/contracts'
import { mockFetch, renderWithProviders } from '../../../test/helpers'
import { SHARE_LINK_UI as M } from '../share-link-messages'
import { ShareLinksPanel, shareLinkBody } from './share-links'

const bucket: Bucket = {
  id: 'docs',
  name: 'docs',
  owner_id: null,
  public: false,
  file_size_limit: null,
  allowed_mime_types: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
}
const link = (over: Partial<ShareLink>): ShareLink => ({
  id: '00000000-0000-4000-8000-000000000001',
  bucketId: 'docs',
  path: 'a/report.txt',
  expiresAt: '2026-12-01T00:00:00Z',
  hasPassword: false,
  maxDownloads: null,
  downloads: 0,
  revokedAt: null,
  createdAt: '2026-11-01T00:00:00Z',
  createdBy: 'owner@example.com',
  state: 'active',
  ...over,
})
const LIST = 'GET /api/storage/abc/buckets/docs/share-links'

describe('share links', { timeout: 20_000 }, () => {
  it('reads the form as the server will: an expiry in range, a password long enough, a whole count', () => {
    expect(shareLinkBody('a.txt', { expiresIn: '2', unit: 'hours', password: '', maxDownloads: '' }).body).toEqual({
      path: 'a.txt',
      expiresIn: 7200,
      password: null,
      maxDownloads: null,
    })
    expect(
      shareLinkBody('a.txt', { expiresIn: '60', unit: 'weeks', password: 'abc', maxDownloads: '1.5' }).errors,
    ).toEqual({
      expiresIn: M.expiryRange,
      password: M.passwordLength,
      maxDownloads: M.maxDownloadsRange,
    })
  })

  it('lists every link with its downloads; only a member who may write storage can revoke an active one', async () => {
    const { calls } = mockFetch({
      [LIST]: {
        body: [
          link({}),
          link({
            id: '00000000-0000-4000-8000-000000000002',
            path: 'b.txt',
            maxDownloads: 1,
            downloads: 1,
            state: 'used_up',
            hasPassword: true,
          }),
        ],
      },
      'POST /api/storage/abc/share-links/00000000-0000-4000-8000-000000000001/revoke': {
        body: link({ state: 'revoked', revokedAt: '2026-11-02T00:00:00Z' }),
      },
    })
    const user = userEvent.setup()
    const readOnly = renderWithProviders(
      <ShareLinksPanel projectRef="abc" bucket={bucket} canWrite={false} open onOpenChange={() => {}} />,
    )
    expect(await screen.findByText('a/report.txt')).toBeInTheDocument()
    expect(screen.getByText('1 of 1')).toBeInTheDocument()
    expect(screen.getByText(M.states.used_up)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull()
    readOnly.unmount()

    renderWithProviders(<ShareLinksPanel projectRef="abc" bucket={bucket} canWrite open onOpenChange={() => {}} />)
    // The used-up link has nothing left to revoke.
    expect(await screen.findAllByRole('button', { name: /^Revoke the share link/ })).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: M.revokeFor('report.txt') }))
    await user.click(screen.getByRole('button', { name: M.revoke }))
    expect(await screen.findByText(M.revoked)).toBeInTheDocument()
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/revoke'))).toBe(true))
  })

  it('says when a link’s file was deleted, and when the list stops at its newest links', async () => {
    const many = Array.from({ length: SHARE_LINKS_LISTED_MAX }, (_, i) =>
      link({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        path: `f${i}.txt`,
        state: i === 0 ? 'file_deleted' : 'expired',
      }),
    )
    mockFetch({ [LIST]: { body: many } })
    renderWithProviders(<ShareLinksPanel projectRef="abc" bucket={bucket} canWrite open onOpenChange={() => {}} />)
    expect(await screen.findByText(M.listCapped(SHARE_LINKS_LISTED_MAX))).toBeInTheDocument()
    expect(screen.getByText(M.states.file_deleted)).toBeInTheDocument()
    // Neither a deleted file's link nor an expired one has anything left to revoke.
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull()
  })
})
