import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderRoutes, testSession } from '../../../test/helpers'
import { JoinPage } from './join-page'

const routes = [
  { path: '/join', element: <JoinPage /> },
  { path: '/projects', element: <p>projects page</p> },
]
const preview = { body: { organizationName: 'Acme Inc', role: 'developer', email: 'dev@example.com' } }

describe('JoinPage', () => {
  it('offers sign-up with the invited e-mail when signed out, and sends the token', async () => {
    const { calls } = mockFetch({
      'GET /api/invitations/tok1': preview,
      'GET /api/auth/session': { status: 401, body: { code: 'unauthenticated', message: 'Not signed in' } },
      'POST /api/auth/sign-up': { body: { mfaRequired: false } },
    })
    renderRoutes(routes, ['/join?token=tok1'])
    expect(await screen.findByText('You have been invited to join Acme Inc as Developer.')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue('dev@example.com')
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Sign up and join Acme Inc' }))
    expect(await screen.findByText('projects page')).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      email: 'dev@example.com',
      password: 'correct horse',
      inviteToken: 'tok1',
    })
  })

  it('offers a Join button when signed in', async () => {
    const { calls } = mockFetch({
      'GET /api/invitations/tok1': preview,
      'GET /api/auth/session': { body: testSession() },
      'POST /api/invitations/tok1/accept': { body: {} },
      'GET /api/organizations': { body: [] },
      'GET /api/projects': { body: [] },
    })
    renderRoutes(routes, ['/join?token=tok1'])
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join Acme Inc' }))
    expect(await screen.findByText('projects page')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/invitations/tok1/accept')).toBe(true)
  })
})
