import { Input } from '../../../ui/input'

/** The form's validation messages, announced as one alert (both policy modals). */
export function PolicyFormErrors({ errors }: { errors: readonly string[] }) {
  if (errors.length === 0) return null
  return (
    <ul role="alert" className="space-y-0.5 text-sm text-destructive">
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  )
}

/** A policy's name with the count of its characters against the limit, which the field is described by. */
export function PolicyNameField({
  id,
  label,
  value,
  max,
  invalid,
  placeholder,
  onChange,
}: {
  id: string
  label: string
  value: string
  max: number
  invalid: boolean
  placeholder?: string
  onChange: (name: string) => void
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <span id={`${id}-count`} className="text-xs text-muted-foreground">
          {value.length}/{max}
        </span>
      </div>
      <Input
        id={id}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-count`}
        autoComplete="off"
      />
    </div>
  )
}
