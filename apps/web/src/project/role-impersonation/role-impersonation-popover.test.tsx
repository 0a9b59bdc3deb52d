import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '../../test/helpers'
import { authUsersPage } from '../../test/pg-meta-fixtures'
import { PROJECT_MESSAGES } from '../messages'
import { RoleImpersonationPopover } from './role-impersonation-popover'
import { impersonationParam, impersonationStore } from './role-impersonation-store'

const USERS = [
  { id: '00000000-0000-4000-8000-00000000000a', email: 'a@example.com', phone: null },
  { id: '00000000-0000-4000-8000-00000000000b', email: 'b@example.com', phone: null },
]

describe('RoleImpersonationPopover', () => {
  beforeEach(() => impersonationStore.reset())

  it('sets the role every area of the project runs its queries as, until stopped', async () => {
    expect(PROJECT_MESSAGES.roleSettingsTitle).toBe('Database role settings')
    expect(PROJECT_MESSAGES.stopImpersonating).toBe('Stop Impersonating')
    const { calls } = mockFetch({
      'GET /api/platform/auth/abc/users': ({ url }) => ({
        body: authUsersPage(USERS.filter((u) => u.email.includes(url.searchParams.get('keywords') ?? ''))),
      }),
    })
    const user = userEvent.setup()
    // Outside any grid: the SQL editor and storage place the same button in their own toolbars.
    renderWithProviders(<RoleImpersonationPopover projectRef="abc" />)

    await user.click(screen.getByRole('button', { name: 'Role service_role' }))
    const panel = await screen.findByRole('dialog', { name: PROJECT_MESSAGES.roleSettingsTitle })
    await user.click(within(panel).getByRole('radio', { name: 'anon' }))
    expect(screen.getByRole('button', { name: 'Role anon' })).toBeInTheDocument()
    expect(impersonationParam(impersonationStore.get('abc').role)).toEqual({ role: 'anon' })

    // Authenticated waits for a user: the role stays as it was until one is picked.
    await user.click(within(panel).getByRole('radio', { name: 'authenticated' }))
    expect(impersonationParam(impersonationStore.get('abc').role)).toEqual({ role: 'anon' })
    await user.type(within(panel).getByRole('searchbox', { name: 'Search users' }), 'b@')
    const list = within(panel).getByRole('list', { name: 'Users' })
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1))
    await user.click(within(list).getByRole('button', { name: 'b@example.com' }))
    expect(screen.getByRole('button', { name: 'Role authenticated (b@example.com)' })).toBeInTheDocument()
    expect(impersonationParam(impersonationStore.get('abc').role)).toEqual({
      role: 'authenticated',
      userId: USERS[1]!.id,
    })
    expect(calls.at(-1)!.path).toBe('/api/platform/auth/abc/users')
    // Another project keeps its own role.
    expect(impersonationStore.get('xyz').role).toBeNull()

    await user.click(within(panel).getByRole('button', { name: PROJECT_MESSAGES.stopImpersonating }))
    expect(screen.getByRole('button', { name: 'Role service_role' })).toBeInTheDocument()
    expect(impersonationStore.get('abc').role).toBeNull()
  })

  it('shows each user by the display name of their metadata, with the email below', async () => {
    mockFetch({
      'GET /api/platform/auth/abc/users': {
        body: authUsersPage([
          { id: USERS[0]!.id, email: 'a@example.com', phone: null, user_metadata: { full_name: 'Ada Lovelace' } },
          { id: USERS[1]!.id, email: 'b@example.com', phone: null, user_metadata: {} },
        ]),
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<RoleImpersonationPopover projectRef="abc" />)
    await user.click(screen.getByRole('button', { name: 'Role service_role' }))
    await user.click(await screen.findByRole('radio', { name: 'authenticated' }))
    const list = await screen.findByRole('list', { name: 'Users' })
    expect(within(list).getByRole('button', { name: 'Ada Lovelace a@example.com' })).toBeInTheDocument()
    expect(within(list).getByRole('button', { name: 'b@example.com' })).toBeInTheDocument()
  })

  it("says so when the project's users cannot be read", async () => {
    mockFetch({ 'GET /api/platform/auth/abc/users': { status: 500, body: { code: 'internal', message: 'boom' } } })
    const user = userEvent.setup()
    renderWithProviders(<RoleImpersonationPopover projectRef="abc" />)
    await user.click(screen.getByRole('button', { name: 'Role service_role' }))
    await user.click(await screen.findByRole('radio', { name: 'authenticated' }))
    expect(await screen.findByText(PROJECT_MESSAGES.usersError)).toBeInTheDocument()
    expect(screen.getByText('boom')).toBeInTheDocument()
  })
})
