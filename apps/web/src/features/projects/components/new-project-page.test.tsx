import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { permissionsOf } from '@basalt/contracts'
import { mockFetch, renderRoutes } from '../../../test/helpers'
import { PROJECTS_MESSAGES } from '../messages'
import { NewProjectPage } from './new-project-page'

const organization = {
  id: '5f0c2b1e-8d7a-4c3b-9e2f-1a2b3c4d5e6f',
  slug: 'acme',
  name: 'Acme',
  role: 'owner',
  permissions: permissionsOf('owner'),
}

describe('NewProjectPage: an existing database', () => {
  it("tests the connection string within the organisation's projects", async () => {
    const { calls } = mockFetch({
      'GET /api/organizations': { body: [organization] },
      'POST /api/organizations/acme/projects/test-connection': { body: { serverVersion: '17.2' } },
    })
    renderRoutes([{ path: '/new/:slug', element: <NewProjectPage /> }], ['/new/acme'])
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Project name'), 'Shop')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await user.click(await screen.findByRole('radio', { name: new RegExp(PROJECTS_MESSAGES.existingDatabase) }))
    await user.type(screen.getByLabelText('Connection string'), 'postgresql://me:pw@db.example:5432/shop')
    await user.click(screen.getByRole('button', { name: 'Test connection' }))
    expect(await screen.findByRole('status')).toHaveTextContent(PROJECTS_MESSAGES.connectionOk('17.2'))
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/organizations/acme/projects/test-connection',
      body: { connectionString: 'postgresql://me:pw@db.example:5432/shop' },
    })
  })
})
