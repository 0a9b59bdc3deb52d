import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { signInBodySchema, type SignInResult } from '@basalt/contracts'
import { Button } from '../../../ui/button'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { FormError } from '../../../ui/form-error'
import { serverFieldErrors } from '../../../ui/server-field-errors'
import { useSignIn } from '../api/sign-in'
import { AUTH_MESSAGES } from '../messages'

export const signInFormSchema = signInBodySchema.extend({
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(1024),
})

export function SignInForm({ onSignedIn }: { onSignedIn: (result: SignInResult) => void }) {
  const signIn = useSignIn()
  const form = useForm({ resolver: zodResolver(signInFormSchema), defaultValues: { email: '', password: '' } })
  const { errors } = form.formState
  const fieldErrors = serverFieldErrors(form, { invalid_credentials: 'password' })

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) =>
        signIn.mutate(values, { onSuccess: onSignedIn, onError: fieldErrors.onError }),
      )}
    >
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <FormError error={fieldErrors.formError(signIn.error)} />
      <Button type="submit" variant="primary" className="w-full justify-center" loading={signIn.isPending}>
        {AUTH_MESSAGES.signIn}
      </Button>
    </form>
  )
}
