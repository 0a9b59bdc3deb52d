import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { signUpBodySchema, PASSWORD_MIN_LENGTH, type SignInResult } from '@basalt/contracts'
import { Button } from '../../../ui/button'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { FormError } from '../../../ui/form-error'
import { useSignUp } from '../api/sign-up'

const signUpFormSchema = signUpBodySchema.omit({ inviteToken: true })

export function SignUpForm({
  defaultEmail,
  inviteToken,
  submitLabel,
  onSignedUp,
}: {
  defaultEmail?: string | null
  inviteToken?: string
  submitLabel: string
  onSignedUp: (result: SignInResult) => void
}) {
  const signUp = useSignUp()
  const form = useForm({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { email: defaultEmail ?? '', password: '', displayName: '' },
  })
  const { errors } = form.formState

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) =>
        signUp.mutate(
          { ...values, displayName: values.displayName || undefined, inviteToken },
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
      <FormError error={signUp.error} />
      <Button type="submit" variant="primary" className="w-full justify-center" loading={signUp.isPending}>
        {submitLabel}
      </Button>
    </form>
  )
}
