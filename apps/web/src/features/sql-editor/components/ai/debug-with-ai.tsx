import { Sparkles } from 'lucide-react'
import { toast } from 'sonner'
import type { SqlRunResult } from '@basalt/contracts'
import { Button } from '../../../../ui/button'
import { useDebugSql } from '../../api/debug-sql'
import { useAiAvailability } from '../../state/ai-availability'
import { wholeTextSuggestion, type AiSuggestion } from '../../state/ai-suggestion'
import { isReadReplicaWrite, type RunRequest } from '../../state/sql-runner'
import { AI_MESSAGES } from './ai-messages'

/**
 * 'Debug with AI' under a failed run's error (spec 2 §2, §7): the assistant's corrected query comes as a
 * suggestion of the editor's text with the failed part replaced, and its explanation as the suggestion's note.
 */
export function DebugWithAi({
  projectRef,
  run,
  ran,
  sql,
  blocked,
  onSuggest,
}: {
  projectRef: string
  run: SqlRunResult | null
  /** What the failed run ran, and where it sits in the editor's text. */
  ran: RunRequest | null
  /** The editor's text. */
  sql: string
  /** A suggestion is pending already, or the text cannot be changed. */
  blocked: boolean
  onSuggest: (suggestion: AiSuggestion) => void
}) {
  const availability = useAiAvailability(projectRef)
  const debug = useDebugSql(projectRef)
  if (run?.status !== 'error' || !run.error || !ran || isReadReplicaWrite(run.error)) return null
  const { error } = run

  const start = () =>
    debug.mutate(
      { sql: ran.sql, errorMessage: error.message, includeSchema: availability.includeSchema },
      {
        onSuccess: (answer) => {
          if (!answer.sql.trim()) return void toast.error(AI_MESSAGES.debugFailed)
          // The part that ran is replaced when the editor still holds it; otherwise the fix is all there is.
          const inPlace = sql.slice(ran.offset, ran.offset + ran.sql.length) === ran.sql
          const next = inPlace
            ? sql.slice(0, ran.offset) + answer.sql + sql.slice(ran.offset + ran.sql.length)
            : answer.sql
          onSuggest(wholeTextSuggestion(sql, next, { note: answer.solution }))
        },
        onError: () => toast.error(AI_MESSAGES.debugFailed),
      },
    )

  return (
    <div className="mx-2 -mt-1 mb-2 flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        onClick={start}
        loading={debug.isPending}
        disabled={!availability.ready || blocked}
        aria-describedby={availability.reason ? 'debug-ai-reason' : undefined}
      >
        <Sparkles aria-hidden className="size-3.5 text-brand" />
        {debug.isPending ? AI_MESSAGES.debugging : AI_MESSAGES.debug}
      </Button>
      {availability.reason && (
        <span id="debug-ai-reason" className="text-xs text-muted-foreground">
          {availability.reason}
        </span>
      )}
    </div>
  )
}
