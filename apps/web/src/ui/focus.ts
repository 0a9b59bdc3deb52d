// Where the keyboard's focus goes when what held it goes away (issue 18): the one place that decides it for
// every dialog, side panel and popover of the app, and the guard that keeps the focus off <body> after any
// action. docs/accessibility.md states the rules.
import { useRef } from 'react'
import { mainHeading } from './orientation'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]'

/** Menus and listboxes close with their item: their trigger is what the user was on. */
const TRANSIENT = '[role="menu"], [role="menubar"], [role="listbox"]'

/** Connected, enabled, not hidden or inert: focus() on it would land. */
export function canTakeFocus(el: Element | null | undefined): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.isConnected || el === document.body) return false
  if ((el as HTMLButtonElement).disabled) return false
  if (el.closest('[hidden], [inert], [aria-hidden="true"]')) return false
  const style = getComputedStyle(el)
  return style.display !== 'none' && style.visibility !== 'hidden'
}

/** The element in `container` the focus should land on: a grid's active cell, else its first focusable. */
export function focusTargetIn(container: Element): HTMLElement | null {
  const grid = container.matches('[role="grid"], [role="treegrid"]')
    ? container
    : container.querySelector('[role="grid"], [role="treegrid"]')
  if (grid) {
    // The grid is one tab stop: its cell with tabindex 0 is where the keyboard left it.
    const active = grid.querySelector('[tabindex="0"]')
    if (canTakeFocus(active)) return active
  }
  for (const el of container.querySelectorAll(FOCUSABLE)) if (canTakeFocus(el)) return el
  return null
}

/** What was focused, and the elements around it, to find the next sensible place when it has gone. */
export interface FocusMemory {
  element: HTMLElement | null
  ancestors: Element[]
}

let lastOutsideMenu: HTMLElement | null = null
let tracking = false

/** Follows the focus, so that a dialog opened from a menu item returns to the menu's trigger. */
function track() {
  if (tracking || typeof document === 'undefined') return
  tracking = true
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target
      if (target instanceof HTMLElement && !target.closest(TRANSIENT)) lastOutsideMenu = target
    },
    true,
  )
}

/** Remembers the element focused now (a menu item counts as its menu's trigger) and where it sits. */
export function rememberFocus(active: Element | null = document.activeElement): FocusMemory {
  track()
  let element = active instanceof HTMLElement && active !== document.body ? active : null
  if (!element || element.closest(TRANSIENT)) {
    const menu = element?.closest(TRANSIENT)
    const trigger = menu?.getAttribute('aria-labelledby')
    element = (trigger && document.getElementById(trigger)) || lastOutsideMenu
  }
  const ancestors: Element[] = []
  for (let el = element?.parentElement; el && el !== document.body; el = el.parentElement) ancestors.push(el)
  return { element, ancestors }
}

/**
 * Focuses, in this order: `preferred` (when it can take the focus), what was remembered, `fallback()` when
 * that has gone, the first focusable element of its nearest surviving container, the page's main heading.
 * Returns the element focused, if any.
 */
export function restoreFocus(
  memory: FocusMemory | null,
  fallback?: () => HTMLElement | null | undefined,
): HTMLElement | null {
  const candidates: Array<() => HTMLElement | null | undefined> = [
    () => memory?.element,
    () => fallback?.(),
    () => {
      // The nearest surviving container that still holds something to focus ('Remove filter' may leave its
      // list empty: then the popover around it).
      for (const container of memory?.ancestors ?? []) {
        const target = container.isConnected ? focusTargetIn(container) : null
        if (target) return target
      }
      return null
    },
    mainHeading,
  ]
  for (const candidate of candidates) {
    const el = candidate()
    if (canTakeFocus(el)) {
      el.focus({ preventScroll: false })
      if (document.activeElement === el) return el
    }
  }
  return null
}

/**
 * Props for a Radix dialog's or popover's content that return the focus to what opened it when it closes,
 * however it closes (Escape, Cancel, Close, Save, an outside click), or, when that has gone, to
 * `focusAfterClose()` and then to the next sensible place (see restoreFocus).
 *
 * Radix returns the focus only to its own Trigger: dialogs opened from a toolbar button, a menu item or a
 * keyboard shortcut left it on <body>.
 */
export function useFocusReturn(focusAfterClose?: () => HTMLElement | null | undefined) {
  const memory = useRef<FocusMemory | null>(null)
  const fallback = useRef(focusAfterClose)
  fallback.current = focusAfterClose
  return {
    // Radix calls this before moving the focus in: the opener is still the active element.
    onOpenAutoFocus: () => {
      memory.current = rememberFocus()
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault()
      restoreFocus(memory.current, () => fallback.current?.())
    },
  }
}

/**
 * Keeps the focus off <body>: when the focused element is removed ('Remove filter'), disabled (a submit
 * button that disables itself) or hidden, and nothing else took the focus once the page has settled, the
 * focus moves to the nearest surviving container's first focusable element, else to the main heading. Focus
 * the user dropped themselves (a click on the page's background) is left alone. Returns the uninstaller.
 */
export function installFocusGuard(root: Document = document): () => void {
  track()
  let memory: FocusMemory | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement) memory = rememberFocus(event.target)
  }
  const check = () => {
    timer = undefined
    const active = root.activeElement
    // Chromium moves the focus to <body> when the focused element is removed or disabled; jsdom leaves it on
    // a disabled one, from which Tab does not go on either.
    const onDisabled = active !== null && (active as HTMLButtonElement).disabled === true
    if (!onDisabled && active !== root.body && active !== null) return
    if (!memory?.element || canTakeFocus(memory.element)) return
    restoreFocus({ element: null, ancestors: memory.ancestors })
  }
  // Radix and the features restore the focus themselves within a tick or two: the guard comes after them.
  const schedule = () => {
    timer ??= setTimeout(check, 50)
  }
  const observer = new MutationObserver(schedule)
  observer.observe(root.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden', 'inert', 'class', 'style', 'aria-disabled'],
  })
  root.addEventListener('focusin', onFocusIn, true)
  root.addEventListener('focusout', schedule, true)
  return () => {
    observer.disconnect()
    root.removeEventListener('focusin', onFocusIn, true)
    root.removeEventListener('focusout', schedule, true)
    if (timer !== undefined) clearTimeout(timer)
  }
}
