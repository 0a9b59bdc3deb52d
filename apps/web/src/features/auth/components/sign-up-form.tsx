import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { signUpBodySchema, PASSWORD_MIN_LENGTH, type SignInResult } from '@basalt/contracts'
import { Button } from '../../../ui/button'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { FormError } from '../../../ui/form-error'
import { useSignUp } from '../api/sign-up'
import { AUTH_MESSAGES } from '../messages'

const signUpFormSchema = signUpBodySchema.omit({ inviteToken: true })
// When Basalt listens beyond loopback, the owner's sign-up needs the code it printed on its console.
const withSetupCodeSchema = signUpFormSchema.extend({
  setupCode: z.string().trim().min(1, AUTH_MESSAGES.setupCodeMissing),
})

export function SignUpForm({
  defaultEmail,
  inviteToken,
  setupCodeRequired = false,
  submitLabel,
  onSignedUp,
}: {
  defaultEmail?: string | null
  inviteToken?: string
  /** The owner's sign-up on a Basalt that listens beyond loopback (GET /api/auth/state says so). */
  setupCodeRequired?: boolean
  submitLabel: string
  onSignedUp: (result: SignInResult) => void
}) {
  const signUp = useSignUp()
  const form = useForm({
    resolver: zodResolver(setupCodeRequired ? withSetupCodeSchema : signUpFormSchema),
    defaultValues: { email: defaultEmail ?? '', password: '', displayName: '', setupCode: '' },
  })
  const { errors } = form.formState

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) =>
        signUp.mutate(
          {
            ...values,
            displayName: values.displayName || undefined,
            setupCode: values.setupCode || undefined,
            inviteToken,
          },
          { onSuccess: onSignedUp },
        ),
      )}
    >
      <FormField label="Name" description="Optional; shown to your team." error={errors.displayName?.message}>
        <Input autoComplete="name" {...form.register('displayName')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" readOnly={!!defaultEmail} {...form.register('email')} />
      </FormField>
      <FormField
        label="Password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      {setupCodeRequired && (
        <FormField
          label={AUTH_MESSAGES.setupCodeLabel}
          description={AUTH_MESSAGES.setupCodeDescription}
          error={errors.setupCode?.message}
        >
          <Input autoComplete="off" spellCheck={false} {...form.register('setupCode')} />
        </FormField>
      )}
      <FormError error={signUp.error} />
      <Button type="submit" variant="primary" className="w-full justify-center" loading={signUp.isPending}>
        {submitLabel}
      </Button>
    </form>
  )
}
