import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { useFocusKeptInArea } from './use-focus-kept-in-area'

/** An area showing a button, or a panel in its place; a button outside it. */
function Area({ shows, withTarget = true }: { shows: 'button' | 'panel'; withTarget?: boolean }) {
  const focus = useFocusKeptInArea(shows)
  return (
    <>
      <button type="button">Outside</button>
      <div {...focus.areaProps} data-testid="area">
        {shows === 'button' ? (
          <button type="button">Inside</button>
        ) : (
          <div ref={withTarget ? focus.target : undefined} tabIndex={-1} data-testid="panel">
            Panel
          </div>
        )}
      </div>
    </>
  )
}

describe('useFocusKeptInArea', () => {
  it('moves the focus to the target when the element holding it is swapped out', () => {
    const { rerender } = render(<Area shows="button" />)
    screen.getByRole('button', { name: 'Inside' }).focus()
    rerender(<Area shows="panel" />)
    expect(screen.getByTestId('panel')).toHaveFocus()
  })

  it('falls back to the area itself without a target', () => {
    const { rerender } = render(<Area shows="button" withTarget={false} />)
    screen.getByRole('button', { name: 'Inside' }).focus()
    rerender(<Area shows="panel" withTarget={false} />)
    expect(screen.getByTestId('area')).toHaveFocus()
  })

  it('leaves the focus where it is when it was taken outside the area', () => {
    const { rerender } = render(<Area shows="button" />)
    screen.getByRole('button', { name: 'Inside' }).focus()
    screen.getByRole('button', { name: 'Outside' }).focus()
    rerender(<Area shows="panel" />)
    expect(screen.getByRole('button', { name: 'Outside' })).toHaveFocus()
  })

  it('does not pull the focus back once it left the area, even when it later falls back to the page', () => {
    const { rerender } = render(<Area shows="button" />)
    screen.getByRole('button', { name: 'Inside' }).focus()
    screen.getByRole('button', { name: 'Outside' }).focus()
    screen.getByRole('button', { name: 'Outside' }).blur()
    rerender(<Area shows="panel" />)
    expect(document.body).toHaveFocus()
  })

  it('takes no focus when the area never had it', () => {
    const { rerender } = render(<Area shows="button" />)
    rerender(<Area shows="panel" />)
    expect(document.body).toHaveFocus()
  })
})
