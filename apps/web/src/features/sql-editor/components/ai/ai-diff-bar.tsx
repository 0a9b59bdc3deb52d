import { ChevronDown, Sparkles } from 'lucide-react'
import { Button } from '../../../../ui/button'
import { DropdownMenu, DropdownMenuLabel, DropdownMenuRadioGroup } from '../../../../ui/dropdown-menu'
import { DIFF_TYPES, type SqlAssistantDiff } from '../../state/ai-suggestion'
import { AI_MESSAGES } from './ai-messages'

/**
 * Above the diff of a pending suggestion (spec 2 §4): what accepting does (Modification, Addition, New
 * snippet: switchable), Accept (Enter) and Discard (Escape), and the assistant's note (debug's solution).
 */
export function AiDiffBar({ diff, canCreate }: { diff: SqlAssistantDiff; canCreate: boolean }) {
  const { suggestion } = diff
  if (!suggestion) return null
  const types = canCreate ? DIFF_TYPES : DIFF_TYPES.filter((t) => t.value !== 'new-snippet')
  const current = DIFF_TYPES.find((t) => t.value === suggestion.type)!
  return (
    <div role="region" aria-label={AI_MESSAGES.diffTitle} className="border-b border-border bg-surface px-3 py-1.5">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Sparkles aria-hidden className="size-4 text-brand" />
        <span className="font-medium">{AI_MESSAGES.diffTitle}</span>
        <DropdownMenu
          align="start"
          label={AI_MESSAGES.diffType}
          trigger={
            <Button size="sm" variant="default" aria-label={`${AI_MESSAGES.diffType}: ${current.label}`}>
              {current.label}
              <ChevronDown aria-hidden className="size-3.5" />
            </Button>
          }
        >
          <DropdownMenuLabel>{AI_MESSAGES.diffType}</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={suggestion.type} onValueChange={diff.setType} options={types} />
        </DropdownMenu>
        <div className="ml-auto flex items-center gap-1.5">
          <Button size="sm" variant="ghost" onClick={diff.discard} aria-keyshortcuts="Escape" disabled={diff.accepting}>
            {AI_MESSAGES.discard}
            <kbd aria-hidden className="rounded border border-current/30 px-1 font-sans text-[10px] opacity-80">
              Esc
            </kbd>
          </Button>
          <Button size="sm" variant="primary" onClick={diff.accept} aria-keyshortcuts="Enter" loading={diff.accepting}>
            {diff.accepting ? AI_MESSAGES.creatingSnippet : AI_MESSAGES.accept}
            <kbd aria-hidden className="rounded border border-current/30 px-1 font-sans text-[10px] opacity-80">
              ↵
            </kbd>
          </Button>
        </div>
      </div>
      {suggestion.note && <p className="mt-1 text-sm text-muted-foreground">{suggestion.note}</p>}
    </div>
  )
}
