export function Logo({ compact }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold">
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden>
        <path d="M12 2 3 7v10l9 5 9-5V7z" className="fill-brand" />
        <path d="M12 7 7.5 9.5v5L12 17l4.5-2.5v-5z" className="fill-background" opacity="0.85" />
      </svg>
      {!compact && <span>Basalt</span>}
    </span>
  )
}
