import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { toast } from 'sonner'
import {
  createShareLinkBodySchema,
  SHARE_LINK_MAX_EXPIRY,
  SHARE_LINKS_LISTED_MAX,
  type Bucket,
  type CreatedShareLink,
  type ShareLink,
  type ShareLinkState,
  type StorageItem,
} from '@basalt/contracts'
import { errorMessage, formatDateTime } from '../../../lib/format'
import { Badge, type BadgeTone } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { CopyField } from '../../../ui/copy-button'
import { Dialog, DialogFooter } from '../../../ui/dialog'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { SidePanel } from '../../../ui/side-panel'
import { Spinner } from '../../../ui/spinner'
import { Table, TBody, THead, Tr } from '../../../ui/table'
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links'
import { SHARE_LINK_UI as M } from '../share-link-messages'

const UNIT_SECONDS = { hours: 3600, days: 86_400, weeks: 604_800 } as const
type Unit = keyof typeof UNIT_SECONDS

/** The form's fields as the server's schema reads them, or the first problem of each field. */
export function shareLinkBody(
  path: string,
  fields: { expiresIn: string; unit: Unit; password: string; maxDownloads: string },
): {
  body?: z.infer<typeof createShareLinkBodySchema>
  errors: Partial<Record<'expiresIn' | 'password' | 'maxDownloads', string>>
} {
  const value = Number(fields.expiresIn.trim())
  const expiresIn = fields.expiresIn.trim() === '' ? Number.NaN : Math.round(value * UNIT_SECONDS[fields.unit])
  const parsed = createShareLinkBodySchema.safeParse({
    path,
    expiresIn,
    password: fields.password === '' ? null : fields.password,
    maxDownloads: fields.maxDownloads.trim() === '' ? null : Number(fields.maxDownloads.trim()),
  })
  if (parsed.success) return { body: parsed.data, errors: {} }
  const errors: Partial<Record<'expiresIn' | 'password' | 'maxDownloads', string>> = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as 'expiresIn' | 'password' | 'maxDownloads'
    errors[field] ??= issue.message
  }
  return { errors }
}

/**
 * 'Create share link' from a file's menu: an expiry (1 minute to 1 year; 7 days first), an optional
 * password and an optional number of downloads; then the link, shown this once, to copy.
 */
export function CreateShareLinkDialog({
  projectRef,
  bucketId,
  item,
  onClose,
}: {
  projectRef: string
  bucketId: string
  item: StorageItem | null
  onClose: () => void
}) {
  const [expiresIn, setExpiresIn] = useState('7')
  const [unit, setUnit] = useState<Unit>('days')
  const [password, setPassword] = useState('')
  const [maxDownloads, setMaxDownloads] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [created, setCreated] = useState<CreatedShareLink | null>(null)
  const create = useCreateShareLink(projectRef, bucketId)
  const checked = shareLinkBody(item?.path ?? '', { expiresIn, unit, password, maxDownloads })
  const errors = submitted ? checked.errors : {}

  const close = () => {
    setExpiresIn('7')
    setUnit('days')
    setPassword('')
    setMaxDownloads('')
    setSubmitted(false)
    setCreated(null)
    create.reset()
    onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!checked.body || create.isPending) return
    create.mutate(checked.body, {
      onSuccess: (answer) => setCreated(answer),
      onError: (error) => toast.error(M.createFailed(errorMessage(error))),
    })
  }

  if (created) {
    return (
      <Dialog
        open={item !== null}
        onOpenChange={(open) => !open && close()}
        title={M.createdTitle}
        description={M.createdDescription}
      >
        <div className="space-y-3">
          <CopyField value={created.url} label={M.linkLabel} />
          <p className="text-sm text-muted-foreground">
            {M.expires}: {formatDateTime(created.link.expiresAt)}
            {created.link.maxDownloads !== null && ` · ${M.downloads}: ${M.downloadsOf(0, created.link.maxDownloads)}`}
            {created.link.hasPassword && ` · ${M.withPassword}`}
          </p>
          <DialogFooter>
            <Button variant="primary" onClick={close}>
              {M.done}
            </Button>
          </DialogFooter>
        </div>
      </Dialog>
    )
  }
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => !open && close()}
      title={M.createTitle(item?.name ?? '')}
      description={M.createDescription}
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="grid grid-cols-[1fr_8rem] items-start gap-2">
          <FormField label={M.expiresInLabel} error={errors.expiresIn}>
            <Input type="number" min={1} value={expiresIn} onChange={(e) => setExpiresIn(e.target.value)} autoFocus />
          </FormField>
          <FormField label={M.expiryUnitLabel}>
            <NativeSelect value={unit} onChange={(e) => setUnit(e.target.value as Unit)}>
              {(Object.keys(UNIT_SECONDS) as Unit[])
                .filter((u) => UNIT_SECONDS[u] <= SHARE_LINK_MAX_EXPIRY)
                .map((u) => (
                  <option key={u} value={u}>
                    {M.units[u]}
                  </option>
                ))}
            </NativeSelect>
          </FormField>
        </div>
        <FormField label={M.passwordOptional} description={M.passwordHint} error={errors.password}>
          <Input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <FormField label={M.maxDownloadsLabel} description={M.maxDownloadsHint} error={errors.maxDownloads}>
          <Input type="number" min={1} value={maxDownloads} onChange={(e) => setMaxDownloads(e.target.value)} />
        </FormField>
        <DialogFooter>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" loading={create.isPending}>
            {create.isPending ? M.creating : M.create}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  )
}

