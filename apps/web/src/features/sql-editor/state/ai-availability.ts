import { AI_NOT_CONFIGURED_MESSAGE, type AiStatus } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { useProjectAi } from '../../../project/get-project-ai'
import { useAiSchemaInclusion } from './ai-preferences'

const ENABLE_HINT = 'An administrator of the organization can turn AI features on in its general settings.'

export interface AiAvailability {
  /** The assistant can be called: the server has a provider and the organisation shows AI features. */
  ready: boolean
  /** Why it cannot, and what to do about it; null while that is being found out or when it can. */
  reason: string | null
  status: AiStatus | undefined
  /** What calls send as includeSchema: the member's preference (the server also checks the organisation's). */
  includeSchema: boolean
}

/** Whether the AI controls of an editor page may call the assistant, and if not why (no call is made then). */
export function useAiAvailability(projectRef: string): AiAvailability {
  const query = useProjectAi(projectRef)
  const [includeSchema] = useAiSchemaInclusion()
  const status = query.data
  const ready = status !== undefined && status.configured && status.enabled
  let reason: string | null = null
  if (query.error) reason = errorMessage(query.error)
  else if (status && !status.enabled) reason = `${status.message ?? ''} ${ENABLE_HINT}`.trim()
  // The server's message names the variables and what to do; it is shown once, as it is.
  else if (status && !status.configured) reason = status.message ?? AI_NOT_CONFIGURED_MESSAGE
  return { ready, reason, status, includeSchema }
}
