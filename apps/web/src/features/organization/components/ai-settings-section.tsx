import type { Organization, OrganizationAiSettings } from '@basalt/contracts'
import { Section } from '../../../ui/card'
import { FormError } from '../../../ui/form-error'
import { SkeletonList } from '../../../ui/skeleton'
import { SwitchField } from '../../../ui/switch-field'
import { useOrganizationAiSettings } from '../api/get-organization-ai-settings'
import { useUpdateOrganizationAiSettings } from '../api/update-organization-ai-settings'
import { ORGANIZATION_MESSAGES } from '../messages'

/**
 * The organisation's AI settings (spec 2 §6): AI features shown or hidden in its projects, whether members
 * who opted in may send schema metadata, and whether the audit log keeps prompts. Each switch saves at once.
 */
export function AiSettingsSection({ organization }: { organization: Organization }) {
  const canUpdate = organization.permissions.includes('org:update')
  const settings = useOrganizationAiSettings(organization.slug)
  const update = useUpdateOrganizationAiSettings(organization.slug)
  // While a change is saved, the switches show it.
  const shown: OrganizationAiSettings | undefined = settings.data && { ...settings.data, ...update.variables }
  const change = (key: keyof OrganizationAiSettings) => (on: boolean) => update.mutate({ [key]: on })
  // Not disabled while saving: the switch keeps the keyboard's focus.
  const disabled = !canUpdate

  return (
    <Section
      title="AI assistant"
      description={canUpdate ? ORGANIZATION_MESSAGES.aiSettingsIntro : ORGANIZATION_MESSAGES.aiSettingsReadOnly}
    >
      {settings.isPending ? (
        <SkeletonList rows={3} />
      ) : settings.isError || !shown ? (
        <FormError error={settings.error} />
      ) : (
        <>
          <SwitchField
            label="AI features"
            description="Shows the SQL editor's and the policy editor's AI assistant in this organization's projects. Off, the server refuses every AI call."
            checked={shown.aiEnabled}
            onCheckedChange={change('aiEnabled')}
            disabled={disabled}
          />
          <SwitchField
            label="Send schema metadata"
            description="Members who keep 'AI schema inclusion' on send the definitions of their tables (columns, types, keys, policies) with their questions. Row data is never sent."
            checked={shown.allowSchemaMetadata}
            onCheckedChange={change('allowSchemaMetadata')}
            disabled={disabled || !shown.aiEnabled}
          />
          <SwitchField
            label="Record prompts in the audit log"
            description="Every AI call is recorded (who, where, token counts); on, its prompt text is recorded too."
            checked={shown.recordPrompts}
            onCheckedChange={change('recordPrompts')}
            disabled={disabled || !shown.aiEnabled}
          />
          <FormError error={update.error} />
        </>
      )}
    </Section>
  )
}
