import { useMutation } from '@tanstack/react-query'
import { projectPasswordSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

/**
 * A POST, not a query: each reveal is audited on the server, and the password stays in this mutation's
 * state (cleared by Hide or by leaving the page) rather than in the query cache.
 */
export const revealProjectPassword = (ref: string) =>
  api(`/api/projects/${encodeURIComponent(ref)}/database/password`, { method: 'POST', schema: projectPasswordSchema })

export const useRevealProjectPassword = () => useMutation({ mutationFn: revealProjectPassword })
