import { focusMain } from './orientation'

/**
 * The first thing Tab reaches on every page: 'Skip to main content', hidden until focused, which moves the
 * focus to the page's main region (its heading, when it has one).
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        event.preventDefault()
        focusMain()
      }}
      className="sr-only rounded-md bg-surface-raised px-3 py-2 text-sm font-medium text-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100]"
    >
      Skip to main content
    </a>
  )
}
