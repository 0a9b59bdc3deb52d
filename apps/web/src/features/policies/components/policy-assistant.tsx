import { useId, useState, type FormEvent } from 'react'
import { Sparkles } from 'lucide-react'
import { policyExpressionsOf, type PolicyCommand } from '@basalt/sql'
import { errorMessage } from '../../../lib/format'
import { useFeaturePreview } from '../../../lib/feature-previews'
import { useProjectAi } from '../../../project/get-project-ai'
import { Button } from '../../../ui/button'
import { useDraftPolicyExpression } from '../api/draft-policy-expression'
import { ASSISTANT_MESSAGES as MESSAGES } from '../messages'

/**
 * Whether 'Try Assistant' is offered (spec 1 §2): the member turned the AI assistant preview on, the server
 * has a provider and the organisation shows AI features.
 */
export function usePolicyAssistant(projectRef: string): boolean {
  const [preview] = useFeaturePreview('aiAssistant')
  const ai = useProjectAi(projectRef)
  return preview && ai.data?.configured === true && ai.data.enabled
}

/**
 * 'Try Assistant': a sentence about who may see or change rows becomes the policy's expression, put into
 * USING and/or WITH CHECK as the operation takes them. The member reviews it like any other expression.
 */
export function PolicyAssistant({
  projectRef,
  table,
  command,
  onDraft,
}: {
  projectRef: string
  table: { schema: string; name: string }
  command: PolicyCommand | null
  onDraft: (expression: string, into: { using: boolean; check: boolean }) => void
}) {
  const id = useId()
  const [prompt, setPrompt] = useState('')
  const [missing, setMissing] = useState<string | null>(null)
  const draft = useDraftPolicyExpression(projectRef)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!command) return setMissing(MESSAGES.chooseOperation)
    if (!prompt.trim()) return setMissing(MESSAGES.promptRequired)
    setMissing(null)
    draft.mutate(
      { prompt: prompt.trim(), schema: table.schema, table: table.name, command, includeSchema: true },
      { onSuccess: ({ expression }) => onDraft(expression, policyExpressionsOf(command)) },
    )
  }

  const problem = missing ?? (draft.error ? MESSAGES.failed(errorMessage(draft.error)) : null)
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={MESSAGES.title}
      className="space-y-2 rounded-md border border-border bg-surface p-3"
    >
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
        <Sparkles aria-hidden className="size-4 text-brand" />
        {MESSAGES.promptLabel}
      </label>
      <textarea
        id={id}
        value={prompt}
        rows={2}
        autoFocus
        maxLength={4000}
        placeholder={MESSAGES.placeholder}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => setPrompt(e.target.value)}
        className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
      />
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      )}
      {draft.isSuccess && !draft.isPending && <p className="text-xs text-muted-foreground">{MESSAGES.drafted}</p>}
      <Button type="submit" size="sm" loading={draft.isPending}>
        {MESSAGES.draft}
      </Button>
    </form>
  )
}
