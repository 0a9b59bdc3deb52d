import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { toast } from 'sonner'
import QRCode from 'qrcode'
import { changePasswordBodySchema, mfaCodeBodySchema, type MfaEnrollment, type User } from '@basalt/contracts'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Section } from '../../../ui/card'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Button } from '../../../ui/button'
import { Badge } from '../../../ui/badge'
import { FormError } from '../../../ui/form-error'
import { serverFieldErrors } from '../../../ui/server-field-errors'
import { CopyField } from '../../../ui/copy-button'
import { Spinner } from '../../../ui/spinner'
import { useChangePassword } from '../api/change-password'
import { useEnrollMfa } from '../api/enroll-mfa'
import { useConfirmMfa } from '../api/confirm-mfa'
import { useRemoveMfa } from '../api/remove-mfa'
import { ACCOUNT_MESSAGES } from '../messages'

export function SecurityPage({ user }: { user: User }) {
  return (
    <PageContainer>
      <PageHeader title="Security" />
      <div className="space-y-6">
        <ChangePasswordSection />
        <MfaSection enabled={user.mfaEnabled} />
      </div>
    </PageContainer>
  )
}

const passwordFormSchema = changePasswordBodySchema
  .extend({ currentPassword: z.string().min(1, 'Please enter your current password'), confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' })

function ChangePasswordSection() {
  const change = useChangePassword()
  const form = useForm({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const fieldErrors = serverFieldErrors(form, { invalid_credentials: 'currentPassword' })
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ currentPassword, newPassword }) =>
        change.mutate(
          { currentPassword, newPassword },
          {
            onSuccess: () => {
              toast.success(ACCOUNT_MESSAGES.passwordChanged)
              form.reset()
            },
            onError: fieldErrors.onError,
          },
        ),
      )}
    >
      <Section
        title="Password"
        description={ACCOUNT_MESSAGES.passwordChangeEffects}
        footer={
          <Button type="submit" variant="primary" loading={change.isPending}>
            Change password
          </Button>
        }
      >
        <FormField label="Current password" error={errors.currentPassword?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
        <FormField label="New password" error={errors.newPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <FormError error={fieldErrors.formError(change.error)} />
      </Section>
    </form>
  )
}

function MfaSection({ enabled }: { enabled: boolean }) {
  const enroll = useEnrollMfa()
  const [enrollment, setEnrollment] = useState<MfaEnrollment | null>(null)

  return (
    <Section
      title="Two-factor authentication"
      description={enabled ? ACCOUNT_MESSAGES.mfaEnabled : ACCOUNT_MESSAGES.mfaDisabled}
    >
      <div>{enabled ? <Badge tone="success">Enabled</Badge> : <Badge>Not enabled</Badge>}</div>
      {enabled ? (
        <CodeForm
          key="remove"
          label="Remove"
          danger
          onDone={() => toast.success('Two-factor authentication removed')}
        />
      ) : enrollment ? (
        <div className="space-y-4">
          <p className="text-sm text-muted-foreground">{ACCOUNT_MESSAGES.mfaScan}</p>
          <QrCode value={enrollment.otpauthUrl} />
          <CopyField label="Secret" value={enrollment.secret} />
          <CodeForm
            key="confirm"
            label="Enable"
            onDone={() => {
              setEnrollment(null)
              toast.success('Two-factor authentication enabled')
            }}
          />
        </div>
      ) : (
        <div className="space-y-3">
          <FormError error={enroll.error} />
          <Button
            variant="primary"
            loading={enroll.isPending}
            onClick={() => enroll.mutate(undefined, { onSuccess: setEnrollment })}
          >
            Set up authenticator app
          </Button>
        </div>
      )}
    </Section>
  )
}

/** A 6-digit code form that confirms a new factor, or removes the current one (`danger`). */
function CodeForm({ label, danger, onDone }: { label: string; danger?: boolean; onDone: () => void }) {
  const confirm = useConfirmMfa()
  const remove = useRemoveMfa()
  const mutation = danger ? remove : confirm
  const form = useForm({ resolver: zodResolver(mfaCodeBodySchema), defaultValues: { code: '' } })
  const fieldErrors = serverFieldErrors(form, { invalid_mfa_code: 'code' })
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={form.handleSubmit((v) => mutation.mutate(v, { onSuccess: onDone, onError: fieldErrors.onError }))}
    >
      <div className="w-48">
        <FormField label="6-digit code" error={form.formState.errors.code?.message}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="font-mono"
            {...form.register('code')}
          />
        </FormField>
      </div>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={mutation.isPending}>
        {label}
      </Button>
      <div className="basis-full">
        <FormError error={fieldErrors.formError(mutation.error)} />
      </div>
    </form>
  )
}

function QrCode({ value }: { value: string }) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    QRCode.toDataURL(value, { margin: 1, width: 192 }).then((url) => live && setSrc(url))
    return () => {
      live = false
    }
  }, [value])
  return (
    <div className="flex size-48 items-center justify-center rounded-md border border-border bg-white">
      {src ? <img src={src} alt="QR code for your authenticator app" width={192} height={192} /> : <Spinner />}
    </div>
  )
}
