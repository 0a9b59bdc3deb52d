import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Skeleton } from '../../../ui/skeleton'
import { SCHEMA_EDITOR_MESSAGES } from './schema-editor-messages'

/** What the table and column panels show while the table they change loads. */
export function SchemaPanelLoading() {
  return (
    <div role="status" aria-label="Loading the table" className="space-y-3">
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  )
}

/** The name and description fields both schema panels open with (the description is the comment). */
export function NameAndCommentFields({
  name,
  comment,
  nameError,
  onChange,
}: {
  name: string
  comment: string
  nameError: string | undefined
  onChange: (patch: { name?: string; comment?: string }) => void
}) {
  return (
    <>
      <FormField label={SCHEMA_EDITOR_MESSAGES.name} error={nameError}>
        <Input value={name} onChange={(e) => onChange({ name: e.target.value })} autoComplete="off" />
      </FormField>
      <FormField label={SCHEMA_EDITOR_MESSAGES.description}>
        <Input
          value={comment}
          placeholder={SCHEMA_EDITOR_MESSAGES.descriptionPlaceholder}
          onChange={(e) => onChange({ comment: e.target.value })}
        />
      </FormField>
    </>
  )
}
