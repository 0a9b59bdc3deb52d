import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { Outlet } from 'react-router'
import type { OrgRole } from '@basalt/contracts'
import { renderRoutes, testProject } from '../test/helpers'
import { usePermission } from './use-permission'
import { useProject } from './use-project'

function Probe() {
  const canWrite = usePermission('tenant_sql:write')
  const canReveal = usePermission('settings:write')
  return <p>{`write=${canWrite} reveal=${canReveal}`}</p>
}

function ProjectName() {
  return <h1>{useProject().project.name}</h1>
}

/** A project layout's outlet as the app renders it, with the member's role in the project. */
const inProject = (role: OrgRole, page = <Probe />) =>
  renderRoutes(
    [
      {
        path: '/',
        element: <Outlet context={{ project: testProject({ role }), mode: 'hosted' }} />,
        children: [{ index: true, element: page }],
      },
    ],
    ['/'],
  )

describe('usePermission', () => {
  it("mirrors the member's role in the project", async () => {
    inProject('owner')
    expect(await screen.findByText('write=true reveal=true')).toBeInTheDocument()
  })

  it('allows a Developer to write tables but not to reveal the password, and a Read-only member neither', async () => {
    const developer = inProject('developer')
    expect(await screen.findByText('write=true reveal=false')).toBeInTheDocument()
    developer.unmount()
    inProject('read_only')
    expect(await screen.findByText('write=false reveal=false')).toBeInTheDocument()
  })

  it('allows nothing outside a project', async () => {
    renderRoutes([{ path: '/', element: <Probe /> }], ['/'])
    expect(await screen.findByText('write=false reveal=false')).toBeInTheDocument()
  })
})

describe('useProject', () => {
  it('gives the page the project its layout hands the outlet', async () => {
    inProject('owner', <ProjectName />)
    expect(await screen.findByRole('heading', { name: 'Acme app' })).toBeInTheDocument()
  })
})
