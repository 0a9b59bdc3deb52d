import { useId, useState, type ReactNode } from 'react'
import { Eye, EyeOff } from 'lucide-react'
import { PROJECT_API_MESSAGES as MESSAGES, type ProjectApiSecret } from '@basalt/contracts'
import { Button } from '../ui/button'
import { CopyButton } from '../ui/copy-button'
import { FormError } from '../ui/form-error'
import { Input } from '../ui/input'
import { Spinner } from '../ui/spinner'
import { useRevealProjectApiSecret } from './project-api-settings'

/** The project's URL and keys as Settings › API and API docs › Storage show them (issue 25 points 1, 8). */

const MASK = '****************************************'

function FieldRow({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5 sm:grid-cols-[12rem_1fr] sm:items-start sm:gap-4">
      <label htmlFor={htmlFor} className="text-sm font-medium sm:pt-2">
        {label}
      </label>
      <div className="min-w-0 space-y-1.5">{children}</div>
    </div>
  )
}

export function ValueField({ label, value, hint }: { label: string; value: string; hint: string }) {
  const id = useId()
  return (
    <FieldRow label={label} htmlFor={id}>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          aria-describedby={`${id}-hint`}
          onFocus={(e) => e.currentTarget.select()}
          className="bg-muted font-mono text-xs"
        />
        <CopyButton value={value} name={`Copy ${label}`} />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </FieldRow>
  )
}

/** A secret shown as a mask until an Owner or Administrator reveals it (each reveal is audited); API docs › Storage shows it too. */
export function SecretField(props: {
  projectRef: string
  secret: ProjectApiSecret
  label: string
  hint: string
  canReveal: boolean
  /** Changes when the secret is rolled: a value revealed before is forgotten. */
  version: string
}) {
  const id = useId()
  const reveal = useRevealProjectApiSecret(props.projectRef)
  const [revealedFor, setRevealedFor] = useState<string | null>(null)
  const value = revealedFor === props.version ? reveal.data?.value : undefined
  return (
    <FieldRow label={props.label} htmlFor={id}>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          readOnly
          type={value === undefined ? 'password' : 'text'}
          autoComplete="off"
          value={value ?? MASK}
          aria-describedby={`${id}-hint`}
          onFocus={(e) => e.currentTarget.select()}
          className="bg-muted font-mono text-xs"
        />
        {value !== undefined && <CopyButton value={value} name={`Copy ${props.label}`} />}
        {props.canReveal && (
          <Button
            size="sm"
            aria-busy={reveal.isPending || undefined}
            onClick={() => {
              if (value !== undefined) {
                reveal.reset()
                setRevealedFor(null)
              } else if (!reveal.isPending) {
                reveal.mutate(props.secret, { onSuccess: () => setRevealedFor(props.version) })
              }
            }}
          >
            {reveal.isPending ? (
              <Spinner size={14} />
            ) : value === undefined ? (
              <Eye className="size-3.5" aria-hidden />
            ) : (
              <EyeOff className="size-3.5" aria-hidden />
            )}
            {value === undefined ? MESSAGES.reveal : MESSAGES.hide}
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {props.canReveal ? props.hint : `${props.hint} ${MESSAGES.revealOnlyAdmins}.`}
      </p>
      <FormError error={reveal.error} />
    </FieldRow>
  )
}
