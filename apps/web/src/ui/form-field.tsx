import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react'
import { Label } from 'radix-ui'

interface FieldControlProps {
  id?: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}

/**
 * A label, one control, an optional description and its validation error, wired together with
 * ids so the error is announced with the control.
 */
export function FormField({
  label,
  description,
  error,
  children,
}: {
  label: ReactNode
  description?: ReactNode
  error?: string | undefined
  children: ReactElement<FieldControlProps>
}) {
  const id = useId()
  const descriptionId = `${id}-description`
  const errorId = `${id}-error`
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ')
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })
    : children
  return (
    <div className="space-y-1.5">
      <Label.Root htmlFor={id} className="block text-sm font-medium text-foreground">
        {label}
      </Label.Root>
      {control}
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
