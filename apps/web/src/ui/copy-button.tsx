import { useEffect, useState } from 'react'
import { Check, Copy } from 'lucide-react'
import { Button } from './button'
import { UI_MESSAGES } from './messages'

/** Spec 2 §9: the copy-check icon shows for 2 seconds. */
export const COPY_CHECK_MS = 2000

export function CopyButton({ value, label = UI_MESSAGES.copy }: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPY_CHECK_MS)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <Button
      size="sm"
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
