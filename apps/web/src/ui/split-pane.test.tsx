import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { VerticalSplit } from './split-pane'

describe('VerticalSplit', () => {
  it('moves the handle with the arrow keys within its limits, and keeps the size for next time', async () => {
    const { unmount } = render(
      <VerticalSplit label="Resize" top={<p>top</p>} bottom={<p>bottom</p>} initial={0.5} storageKey="split-test" />,
    )
    const handle = screen.getByRole('separator', { name: 'Resize' })
    expect(handle).toHaveAttribute('aria-valuenow', '50')
    handle.focus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    expect(handle).toHaveAttribute('aria-valuenow', '60')
    await userEvent.keyboard('{Home}')
    expect(handle).toHaveAttribute('aria-valuenow', '15')
    await userEvent.keyboard('{ArrowUp}')
    expect(handle).toHaveAttribute('aria-valuenow', '15')
    unmount()

    render(<VerticalSplit label="Resize" top={<p>top</p>} bottom={<p>bottom</p>} storageKey="split-test" />)
    expect(screen.getByRole('separator', { name: 'Resize' })).toHaveAttribute('aria-valuenow', '15')
  })
})
