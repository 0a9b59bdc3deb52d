import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { toast } from 'sonner'
import type { User } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Section } from '../../../ui/card'
import { SwitchField } from '../../../ui/switch-field'
import { useFeaturePreview } from '../../../lib/feature-previews'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Button } from '../../../ui/button'
import { RadioGroup } from '../../../ui/radio-group'
import { useChooseTheme, useUpdateMe } from '../api/update-me'
import { ACCOUNT_MESSAGES, THEME_OPTIONS } from '../messages'

const profileSchema = z.object({ displayName: z.string().trim().max(100, 'At most 100 characters') })

export function PreferencesPage({ user }: { user: User }) {
  const updateProfile = useUpdateMe()
  const changeTheme = useChooseTheme()
  const form = useForm({ resolver: zodResolver(profileSchema), values: { displayName: user.displayName ?? '' } })

  return (
    <PageContainer>
      <PageHeader title="Preferences" />
      <div className="space-y-6">
        <form
          noValidate
          onSubmit={form.handleSubmit((v) =>
            updateProfile.mutate(
              { displayName: v.displayName || null },
              {
                onSuccess: () => toast.success(ACCOUNT_MESSAGES.preferencesSaved),
                onError: (e) => toast.error(`Failed to save profile: ${errorMessage(e)}`),
              },
            ),
          )}
        >
          <Section
            title="Profile"
            footer={
              <Button
                type="submit"
                variant="primary"
                loading={updateProfile.isPending}
                disabled={!form.formState.isDirty}
              >
                Save
              </Button>
            }
          >
            <FormField label="Email">
              <Input value={user.email} readOnly disabled />
            </FormField>
            <FormField label="Display name" error={form.formState.errors.displayName?.message}>
              <Input autoComplete="name" {...form.register('displayName')} />
            </FormField>
          </Section>
        </form>
        <Section title="Appearance" description="Choose how Basalt looks to you. The change applies at once.">
          <RadioGroup label="Theme" value={user.theme} onValueChange={changeTheme} options={THEME_OPTIONS} />
        </Section>
        <FeaturePreviews />
      </div>
    </PageContainer>
  )
}

/** Previews of features a member turns on for themselves, in this browser. */
function FeaturePreviews() {
  const [assistant, setAssistant] = useFeaturePreview('aiAssistant')
  return (
    <Section title="Feature previews" description="Try features before they are on for everyone. Kept in this browser.">
      <SwitchField
        label="AI assistant in the policy editor"
        description="Shows Try Assistant in the policy editor, to draft a policy's expression from a sentence. The project's AI settings still decide whether it can be used."
        checked={assistant}
        onCheckedChange={setAssistant}
      />
    </Section>
  )
}
