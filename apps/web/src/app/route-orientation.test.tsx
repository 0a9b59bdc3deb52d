import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link, RouterProvider, createMemoryRouter } from 'react-router'
import { RouteFrame } from './route-orientation'
import { pageTitle } from '../ui/orientation'

function Layout({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <div data-title-context={name}>
      <nav>
        <Link to="/project/shop/editor/1">Table editor</Link>
        <Link to="/project/shop/settings">Settings</Link>
      </nav>
      <main>{children}</main>
    </div>
  )
}

const router = () =>
  createMemoryRouter(
    [
      {
        path: '/',
        element: <RouteFrame />,
        children: [
          {
            path: 'project/shop/editor/1',
            element: (
              <Layout name="Shop">
                <h1 className="sr-only">Table editor</h1>
                <span hidden data-page-title="Table editor · public.customers" />
                <div role="grid" aria-label="Rows" />
              </Layout>
            ),
          },
          {
            path: 'project/shop/settings',
            element: (
              <Layout name="Shop">
                <h1>Project settings</h1>
                <input aria-label="Project name" />
              </Layout>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/project/shop/settings'] },
  )

describe('orientation', () => {
  it("titles the page from its heading or data-page-title, its layout's context and Basalt", async () => {
    render(<RouterProvider router={router()} />)
    await waitFor(() => expect(document.title).toBe('Project settings · Shop · Basalt'))
    await userEvent.setup().click(screen.getByRole('link', { name: 'Table editor' }))
    await waitFor(() => expect(document.title).toBe('Table editor · public.customers · Shop · Basalt'))
    expect(pageTitle()).toBe(document.title)
  })

  it("moves the focus to the new page's heading after a route change, not on the first page", async () => {
    const user = userEvent.setup()
    render(<RouterProvider router={router()} />)
    await screen.findByRole('heading', { name: 'Project settings' })
    expect(screen.getByRole('heading', { name: 'Project settings' })).not.toHaveFocus()
    await user.click(screen.getByRole('link', { name: 'Table editor' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Table editor' })).toHaveFocus())
  })

  it('offers a skip link first, which takes the focus to the main heading', async () => {
    const user = userEvent.setup()
    render(<RouterProvider router={router()} />)
    await screen.findByRole('heading', { name: 'Project settings' })
    await user.tab()
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('heading', { name: 'Project settings' })).toHaveFocus()
  })
})
