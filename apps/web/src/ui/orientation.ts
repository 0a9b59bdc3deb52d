// Where am I (issue 18, WCAG 2.4.2 and 2.4.3): each page's <title> is read from the page itself, and a
// route change moves the focus to the new page's heading. One mechanism for every page, built or to come:
//   - the page part of the title is the text of an element with `data-page-title` inside <main> (the table
//     editor's 'Table editor · public.customers'), else the page's <h1>;
//   - layouts mark what the page belongs to with `data-title-context` (the project's or organisation's
//     name); the nearest one around <main> follows the page part, then 'Basalt'.
// So 'Table editor · public.customers · Shop · Basalt'.

export const APP_NAME = 'Basalt'
const SEPARATOR = ' · '

/** The page's main region: the last <main> (a not-found page inside a layout's main is the page). */
function mainRegion(): HTMLElement | null {
  const mains = document.querySelectorAll<HTMLElement>('main')
  return mains[mains.length - 1] ?? null
}

/** The page's heading, focusable by script only (tabindex -1): its <h1> inside <main>, else one outside dialogs. */
export function mainHeading(): HTMLElement | null {
  let heading = mainRegion()?.querySelector<HTMLElement>('h1') ?? null
  if (!heading)
    heading = [...document.querySelectorAll<HTMLElement>('h1')].find((h) => !h.closest('[role="dialog"]')) ?? null
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1
  return heading
}

/** The document title the page now shows, from its own elements (see the top of this file). */
export function pageTitle(): string {
  const main = mainRegion()
  const explicit = main?.querySelector<HTMLElement>('[data-page-title]')
  const page = explicit?.dataset.pageTitle || explicit?.textContent || mainHeading()?.textContent || ''
  const parts = [page.trim()]
  for (let el = main?.parentElement; el; el = el.parentElement) {
    const context = el.dataset.titleContext
    if (context) parts.push(context)
  }
  parts.push(APP_NAME)
  return [...new Set(parts.filter(Boolean))].join(SEPARATOR)
}

/** Focuses the page's heading (made focusable by script only), else its main region; true when it did. */
export function focusMain(): boolean {
  const target = mainHeading() ?? mainRegion()
  if (!target) return false
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1
  target.focus()
  return document.activeElement === target
}

/**
 * Keeps document.title in step with the page, and after each route change (`pathname` differs from the
 * last) moves the focus to the new page's heading once it renders — unless the user has already put the
 * focus inside the page or a dialog. Returns the uninstaller. The first page load keeps the browser's focus.
 */
export function watchOrientation(): { routeChanged: () => void; dispose: () => void } {
  let pendingFocus = false
  let deadline = 0
  let frame = 0
  const update = () => {
    frame = 0
    const title = pageTitle()
    if (document.title !== title) document.title = title
    if (!pendingFocus) return
    if (Date.now() > deadline) {
      pendingFocus = false
      return
    }
    const active = document.activeElement
    const userMovedIn = active && active !== document.body && active.closest('main, [role="dialog"]')
    if (userMovedIn) {
      pendingFocus = false
      return
    }
    if (mainHeading() && focusMain()) pendingFocus = false
  }
  const schedule = () => {
    frame ||= requestAnimationFrame(update)
  }
  const observer = new MutationObserver(schedule)
  observer.observe(document.body, { subtree: true, childList: true, characterData: true })
  schedule()
  return {
    routeChanged: () => {
      // A lazy page and its data can take a while; past this the user is doing something else.
      pendingFocus = true
      deadline = Date.now() + 5000
      schedule()
    },
    dispose: () => {
      observer.disconnect()
      if (frame) cancelAnimationFrame(frame)
    },
  }
}
