import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SqlHistoryEntry } from '@basalt/contracts'
import { mockFetch, renderWithProviders } from '../../../../test/helpers'
import { HISTORY_PAGE_SIZE } from '../../api/get-query-history'
import { HISTORY_MESSAGES, QueryHistoryButton } from './query-history-button'

const historyPath = 'GET /api/platform/pg-meta/abc/query/history'

const run = (n: number, extra: Partial<SqlHistoryEntry> = {}): SqlHistoryEntry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  query: `select ${n}`,
  role: 'admin',
  userId: null,
  status: 'success',
  startedAt: new Date(Date.UTC(2025, 0, 1, 12, 0, n % 60)).toISOString(),
  durationMs: 12.3,
  rows: 1,
  statementCount: 1,
  error: null,
  ...extra,
})

function renderButton(onOpen = vi.fn()) {
  renderWithProviders(<QueryHistoryButton projectRef="abc" onOpen={onOpen} />)
  return { onOpen, user: userEvent.setup() }
}

describe('QueryHistoryButton', () => {
  it("lists the member's runs with status, duration, role and rows, and opens one's SQL in the editor", async () => {
    const { calls } = mockFetch({
      [historyPath]: {
        body: {
          runs: [
            run(2, {
              query: 'select * from todos',
              role: 'authenticated',
              userId: 'aaaaaaaa-0000-4000-8000-000000000001',
              rows: 3,
            }),
            run(1, { query: 'select 1/0', status: 'error', rows: null, error: 'division by zero', durationMs: 1.5 }),
          ],
          more: false,
        },
      },
    })
    const { onOpen, user } = renderButton()
    const trigger = screen.getByRole('button', { name: HISTORY_MESSAGES.button })
    await user.click(trigger)

    const panel = await screen.findByRole('dialog', { name: HISTORY_MESSAGES.title })
    const list = await within(panel).findByRole('list', { name: HISTORY_MESSAGES.title })
    const [first, second] = within(list).getAllByRole('listitem')
    expect(first).toHaveTextContent('select * from todos')
    expect(first).toHaveTextContent('Success')
    expect(first).toHaveTextContent('12 ms')
    expect(first).toHaveTextContent('authenticated · aaaaaaaa-0000-4000-8000-000000000001')
    expect(first).toHaveTextContent('3 rows')
    expect(second).toHaveTextContent('Error')
    expect(second).toHaveTextContent('postgres (admin)')
    expect(second).toHaveTextContent('division by zero')
    expect(second).toHaveTextContent('1.5 ms')
    expect(calls[0]?.path).toBe('/api/platform/pg-meta/abc/query/history')

    const open = within(first!).getByRole('button', { name: HISTORY_MESSAGES.open })
    expect(open).toHaveAccessibleDescription('select * from todos')
    await user.click(open)
    expect(onOpen).toHaveBeenCalledWith('select * from todos')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(trigger).toHaveFocus()
  })

  it('searches the SQL on the server, and says when nothing matches', async () => {
    const searches: (string | null)[] = []
    mockFetch({
      [historyPath]: ({ url }) => {
        const search = url.searchParams.get('search')
        searches.push(search)
        return { body: { runs: search ? [] : [run(1)], more: false } }
      },
    })
    const { user } = renderButton()
    await user.click(screen.getByRole('button', { name: HISTORY_MESSAGES.button }))
    await screen.findByText('select 1')
    await user.type(screen.getByRole('searchbox', { name: HISTORY_MESSAGES.search }), '  todos ')
    expect(await screen.findByText(HISTORY_MESSAGES.noMatch('todos'))).toBeInTheDocument()
    expect(searches).toEqual([null, 'todos'])
  })

  it("loads more runs before the last one shown, keeping the focus on 'Load more'", async () => {
    const firstPage = Array.from({ length: HISTORY_PAGE_SIZE }, (_, i) => run(100 - i))
    const befores: (string | null)[] = []
    mockFetch({
      [historyPath]: ({ url }) => {
        const before = url.searchParams.get('before')
        befores.push(before)
        // A page may be short of HISTORY_PAGE_SIZE (its text is long) and still have more after it.
        return {
          body: before
            ? { runs: [run(1, { query: 'select oldest' })], more: false }
            : { runs: firstPage.slice(0, 3), more: true },
        }
      },
    })
    const { user } = renderButton()
    await user.click(screen.getByRole('button', { name: HISTORY_MESSAGES.button }))
    const more = await screen.findByRole('button', { name: HISTORY_MESSAGES.loadMore })
    more.focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByText('select oldest')).toBeInTheDocument()
    expect(befores).toEqual([null, firstPage[2]!.id])
    expect(screen.getAllByRole('listitem')).toHaveLength(4)
    // The server said nothing remains: nothing more to load.
    expect(screen.queryByRole('button', { name: HISTORY_MESSAGES.loadMore })).not.toBeInTheDocument()
  })

  it('says when there is no run yet, and shows a failed load with Retry', async () => {
    let fail = true
    mockFetch({
      [historyPath]: () =>
        fail
          ? { status: 503, body: { code: 'database_restarting', message: 'The project database is restarting' } }
          : { body: { runs: [], more: false } },
    })
    const { user } = renderButton()
    await user.click(screen.getByRole('button', { name: HISTORY_MESSAGES.button }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(HISTORY_MESSAGES.loadFailed)
    expect(alert).toHaveTextContent('The project database is restarting')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText(HISTORY_MESSAGES.empty)).toBeInTheDocument()
  })
})
