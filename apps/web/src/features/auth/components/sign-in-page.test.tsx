import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderRoutes, testSession } from '../../../test/helpers'
import { AUTH_MESSAGES } from '../messages'
import { TESTIMONIALS } from '../testimonials'
import { SignInPage } from './sign-in-page'

const unauthenticated = { status: 401, body: { code: 'unauthenticated', message: 'Not signed in' } }

function renderSignIn(path = '/sign-in') {
  return renderRoutes(
    [
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/sign-up', element: <p>sign-up page</p> },
      { path: '/sign-in-mfa', element: <p>mfa page</p> },
      { path: '/projects', element: <p>projects page</p> },
      { path: '/project/:ref/editor', element: <p>editor page</p> },
      { path: '/terms', element: <p>terms</p> },
    ],
    [path],
  )
}

describe('SignInPage', () => {
  it('validates the form before calling the server', async () => {
    const { calls } = mockFetch({
      'GET /api/auth/state': { body: { needsSetup: false, setupCodeRequired: false, mode: 'hosted' } },
      'GET /api/auth/session': unauthenticated,
    })
    renderSignIn()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: AUTH_MESSAGES.signIn }))
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument()
    expect(screen.getByText('Please enter your password')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('shows the legal notice with terms and privacy links, and a testimonial', async () => {
    mockFetch({
      'GET /api/auth/state': { body: { needsSetup: false, setupCodeRequired: false, mode: 'hosted' } },
      'GET /api/auth/session': unauthenticated,
    })
    renderSignIn()
    expect(await screen.findByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms')
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy')
    expect(screen.getByText(/By continuing, you agree to Basalt's/)).toBeInTheDocument()
    const quote = screen.getByRole('complementary', { name: 'Testimonial' })
    expect(TESTIMONIALS.some((t) => quote.textContent?.includes(t.quote))).toBe(true)
  })

  it('signs in and goes to the stored destination', async () => {
    let signedIn = false
    const { calls } = mockFetch({
      'GET /api/auth/state': { body: { needsSetup: false, setupCodeRequired: false, mode: 'hosted' } },
      'GET /api/auth/session': () => (signedIn ? { body: testSession() } : unauthenticated),
      'POST /api/auth/sign-in': () => {
        signedIn = true
        return { body: { mfaRequired: false } }
      },
    })
    renderSignIn(`/sign-in?returnTo=${encodeURIComponent('/project/abc/editor')}`)
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Email'), ' Owner@Example.com ')
    await user.type(screen.getByLabelText('Password'), 'hunter22')
    await user.click(screen.getByRole('button', { name: AUTH_MESSAGES.signIn }))
    expect(await screen.findByText('editor page')).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'owner@example.com', password: 'hunter22' })
  })

  it('goes to the MFA page when the second factor is required', async () => {
    mockFetch({
      'GET /api/auth/state': { body: { needsSetup: false, setupCodeRequired: false, mode: 'hosted' } },
      'GET /api/auth/session': unauthenticated,
      'POST /api/auth/sign-in': { body: { mfaRequired: true } },
    })
    renderSignIn()
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Email'), 'owner@example.com')
    await user.type(screen.getByLabelText('Password'), 'hunter22')
    await user.click(screen.getByRole('button', { name: AUTH_MESSAGES.signIn }))
    expect(await screen.findByText('mfa page')).toBeInTheDocument()
  })

  it('shows the server message for wrong credentials on the password field, and focuses it', async () => {
    mockFetch({
      'GET /api/auth/state': { body: { needsSetup: false, setupCodeRequired: false, mode: 'hosted' } },
      'GET /api/auth/session': unauthenticated,
      'POST /api/auth/sign-in': {
        status: 401,
        body: { code: 'invalid_credentials', message: 'Invalid email or password' },
      },
    })
    renderSignIn()
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Email'), 'owner@example.com')
    await user.type(screen.getByLabelText('Password'), 'nope')
    await user.click(screen.getByRole('button', { name: AUTH_MESSAGES.signIn }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password')
    const password = screen.getByLabelText('Password')
    expect(password).toHaveAttribute('aria-invalid', 'true')
    expect(password).toHaveAccessibleDescription('Invalid email or password')
    expect(password).toHaveFocus()
  })

  it('offers sign-up of the owner account on the first visit', async () => {
    mockFetch({
      'GET /api/auth/state': { body: { needsSetup: true, setupCodeRequired: false, mode: 'hosted' } },
      'GET /api/auth/session': unauthenticated,
    })
    renderSignIn()
    await waitFor(() => expect(screen.getByText('sign-up page')).toBeInTheDocument())
  })
})
