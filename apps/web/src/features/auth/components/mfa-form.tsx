import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { mfaCodeBodySchema } from '@basalt/contracts'
import { Button } from '../../../ui/button'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { FormError } from '../../../ui/form-error'
import { serverFieldErrors } from '../../../ui/server-field-errors'
import { useVerifyMfa } from '../api/verify-mfa'

export function MfaForm({ onVerified }: { onVerified: () => void }) {
  const verify = useVerifyMfa()
  const form = useForm({ resolver: zodResolver(mfaCodeBodySchema), defaultValues: { code: '' } })
  const fieldErrors = serverFieldErrors(form, { invalid_mfa_code: 'code' })
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) =>
        verify.mutate(values, { onSuccess: onVerified, onError: fieldErrors.onError }),
      )}
    >
      <FormField label="Verification code" error={form.formState.errors.code?.message}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="font-mono tracking-[0.4em]"
          autoFocus
          {...form.register('code')}
        />
      </FormField>
      <FormError error={fieldErrors.formError(verify.error)} />
      <Button type="submit" variant="primary" className="w-full justify-center" loading={verify.isPending}>
        Verify
      </Button>
    </form>
  )
}
