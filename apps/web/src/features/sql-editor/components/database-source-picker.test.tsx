import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ProjectDatabase } from '@basalt/contracts'
import { mockFetch, renderWithProviders } from '../../../test/helpers'
import { DatabaseSourcePicker, SOURCE_LIST_VISIBLE_ENTRIES } from './database-source-picker'

const primary: ProjectDatabase = { identifier: 'abc', type: 'primary', status: 'active', connectionId: 'p-1' }
const replica = (n: number, status: ProjectDatabase['status'] = 'active'): ProjectDatabase => ({
  identifier: `abc-rr-${n}`,
  type: 'read_replica',
  status,
  connectionId: `r-${n}`,
})

function Picker() {
  const [value, setValue] = useState<string | undefined>(undefined)
  return (
    <>
      <DatabaseSourcePicker projectRef="abc" value={value} onChange={setValue} />
      <output aria-label="Sent as">{value ?? 'primary'}</output>
    </>
  )
}

describe('DatabaseSourcePicker', () => {
  it('chooses a read replica and back, and links to the infrastructure settings', async () => {
    mockFetch({ 'GET /api/platform/projects/abc/databases': { body: [primary, replica(1), replica(2, 'coming_up')] } })
    renderWithProviders(<Picker />)
    await userEvent.click(screen.getByRole('button', { name: 'Source: Primary database' }))
    const list = await screen.findByRole('radiogroup', { name: 'Database source' })
    expect(within(list).getByRole('radio', { name: 'Primary database' })).toBeChecked()
    expect(within(list).getByRole('radio', { name: /abc-rr-2/ })).toBeDisabled()
    expect(screen.getByRole('link', { name: 'Manage read replicas' })).toHaveAttribute(
      'href',
      '/project/abc/settings/infrastructure',
    )
    await userEvent.click(within(list).getByRole('radio', { name: 'Read replica (abc-rr-1)' }))
    expect(screen.getByRole('status', { name: 'Sent as' })).toHaveTextContent('r-1')

    await userEvent.click(screen.getByRole('button', { name: 'Source: Read replica (abc-rr-1)' }))
    await userEvent.click(await screen.findByRole('radio', { name: 'Primary database' }))
    expect(screen.getByRole('status', { name: 'Sent as' })).toHaveTextContent('primary')
  })

  it('scrolls a list longer than seven entries', async () => {
    const many = [primary, ...Array.from({ length: 9 }, (_, i) => replica(i + 1))]
    mockFetch({ 'GET /api/platform/projects/abc/databases': { body: many } })
    renderWithProviders(<Picker />)
    await userEvent.click(screen.getByRole('button', { name: 'Source: Primary database' }))
    const list = await screen.findByRole('radiogroup', { name: 'Database source' })
    expect(within(list).getAllByRole('radio')).toHaveLength(10)
    expect(list).toHaveClass('overflow-y-auto')
    const entry = Number.parseInt(within(list).getAllByRole('radio')[0]!.style.height)
    expect(Number.parseInt(list.style.maxHeight)).toBe(SOURCE_LIST_VISIBLE_ENTRIES * entry)
  })

  it('goes back to the primary when the chosen replica is removed', async () => {
    let databases = [primary, replica(1)]
    mockFetch({ 'GET /api/platform/projects/abc/databases': () => ({ body: databases }) })
    const { queryClient } = renderWithProviders(<Picker />)
    await userEvent.click(screen.getByRole('button', { name: 'Source: Primary database' }))
    await userEvent.click(await screen.findByRole('radio', { name: 'Read replica (abc-rr-1)' }))
    expect(screen.getByRole('status', { name: 'Sent as' })).toHaveTextContent('r-1')
    databases = [primary]
    await queryClient.refetchQueries()
    expect(await screen.findByRole('button', { name: 'Source: Primary database' })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Sent as' })).toHaveTextContent('primary')
  })
})
