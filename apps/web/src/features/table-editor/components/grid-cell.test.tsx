import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderWithProviders } from '../../../test/helpers'
import { GridCell } from './grid-cell'

describe('grid cell', () => {
  const foreignKey = { targetTableId: 51, targetSchema: 'public', targetTable: 'owners', targetColumn: 'id' }

  it('links a foreign-key value to the target table filtered on the target column', () => {
    renderWithProviders(<GridCell projectRef="abc" value={5} truncated={false} foreignKey={foreignKey} />)
    const link = screen.getByRole('link', { name: 'View the referenced row in public.owners' })
    const url = new URL(link.getAttribute('href')!, 'http://x')
    expect(url.pathname).toBe('/project/abc/editor/51')
    expect(url.searchParams.getAll('filter')).toEqual(['id:eq:5'])
  })

  it('shows NULL without a link', () => {
    renderWithProviders(<GridCell projectRef="abc" value={null} truncated={false} foreignKey={foreignKey} />)
    expect(screen.getByText('NULL')).toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })

  it('shows objects as JSON', () => {
    renderWithProviders(<GridCell projectRef="abc" value={{ a: [1, 2] }} truncated={false} foreignKey={undefined} />)
    expect(screen.getByText('{"a":[1,2]}')).toBeInTheDocument()
  })
})
