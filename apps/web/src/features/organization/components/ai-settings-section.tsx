import type { Organization, OrganizationAiSettings } from '@basalt/contracts'
import { Section } from '../../../ui/card'
import { FormError } from '../../../ui/form-error'
import { SkeletonList } from '../../../ui/skeleton'
import { SwitchField } from '../../../ui/switch-field'
import { useOrganizationAiSettings } from '../api/get-organization-ai-settings'
import { useUpdateOrganizationAiSettings } from '../api/update-organization-ai-settings'
import { ORGANIZATION_MESSAGES } from '../messages'

const SWITCHES: { key: keyof OrganizationAiSettings; label: string; description: string }[] = [
  {
    key: 'aiEnabled',
    label: 'AI features',
    description:
      "Shows the SQL editor's and the policy editor's AI assistant in this organization's projects. Off, the server refuses every AI call.",
  },
  {
    key: 'allowSchemaMetadata',
    label: 'Send schema metadata',
    description:
      "Members who keep 'AI schema inclusion' on send the definitions of their tables (columns, types, keys, policies) with their questions. Row data is never sent.",
  },
  {
    key: 'recordPrompts',
    label: 'Record prompts in the audit log',
    description: 'Every AI call is recorded (who, where, token counts); on, its prompt text is recorded too.',
  },
]

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
          {SWITCHES.map(({ key, label, description }) => (
            <SwitchField
              key={key}
              label={label}
              description={description}
              checked={shown[key]}
              onCheckedChange={(on) => update.mutate({ [key]: on })}
              // With AI features off, the other two decide nothing.
              disabled={disabled || (key !== 'aiEnabled' && !shown.aiEnabled)}
            />
          ))}
          <FormError error={update.error} />
        </>
      )}
    </Section>
  )
}
