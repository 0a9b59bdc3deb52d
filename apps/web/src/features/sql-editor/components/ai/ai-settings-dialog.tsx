import { Dialog } from '../../../../ui/dialog'
import { SwitchField } from '../../../../ui/switch-field'
import type { AiAvailability } from '../../state/ai-availability'
import { useAiSchemaInclusion } from '../../state/ai-preferences'
import { AI_MESSAGES } from './ai-messages'

/**
 * The AI settings modal (spec 2 §2, §9): the member's 'AI schema inclusion' preference, kept in this browser,
 * and whether the organisation allows schema metadata at all (then the switch is off and says why).
 */
export function AiSettingsDialog({
  open,
  onOpenChange,
  availability,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  availability: AiAvailability
}) {
  const [includeSchema, setIncludeSchema] = useAiSchemaInclusion()
  const { status, reason } = availability
  const allowed = status?.schemaMetadataAllowed ?? true
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={AI_MESSAGES.settings}
      description={AI_MESSAGES.settingsDescription}
    >
      <div className="space-y-4 text-sm">
        <SwitchField
          label={AI_MESSAGES.includeSchema}
          description={allowed ? AI_MESSAGES.includeSchemaDescription : AI_MESSAGES.schemaNotAllowed}
          checked={allowed && includeSchema}
          onCheckedChange={setIncludeSchema}
          disabled={!allowed}
        />
        {reason && <p className="rounded-md border border-border bg-surface p-3 text-muted-foreground">{reason}</p>}
        {status?.model && <p className="text-xs text-muted-foreground">{AI_MESSAGES.model(status.model)}</p>}
      </div>
    </Dialog>
  )
}
