import type { ReactNode } from 'react'

/**
 * The label and optional description of one checkbox or switch whose id is `id`: the description's id is
 * `${id}-description`, for the control's aria-describedby (see describedBy).
 */
export function ControlLabel({ id, label, description }: { id: string; label: ReactNode; description?: ReactNode }) {
  return (
    <div className="space-y-0.5">
      <label htmlFor={id} className="block text-sm font-medium text-foreground">
        {label}
      </label>
      {description && (
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
    </div>
  )
}

/** The aria-describedby of the control ControlLabel labels. */
export const describedBy = (id: string, description: ReactNode) => (description ? `${id}-description` : undefined)