/** Narrower cells than the table's own, so that the links fit the side panel. */
const HEAD = 'px-3 py-2 font-medium'
const CELL = 'px-3 py-2.5 align-middle'

const STATE_TONE: Record<ShareLinkState, BadgeTone> = {
  active: 'success',
  expired: 'neutral',
  revoked: 'danger',
  used_up: 'warning',
  file_deleted: 'neutral',
}

/**
 * The bucket's 'Share links' view: every link with its downloads, for every member; Revoke only for members
 * who may write storage, on links still active (the server refuses the others' revocations too).
 */
export function ShareLinksPanel({
  projectRef,
  bucket,
  canWrite,
  open,
  onOpenChange,
}: {
  projectRef: string
  bucket: Bucket
  canWrite: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const links = useShareLinks(projectRef, bucket.id, open)
  const revoke = useRevokeShareLink(projectRef, bucket.id)
  const [revoking, setRevoking] = useState<ShareLink | null>(null)
  const nameOf = (link: ShareLink) => link.path.split('/').pop() ?? link.path
  return (
    <SidePanel
      open={open}
      onOpenChange={onOpenChange}
      title={M.panelTitle(bucket.name)}
      description={M.panelDescription}
    >
      {links.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : links.isError ? (
        <ErrorState title={M.loadFailed} error={links.error} />
      ) : links.data.length === 0 ? (
        <EmptyState title={M.none} description={M.noneHint} />
      ) : (
        <Table label={M.panelButton}>
          <THead>
            <Tr>
              <th scope="col" className={HEAD}>
                {M.file}
              </th>
              <th scope="col" className={HEAD}>
                {M.expires}
              </th>
              <th scope="col" className={HEAD}>
                {M.downloads}
              </th>
              <th scope="col" className={HEAD}>
                {M.status}
              </th>
              <th scope="col" className={HEAD}>
                <span className="sr-only">{M.actions}</span>
              </th>
            </Tr>
          </THead>
          <TBody>
            {links.data.map((link) => (
              <Tr key={link.id}>
                <td className={`${CELL} max-w-48`}>
                  <div className="truncate font-medium" title={link.path}>
                    {link.path}
                  </div>
                  <div className="text-xs text-muted-foreground">
                    {link.createdBy ?? ''} · {formatDateTime(link.createdAt)}
                  </div>
                </td>
                <td className={`${CELL} whitespace-nowrap`}>{formatDateTime(link.expiresAt)}</td>
                <td className={`${CELL} whitespace-nowrap tabular-nums`}>
                  {M.downloadsOf(link.downloads, link.maxDownloads)}
                </td>
                <td className={CELL}>
                  <div className="flex flex-wrap gap-1">
                    <Badge tone={STATE_TONE[link.state]}>{M.states[link.state]}</Badge>
                    {link.hasPassword && <Badge>{M.withPassword}</Badge>}
                  </div>
                </td>
                <td className={`${CELL} text-right`}>
                  {canWrite && link.state === 'active' && (
                    <Button size="sm" aria-label={M.revokeFor(nameOf(link))} onClick={() => setRevoking(link)}>
                      {M.revoke}
                    </Button>
                  )}
                </td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      {links.data && links.data.length >= SHARE_LINKS_LISTED_MAX && (
        <p className="mt-3 text-xs text-muted-foreground">{M.listCapped(SHARE_LINKS_LISTED_MAX)}</p>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title={M.revokeTitle}
        description={revoking ? M.revokeDescription(nameOf(revoking)) : ''}
        confirmLabel={revoke.isPending ? M.revoking : M.revoke}
        loading={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success(M.revoked)
              setRevoking(null)
            },
            onError: (error) => toast.error(M.revokeFailed(errorMessage(error))),
          })
        }}
      />
    </SidePanel>
  )
}
