import { errorMessage } from '../lib/format'

/** The server's answer to a failed submit, under the form. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null
  return (
    <p role="alert" className="rounded-md border border-destructive/40 px-3 py-2 text-sm text-destructive">
      {errorMessage(error)}
    </p>
  )
}
