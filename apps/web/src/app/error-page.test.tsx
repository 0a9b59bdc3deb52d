import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { ApiError } from '../lib/api-client'
import { renderRoutes } from '../test/helpers'
import { ErrorPage } from './error-page'
import { ERROR_PAGE_MESSAGES } from './messages'
import { NOT_FOUND_MESSAGES } from '../ui/messages'

function Boom({ error }: { error: unknown }): never {
  throw error
}

describe('ErrorPage', () => {
  it('shows the spec texts, the actions, and the error code and message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoutes([
      {
        path: '/',
        element: <Boom error={new ApiError('forbidden', 'You may not do that', 403)} />,
        errorElement: <ErrorPage />,
      },
    ])
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(ERROR_PAGE_MESSAGES.title).toBe('Something went wrong')
    expect(
      screen.getByText(
        'Sorry about that, please try again later or feel free to reach out to us if the problem persists',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Head back' })).toHaveAttribute('href', '/projects')
    expect(screen.getByRole('link', { name: 'Submit a support request' })).toHaveAttribute('href', '/support/new')
    expect(screen.getByTestId('error-code')).toHaveTextContent('forbidden')
    expect(screen.getByText(/You may not do that/)).toBeInTheDocument()
  })

  it('shows the not-found page for a 404 route error', async () => {
    renderRoutes([{ path: '/', element: <p>home</p>, errorElement: <ErrorPage /> }], ['/nowhere'])
    expect(await screen.findByRole('heading', { name: NOT_FOUND_MESSAGES.title })).toBeInTheDocument()
  })
})
