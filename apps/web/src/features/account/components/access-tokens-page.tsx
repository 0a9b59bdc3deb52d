import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { toast } from 'sonner'
import { KeyRound, Trash2, AlertTriangle } from 'lucide-react'
import { z } from 'zod'
import { createTokenBodySchema, TOKEN_EXPIRY_DAYS, type AccessToken, type CreatedToken } from '@basalt/contracts'
import { formatDate, formatDateTime, errorMessage } from '../../../lib/format'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Button } from '../../../ui/button'
import { Dialog, DialogFooter } from '../../../ui/dialog'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { FormError } from '../../../ui/form-error'
import { CopyField } from '../../../ui/copy-button'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { SkeletonList } from '../../../ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { useAccessTokens } from '../api/get-access-tokens'
import { useCreateAccessToken } from '../api/create-access-token'
import { useDeleteAccessToken } from '../api/delete-access-token'
import { ACCOUNT_MESSAGES } from '../messages'

export function AccessTokensPage() {
  const tokens = useAccessTokens()
  const [creating, setCreating] = useState(false)
  const [revoking, setRevoking] = useState<AccessToken | null>(null)

  return (
    <PageContainer>
      <PageHeader
        title="Access Tokens"
        description="Personal tokens for calling the Basalt API from scripts and tools. They act with your permissions."
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            Generate new token
          </Button>
        }
      />
      {tokens.error ? (
        <ErrorState title="Failed to retrieve access tokens" error={tokens.error} />
      ) : tokens.isPending ? (
        <SkeletonList />
      ) : tokens.data.length === 0 ? (
        <EmptyState icon={<KeyRound className="size-6" />} title={ACCOUNT_MESSAGES.tokensEmpty} />
      ) : (
        <Table>
          <THead>
            <Tr>
              <Th>Name</Th>
              <Th>Token</Th>
              <Th>Created</Th>
              <Th>Last used</Th>
              <Th>Expires</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {tokens.data.map((t) => (
              <Tr key={t.id}>
                <Td className="font-medium">{t.name}</Td>
                <Td className="font-mono text-xs text-muted-foreground">{t.prefix}…</Td>
                <Td>{formatDate(t.createdAt)}</Td>
                <Td>{t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'Never'}</Td>
                <Td>
                  {t.expiresAt === null
                    ? ACCOUNT_MESSAGES.tokenNeverExpires
                    : new Date(t.expiresAt) <= new Date()
                      ? ACCOUNT_MESSAGES.tokenExpired
                      : formatDate(t.expiresAt)}
                </Td>
                <Td className="text-right">
                  <Button size="icon" variant="ghost" aria-label={`Revoke ${t.name}`} onClick={() => setRevoking(t)}>
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <CreateTokenDialog open={creating} onOpenChange={setCreating} />
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </PageContainer>
  )
}

// The select's values: a number of days from TOKEN_EXPIRY_DAYS, or 'never' (an expiry of null).
const tokenFormSchema = createTokenBodySchema.pick({ name: true }).extend({ expires: z.string() })

function CreateTokenDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateAccessToken()
  const [created, setCreated] = useState<CreatedToken | null>(null)
  const form = useForm({ resolver: zodResolver(tokenFormSchema), defaultValues: { name: '', expires: '30' } })

  const change = (next: boolean) => {
    if (!next) {
      setCreated(null)
      form.reset()
      create.reset()
    }
    onOpenChange(next)
  }

  return (
    <Dialog open={open} onOpenChange={change} title={created ? 'Your new token' : 'Generate new token'}>
      {created ? (
        <div className="space-y-4">
          <p
            role="alert"
            className="flex gap-2 rounded-md border border-warning/40 bg-warning-surface px-3 py-2 text-sm"
          >
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
            {ACCOUNT_MESSAGES.tokenOnceWarning}
          </p>
          <CopyField label="Access token" value={created.token} />
          <DialogFooter>
            <Button variant="primary" onClick={() => change(false)}>
              Done
            </Button>
          </DialogFooter>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit(({ name, expires }) =>
            create.mutate(
              { name, expiresInDays: expires === 'never' ? null : Number(expires) },
              { onSuccess: setCreated },
            ),
          )}
        >
          <FormField
            label="Name"
            description="What the token is for, e.g. “CI deploys”."
            error={form.formState.errors.name?.message}
          >
            <Input autoFocus {...form.register('name')} />
          </FormField>
          <div className="mt-3">
            <FormField label="Expires" description="After this the token stops working.">
              <NativeSelect {...form.register('expires')}>
                {TOKEN_EXPIRY_DAYS.map((days) => (
                  <option key={days} value={String(days)}>
                    {`In ${days} days`}
                  </option>
                ))}
                <option value="never">{ACCOUNT_MESSAGES.tokenNeverExpires}</option>
              </NativeSelect>
            </FormField>
          </div>
          <div className="mt-3">
            <FormError error={create.error} />
          </div>
          <DialogFooter>
            <Button onClick={() => change(false)}>Cancel</Button>
            <Button type="submit" variant="primary" loading={create.isPending}>
              Generate token
            </Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  )
}

function RevokeTokenDialog({ token, onClose }: { token: AccessToken | null; onClose: () => void }) {
  const remove = useDeleteAccessToken()
  return (
    <ConfirmDialog
      open={token !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Revoke access token"
      description={token ? `Scripts using “${token.name}” stop working at once. This cannot be undone.` : undefined}
      confirmLabel="Revoke"
      loading={remove.isPending}
      onConfirm={() =>
        token &&
        remove.mutate(token.id, {
          onSuccess: () => {
            toast.success(`Revoked ${token.name}`)
            onClose()
          },
          onError: (e) => toast.error(`Failed to revoke token: ${errorMessage(e)}`),
        })
      }
    />
  )
}
