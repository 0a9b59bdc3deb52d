import { useEffect, useState, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Toaster } from 'sonner'
import { createQueryClient } from '../lib/query-client'
import { useAppTheme } from '../lib/theme'
import { installFocusGuard } from '../ui/focus'

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  // The app's theme, not the operating system's: a member who chose Dark gets dark toasts (index.css gives
  // them the palette's colours).
  const theme = useAppTheme()
  // The focus never stays on <body> after an action (ui/focus.ts).
  useEffect(() => installFocusGuard(), [])
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster richColors closeButton position="bottom-right" theme={theme} />
    </QueryClientProvider>
  )
}
