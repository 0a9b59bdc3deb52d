import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Settings, Sparkles } from 'lucide-react'
import { toast } from 'sonner'
import { errorMessage } from '../../../../lib/format'
import { Button } from '../../../../ui/button'
import { useEditSql } from '../../api/edit-sql'
import { useGenerateSql } from '../../api/generate-sql'
import { useAiAvailability } from '../../state/ai-availability'
import { useAiQueryCount, useAiSchemaInclusion, useAiSuggestionDismissed } from '../../state/ai-preferences'
import { wholeTextSuggestion, type AiSuggestion } from '../../state/ai-suggestion'
import { AI_MESSAGES } from './ai-messages'
import { AiSettingsDialog } from './ai-settings-dialog'

/** The suggestion popover waits this long after its conditions hold (spec 2 §9). */
export const SUGGESTION_DELAY_MS = 300
/** …and for this many AI answers in this browser. */
export const SUGGESTION_AFTER_QUERIES = 3

/**
 * The 'ask AI' bar at the top of the editor page (spec 2 §2): with an empty editor the prompt generates a
 * query, otherwise it edits the editor's text; either answer comes as a suggestion to accept or discard. With
 * no provider, or AI turned off by the organisation, it says why and makes no call.
 */
export function AskAiBar({
  projectRef,
  sql,
  readOnly,
  blocked,
  onSuggest,
}: {
  projectRef: string
  /** The editor's text. */
  sql: string
  /** Someone else's snippet: its text cannot be changed. */
  readOnly: boolean
  /** A suggestion is pending already. */
  blocked: boolean
  onSuggest: (suggestion: AiSuggestion) => void
}) {
  const availability = useAiAvailability(projectRef)
  const generate = useGenerateSql(projectRef)
  const edit = useEditSql(projectRef)
  const [prompt, setPrompt] = useState('')
  const [settingsOpen, setSettingsOpen] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const editing = sql.trim() !== ''
  const pending = generate.isPending || edit.isPending
  const disabled = !availability.ready || readOnly || blocked

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const text = prompt.trim()
    if (!text || disabled || pending) return
    const { includeSchema } = availability
    if (!editing) {
      generate.mutate(
        { prompt: text, includeSchema },
        {
          onSuccess: (answer) => {
            setPrompt('')
            onSuggest(wholeTextSuggestion(sql, answer.sql, { title: answer.title }))
          },
          onError: (error) => toast.error(AI_MESSAGES.generateFailed(errorMessage(error))),
        },
      )
      return
    }
    edit.mutate(
      { prompt: text, sql, includeSchema },
      {
        onSuccess: (answer) => {
          if (answer.sql.trim() === sql.trim()) return void toast.error(AI_MESSAGES.editUnchanged)
          setPrompt('')
          onSuggest(wholeTextSuggestion(sql, answer.sql))
        },
        onError: (error) => toast.error(AI_MESSAGES.editFailed(errorMessage(error))),
      },
    )
  }

  return (
    <div className="relative border-b border-border px-3 py-1.5">
      <form onSubmit={submit} className="flex items-center gap-2" aria-label={AI_MESSAGES.askLabel}>
        <Sparkles aria-hidden className="size-4 shrink-0 text-brand" />
        <input
          ref={input}
          aria-label={AI_MESSAGES.askLabel}
          aria-describedby={availability.reason ? 'ask-ai-reason' : undefined}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          placeholder={editing ? AI_MESSAGES.askEditPlaceholder : AI_MESSAGES.askGeneratePlaceholder}
          disabled={disabled}
          readOnly={pending}
          maxLength={8000}
          className="h-8 min-w-0 flex-1 rounded-md border border-transparent bg-transparent px-2 text-sm placeholder:text-muted-foreground focus-visible:border-input focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed"
        />
        <Button type="submit" size="sm" loading={pending} disabled={disabled || !prompt.trim()}>
          {pending ? AI_MESSAGES.asking : AI_MESSAGES.askSubmit}
        </Button>
        <Button
          size="icon"
          variant="ghost"
          aria-label={AI_MESSAGES.settings}
          title={AI_MESSAGES.settings}
          onClick={() => setSettingsOpen(true)}
        >
          <Settings aria-hidden className="size-4" />
        </Button>
      </form>
      {availability.reason && (
        <p id="ask-ai-reason" className="mt-1 pl-6 text-xs text-muted-foreground">
          {availability.reason}
        </p>
      )}
      <SchemaSuggestion
        enabled={availability.ready && (availability.status?.schemaMetadataAllowed ?? false)}
        onDone={() => input.current?.focus()}
      />
      <AiSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} availability={availability} />
    </div>
  )
}

/**
 * The suggestion popover (spec 2 §4): after 300 ms, only while schema inclusion is off, after three AI
 * answers in this browser and until dismissed. It asks for nothing modal: the focus stays where it is.
 */
function SchemaSuggestion({ enabled, onDone }: { enabled: boolean; onDone: () => void }) {
  const [includeSchema, setIncludeSchema] = useAiSchemaInclusion()
  const [dismissed, setDismissed] = useAiSuggestionDismissed()
  const count = useAiQueryCount()
  const wanted = enabled && !includeSchema && !dismissed && count >= SUGGESTION_AFTER_QUERIES
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!wanted) return setShown(false)
    const timer = setTimeout(() => setShown(true), SUGGESTION_DELAY_MS)
    return () => clearTimeout(timer)
  }, [wanted])
  if (!shown) return null
  return (
    <section
      aria-label={AI_MESSAGES.popoverTitle}
      className="absolute top-full right-3 z-30 mt-1 w-80 rounded-md border border-border bg-surface-raised p-3 text-sm shadow-lg"
    >
      <h2 className="font-medium">{AI_MESSAGES.popoverTitle}</h2>
      <p className="mt-1 text-muted-foreground">{AI_MESSAGES.popoverText}</p>
      <div className="mt-3 flex justify-end gap-2">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setDismissed(true)
            onDone()
          }}
        >
          {AI_MESSAGES.popoverDismiss}
        </Button>
        <Button
          size="sm"
          variant="primary"
          onClick={() => {
            setIncludeSchema(true)
            onDone()
          }}
        >
          {AI_MESSAGES.popoverInclude}
        </Button>
      </div>
    </section>
  )
}
