import { useEffect, useRef, useState } from 'react'
import { Input } from '../../../ui/input'

/**
 * An item's name being edited in place (spec 3 §4 "Inline rename"): Enter or leaving the field saves, Escape
 * cancels; a refused name keeps the field open after Enter. The whole name is selected on opening, but for a file's extension.
 */
export function InlineName({
  initial,
  label,
  selectExtension = false,
  onSubmit,
  onCancel,
}: {
  initial: string
  label: string
  selectExtension?: boolean
  /** False when the name was refused (its toast shown): the field stays open after Enter, closes after a blur. */
  onSubmit: (name: string) => boolean
  onCancel: () => void
}) {
  const [value, setValue] = useState(initial)
  const ref = useRef<HTMLInputElement>(null)
  const done = useRef(false)
  useEffect(() => {
    const input = ref.current
    if (!input) return
    input.focus()
    const dot = initial.lastIndexOf('.')
    input.setSelectionRange(0, !selectExtension && dot > 0 ? dot : initial.length)
  }, [initial, selectExtension])

  const finish = (save: boolean, blurred = false) => {
    if (done.current) return
    done.current = true
    if (!save) return onCancel()
    if (onSubmit(value)) return
    if (blurred) return onCancel()
    done.current = false
    ref.current?.focus()
  }

  return (
    <Input
      ref={ref}
      aria-label={label}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault()
          finish(true)
        } else if (e.key === 'Escape') {
          e.preventDefault()
          e.stopPropagation()
          finish(false)
        }
      }}
      onBlur={() => finish(true, true)}
      className="h-7 px-2 text-sm"
      spellCheck={false}
      autoComplete="off"
    />
  )
}
