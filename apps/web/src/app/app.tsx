import { useState } from 'react'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './providers'
import { ErrorBoundary } from './error-boundary'
import { createRouter } from './router'

export function App() {
  const [router] = useState(createRouter)
  return (
    <ErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  )
}
