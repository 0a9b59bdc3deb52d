import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { isApiError } from '../lib/api-client'
import { errorMessage } from '../lib/format'

/**
 * A server's refusal that concerns one field (wrong credentials, a wrong code) shown on that field: the
 * form's FormField marks it aria-invalid and describes it by the message, and the focus moves to it (WCAG
 * 3.3.1). Refusals of other codes stay the form's own (FormError).
 *
 * @example
 *   const fieldErrors = serverFieldErrors(form, { invalid_credentials: 'password' })
 *   signIn.mutate(values, { onError: fieldErrors.onError })
 *   <FormError error={fieldErrors.formError(signIn.error)} />
 */
export function serverFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  fieldOfCode: Partial<Record<string, Path<T>>>,
) {
  const fieldOf = (error: unknown) => (isApiError(error) ? fieldOfCode[error.code] : undefined)
  return {
    onError: (error: unknown) => {
      const field = fieldOf(error)
      if (field) form.setError(field, { type: 'server', message: errorMessage(error) }, { shouldFocus: true })
    },
    /** The error when no field took it, for the form's FormError. */
    formError: (error: unknown) => (fieldOf(error) ? null : error),
  }
}
