import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderRoutes, testSession } from '../../../test/helpers'
import { AUTH_MESSAGES } from '../messages'
import { SignUpPage } from './sign-up-page'

const unauthenticated = { status: 401, body: { code: 'unauthenticated', message: 'Not signed in' } }

function renderSignUp() {
  return renderRoutes(
    [
      { path: '/sign-up', element: <SignUpPage /> },
      { path: '/projects', element: <p>projects page</p> },
    ],
    ['/sign-up'],
  )
}

describe('SignUpPage: the owner account', () => {
  it('asks for the setup code when Basalt printed one, and sends it', async () => {
    let signedUp = false
    const { calls } = mockFetch({
      'GET /api/auth/state': { body: { needsSetup: true, setupCodeRequired: true, mode: 'hosted' } },
      'GET /api/auth/session': () => (signedUp ? { body: testSession() } : unauthenticated),
      'POST /api/auth/sign-up': () => {
        signedUp = true
        return { status: 201, body: { mfaRequired: false } }
      },
    })
    renderSignUp()
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Email'), 'owner@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct horse battery')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText(AUTH_MESSAGES.setupCodeMissing)).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    expect(screen.getByText(AUTH_MESSAGES.setupCodeDescription)).toBeInTheDocument()
    await user.type(screen.getByLabelText(AUTH_MESSAGES.setupCodeLabel), 'ABCD-EFGH-JKLM-NPQR')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(screen.getByText('projects page')).toBeInTheDocument())
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'owner@example.com',
      password: 'correct horse battery',
      setupCode: 'ABCD-EFGH-JKLM-NPQR',
    })
  })

  it('asks for no code when Basalt listens on loopback only', async () => {
    mockFetch({
      'GET /api/auth/state': { body: { needsSetup: true, setupCodeRequired: false, mode: 'hosted' } },
      'GET /api/auth/session': unauthenticated,
    })
    renderSignUp()
    expect(await screen.findByLabelText('Email')).toBeInTheDocument()
    expect(screen.queryByLabelText(AUTH_MESSAGES.setupCodeLabel)).not.toBeInTheDocument()
  })
})
