import type { PgType } from '@basalt/contracts'
import { formatTypeName } from '@basalt/sql'
import { NativeSelect } from '../../../ui/input'
import { BUILT_IN_TYPE_OPTIONS } from '../state/column-form'
import { SCHEMA_EDITOR_MESSAGES } from './schema-editor-messages'

/**
 * The column type picker (spec 2 §3): the built-in types, then the project's enums (from GET …/types) by
 * schema-qualified name. A type the lists do not hold (an existing column's) is offered as it is.
 */
export function ColumnTypePicker({
  value,
  onChange,
  types,
  ...props
}: {
  value: string
  onChange: (format: string) => void
  types: readonly PgType[] | undefined
  id?: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
  'aria-label'?: string
}) {
  const enums = (types ?? [])
    .filter((t) => t.enums.length > 0)
    .map((t) => ({ value: formatTypeName(t.schema, t.name), label: `${t.schema}.${t.name}` }))
  const known =
    value === '' || BUILT_IN_TYPE_OPTIONS.some((o) => o.value === value) || enums.some((o) => o.value === value)
  return (
    <NativeSelect value={value} onChange={(e) => onChange(e.target.value)} {...props}>
      <option value="">{SCHEMA_EDITOR_MESSAGES.chooseType}</option>
      {!known && (
        <option value={value}>
          {value} {SCHEMA_EDITOR_MESSAGES.currentType}
        </option>
      )}
      <optgroup label={SCHEMA_EDITOR_MESSAGES.builtInTypes}>
        {BUILT_IN_TYPE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </optgroup>
      {enums.length > 0 && (
        <optgroup label={SCHEMA_EDITOR_MESSAGES.enumTypes}>
          {enums.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </optgroup>
      )}
    </NativeSelect>
  )
}
