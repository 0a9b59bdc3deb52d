import { useEffect, useState } from 'react'
import { Check, Copy } from 'lucide-react'
import { Button } from './button'
import { UI_MESSAGES } from './messages'

/** Spec 2 §9: the copy-check icon shows for 2 seconds. */
export const COPY_CHECK_MS = 2000

/**
 * Copies `value` and shows a check for a moment. Where several sit on one page, `name` tells them apart
 * for screen readers (e.g. "Copy host"); it starts with the visible "Copy" so speech input still finds it.
 */
export function CopyButton({
  value,
  label = UI_MESSAGES.copy,
  name,
}: {
  value: string
  label?: string
  name?: string
}) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPY_CHECK_MS)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <Button
      size="sm"
      aria-label={copied || !name ? undefined : name}
      onClick={async () => {
        await navigator.clipboard?.writeText(value)
        setCopied(true)
      }}
    >
      {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
      {copied ? UI_MESSAGES.copied : label}
    </Button>
  )
}

/** A read-only value (token, link) with its copy button. */
export function CopyField({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <input
        readOnly
        aria-label={label}
        value={value}
        onFocus={(e) => e.currentTarget.select()}
        className="h-9 min-w-0 flex-1 rounded-md border border-input bg-muted px-3 font-mono text-xs"
      />
      <CopyButton value={value} />
    </div>
  )
}
