import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { permissionsOf } from '@basalt/contracts'
import { mockFetch, renderRoutes, testProject, testSession } from '../test/helpers'
import { UI_MESSAGES } from '../ui/messages'
import { PROJECT_SHELL_MESSAGES } from '../features/project-shell/messages'
import { DATABASE_SETTINGS_MESSAGES } from '../features/settings/messages'
import { routes } from './router'

const unauthenticated = { status: 401, body: { code: 'unauthenticated', message: 'Not signed in' } }
const authState = { body: { needsSetup: false, setupCodeRequired: false, mode: 'hosted' } }

describe('router', () => {
  it('sends a signed-out visitor to /sign-in and remembers the destination', async () => {
    mockFetch({ 'GET /api/auth/session': unauthenticated, 'GET /api/auth/state': authState })
    const { router } = renderRoutes(routes, ['/account/tokens'])
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/sign-in')
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/account/tokens')
    expect(sessionStorage.getItem('basalt-return-to')).toBe('/account/tokens')
  })

  it('sends a session awaiting its second factor to /sign-in-mfa', async () => {
    mockFetch({ 'GET /api/auth/session': { body: testSession({ currentLevel: 'aal1', nextLevel: 'aal2' }) } })
    const { router } = renderRoutes(routes, ['/projects'])
    expect(await screen.findByRole('heading', { name: 'Verify your identity' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/sign-in-mfa')
  })

  it('redirects account and organisation pages to /project/default outside hosted mode', async () => {
    mockFetch({
      'GET /api/auth/session': { body: testSession({ mode: 'self-hosted' }) },
      'GET /api/projects/default': { body: testProject() },
    })
    const { router } = renderRoutes(routes, ['/account/me'])
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/default'))
    expect(await screen.findByRole('navigation', { name: 'Project' })).toBeInTheDocument()
  })

  it('renders unbuilt project pages as not available yet, under their real title', async () => {
    mockFetch({
      'GET /api/auth/session': { body: testSession() },
      'GET /api/projects/abc': { body: testProject({ ref: 'abc' }) },
    })
    renderRoutes(routes, ['/project/abc/auth/providers'])
    expect(await screen.findByRole('heading', { name: 'Providers' })).toBeInTheDocument()
    expect(screen.getByText(UI_MESSAGES.notAvailable)).toBeInTheDocument()
    const areaMenu = screen.getByRole('navigation', { name: 'Auth menu' })
    expect(within(areaMenu).getByRole('link', { name: 'Providers' })).toHaveAttribute('aria-current', 'page')
  })

  it('shows the no-access page for logs without analytics read', async () => {
    mockFetch({
      'GET /api/auth/session': { body: testSession() },
      'GET /api/projects/abc': {
        body: testProject({ ref: 'abc', permissions: permissionsOf('owner').filter((p) => p !== 'analytics:read') }),
      },
    })
    renderRoutes(routes, ['/project/abc/logs/explorer'])
    expect(await screen.findByText(UI_MESSAGES.noAccessTitle)).toBeInTheDocument()
  })

  it('sends settings pages to the building page while the project is coming up', async () => {
    mockFetch({
      'GET /api/auth/session': { body: testSession() },
      'GET /api/projects/abc': { body: testProject({ ref: 'abc', status: 'coming_up' }) },
    })
    const { router } = renderRoutes(routes, ['/project/abc/settings/database'])
    expect(await screen.findByRole('heading', { name: PROJECT_SHELL_MESSAGES.buildingTitle })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/project/abc/building')
  })

  it('opens Settings › Database from its menu entry, as a built page', async () => {
    mockFetch({
      'GET /api/auth/session': { body: testSession() },
      'GET /api/projects/abc': { body: testProject({ ref: 'abc' }) },
      'GET /api/projects/abc/database/connection': {
        body: {
          host: '127.0.0.1',
          port: 54512,
          database: 'basalt_project_abc',
          user: 'basalt_admin_abc',
          passwordAvailable: true,
          psql: 'psql -h 127.0.0.1 -p 54512 -U basalt_admin_abc -d basalt_project_abc',
          superuser: false,
        },
      },
    })
    renderRoutes(routes, ['/project/abc/settings/database'])
    expect(await screen.findByRole('heading', { name: DATABASE_SETTINGS_MESSAGES.title })).toBeInTheDocument()
    expect(await screen.findByRole('textbox', { name: 'Host' })).toHaveValue('127.0.0.1')
    expect(screen.queryByText(UI_MESSAGES.notAvailable)).not.toBeInTheDocument()
    const areaMenu = screen.getByRole('navigation', { name: 'Settings menu' })
    expect(within(areaMenu).getByRole('link', { name: 'Database' })).toHaveAttribute('aria-current', 'page')
  })

  it('shows the paused banner with Restore for members who may update the project', async () => {
    mockFetch({
      'GET /api/auth/session': { body: testSession() },
      'GET /api/projects/abc': { body: testProject({ ref: 'abc', status: 'inactive' }) },
    })
    renderRoutes(routes, ['/project/abc'])
    expect(await screen.findByText(PROJECT_SHELL_MESSAGES.paused)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Restore project' })).toBeInTheDocument()
  })

  it('hides Invoices from the organisation menu without the billing invoices permission', async () => {
    mockFetch({
      'GET /api/auth/session': { body: testSession() },
      'GET /api/organizations/acme': {
        body: {
          id: '00000000-0000-4000-8000-0000000000bb',
          slug: 'acme',
          name: 'Acme',
          role: 'developer',
          permissions: permissionsOf('developer'),
        },
      },
      'GET /api/organizations/acme/audit': { body: { entries: [], page: 1, total: 0 } },
    })
    renderRoutes(routes, ['/org/acme/audit'])
    const menu = await screen.findByRole('navigation', { name: 'Organization' })
    expect(within(menu).getByRole('link', { name: 'Audit logs' })).toBeInTheDocument()
    expect(within(menu).queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument()
  })

  it('shows the not-found page for unknown routes', async () => {
    mockFetch({})
    renderRoutes(routes, ['/definitely/not/here'])
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })
})
