import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { userSchema, type Session, type Theme, type UpdateMeBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/format'
import { queryKeys } from '../../../lib/query-keys'
import { chooseTheme } from '../../../lib/theme'

export const updateMe = (body: UpdateMeBody) => api('/api/account/me', { method: 'PATCH', body, schema: userSchema })

export function useUpdateMe() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => {
      queryClient.setQueryData<Session | null>(queryKeys.session, (session) =>
        session ? { ...session, user } : session,
      )
    },
  })
}

/**
 * Switches the theme at once and saves it to the account; a save that fails says so, and the choice is sent
 * again at the next session check (lib/theme.ts chooseTheme).
 */
export function useChooseTheme(): (theme: Theme) => void {
  const update = useUpdateMe()
  return (theme) => {
    chooseTheme(theme, (next) => update.mutateAsync({ theme: next })).catch((e: unknown) =>
      toast.error(`Failed to save theme: ${errorMessage(e)}`),
    )
  }
}
