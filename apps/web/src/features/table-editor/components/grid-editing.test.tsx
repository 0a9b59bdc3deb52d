import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  CSV_EXPORT_LIMIT_MESSAGE,
  permissionsOf,
  type PgTable,
  type TableDeleteBody,
  type TableInsertBody,
  type TableRow,
  type TableUpdateBody,
} from '@basalt/contracts'
import { routes } from '../../../app/router'
import { mockFetch, renderRoutes, testProject, testSession } from '../../../test/helpers'
import { deleteRowsText, rowsSelectedText, selectAllRowsText, TABLE_EDITOR_MESSAGES as M } from '../messages'
import { UI_MESSAGES } from '../../../ui/messages'
import { impersonationStore } from '../../../project/role-impersonation/role-impersonation-store'
import { pgColumn, pgTable } from '../../../test/pg-meta-fixtures'

const base = '/api/platform/pg-meta/abc'

// Several suites share two cores here: give the grid time to load before a query gives up.
configure({ asyncUtilTimeout: 5000 })

const columns = [
  pgColumn('id', 'int8', {
    ordinal_position: 1,
    table_id: 42,
    is_identity: true,
    identity_generation: 'BY DEFAULT',
    is_nullable: false,
  }),
  pgColumn('title', 'text', { ordinal_position: 2, table_id: 42 }),
  pgColumn('meta', 'jsonb', { ordinal_position: 3, table_id: 42 }),
  pgColumn('done', 'bool', { ordinal_position: 4, table_id: 42, is_nullable: false, default_value: 'false' }),
  pgColumn('mood', 'mood', { ordinal_position: 5, table_id: 42, data_type: 'USER-DEFINED', enums: ['sad', 'happy'] }),
  pgColumn('score', 'int4', { ordinal_position: 6, table_id: 42, is_nullable: false }),
]

const fields = columns.map((c) => ({ name: c.name, dataTypeID: 0, format: c.format, dataType: c.format }))

function row(idx: number, data: Record<string, unknown>, truncated: string[] = []): TableRow {
  return { idx, data, truncated }
}

const initialRows = () => [
  row(0, { id: 1, title: 'Todo 1', meta: { a: 1 }, done: true, mood: 'sad', score: 5 }),
  row(1, { id: 2, title: 'Todo 2', meta: null, done: false, mood: null, score: 7 }),
]

interface Options {
  table?: Partial<PgTable>
  rows?: TableRow[]
  total?: number
  permissions?: ReturnType<typeof permissionsOf>
  role?: 'owner' | 'read_only'
  update?: (body: TableUpdateBody) => { status?: number; body?: unknown }
  exportAnswer?: { status?: number; body?: unknown }
}

/** The stubbed project: a table whose rows the write calls really change, so refetches show the writes. */
function setup(options: Options = {}) {
  let rows = options.rows ?? initialRows()
  let tableColumns = columns
  const role = options.role ?? 'owner'
  const stubs = mockFetch({
    'GET /api/auth/session': { body: testSession() },
    'GET /api/projects/abc': { body: testProject({ ref: 'abc', role, permissions: permissionsOf(role) }) },
    [`GET ${base}/schemas`]: { body: [{ id: 1, name: 'public', owner: 'postgres', protected: false }] },
    [`GET ${base}/entities`]: {
      body: {
        entities: [{ id: 42, schema: 'public', name: 'todos', type: 'table', comment: null, rls_enabled: false }],
        page: 1,
        total: 1,
        hasMore: false,
      },
    },
    [`GET ${base}/tables`]: () => ({ body: pgTable({ columns: tableColumns, ...options.table }) }),
    [`GET ${base}/foreign-keys`]: { body: [] },
    [`POST ${base}/table-rows`]: () => ({ body: { rows, fields, primaryKey: ['id'] } }),
    [`POST ${base}/table-count`]: () => ({ body: { count: options.total ?? rows.length, is_estimate: false } }),
    [`POST ${base}/table-cell`]: { body: { value: 'the whole long title' } },
    [`POST ${base}/table-rows/update`]: ({ body }) => {
      const update = body as TableUpdateBody
      if (options.update) return options.update(update)
      const target = rows.find((r) => r.data.id === update.match.id)
      if (!target) return { status: 404, body: { code: 'not_found', message: 'No row was updated' } }
      const stored = { ...target, data: { ...target.data, ...update.values }, truncated: [] }
      rows = rows.map((r) => (r === target ? stored : r))
      return { body: { rows: [stored], fields: [], primaryKey: ['id'] } }
    },
    [`POST ${base}/table-rows/insert`]: ({ body }) => {
      const insert = body as TableInsertBody
      const added = insert.rows.map((values, i) => row(rows.length + i, { id: 100 + i, ...values }))
      rows = [...rows, ...added]
      return { body: { rows: added, fields: [], primaryKey: ['id'] } }
    },
    [`POST ${base}/table-rows/export`]: options.exportAnswer ?? { body: 'id,title' },
    [`POST ${base}/table-rows/delete`]: ({ body }) => {
      const remove = body as TableDeleteBody
      if ('all' in remove) {
        const deleted = remove.all.filters.length === 0 ? null : rows.length
        rows = []
        return { body: { deleted } }
      }
      const ids = remove.rows.map((r) => r.id)
      const before = rows.length
      rows = rows.filter((r) => !ids.includes(r.data.id as number))
      return { body: { deleted: before - rows.length } }
    },
  })
  const callsTo = (path: string) => stubs.calls.filter((c) => c.path === `${base}/${path}`).map((c) => c.body)
  const setColumns = (next: typeof columns) => {
    tableColumns = next
  }
  return { ...stubs, callsTo, setColumns }
}

const open = () => renderRoutes(routes, ['/project/abc/editor/42'])

// jsdom lays nothing out: give the grid a size so react-data-grid renders every column, not only the first.
beforeAll(() => {
  for (const [prop, size] of [
    ['clientWidth', 2000],
    ['clientHeight', 800],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('rdg') ? size : 0
      },
    })
  }
})
afterAll(() => {
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight
})
const cell = (text: string) => screen.findByText(text, { selector: '[role="gridcell"] span' })

describe('editing the grid', () => {
  beforeEach(() => impersonationStore.reset())
  afterEach(() => vi.restoreAllMocks())

  it('opens a text cell on click; Enter saves through the queue and the Refresh button says so', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup()
    open()
    await user.click(await cell('Todo 1'))
    const editor = await screen.findByRole('dialog', { name: 'Edit title' })
    const input = within(editor).getByRole('textbox', { name: 'title' })
    expect(input).toHaveValue('Todo 1')
    await user.clear(input)
    await user.type(input, 'Buy milk{Enter}')
    expect(await screen.findByRole('button', { name: M.changesSaved })).toBeInTheDocument()
    expect(callsTo('table-rows/update')).toEqual([
      { schema: 'public', table: 'todos', match: { id: 1 }, values: { title: 'Buy milk' } },
    ])
    expect(await cell('Buy milk')).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Edit title' })).not.toBeInTheDocument()
  })

  it('cancels with Escape', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup()
    open()
    await user.click(await cell('Todo 1'))
    const input = await screen.findByRole('textbox', { name: 'title' })
    await user.type(input, ' changed')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit title' })).not.toBeInTheDocument())
    expect(await cell('Todo 1')).toBeInTheDocument()
    expect(callsTo('table-rows/update')).toEqual([])
  })

  it('moves the draft to a larger editor with the expand button', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup()
    open()
    await user.click(await cell('Todo 2'))
    await user.type(await screen.findByRole('textbox', { name: 'title' }), '!')
    await user.click(screen.getByRole('button', { name: M.expandEditor }))
    const dialog = await screen.findByRole('dialog', { name: /title/ })
    const large = within(dialog).getByRole('textbox', { name: 'title' })
    expect(large).toHaveValue('Todo 2!')
    await user.type(large, '{Enter}second line')
    await user.click(within(dialog).getByRole('button', { name: M.save }))
    await waitFor(() =>
      expect(callsTo('table-rows/update')).toEqual([
        { schema: 'public', table: 'todos', match: { id: 2 }, values: { title: 'Todo 2!\nsecond line' } },
      ]),
    )
  })

  it("says 'Please enter a valid JSON', and an emptied JSON cell saves NULL", async () => {
    const user = userEvent.setup()
    const { callsTo } = setup()
    open()
    await user.click(await cell('{"a":1}'))
    const input = await screen.findByRole('textbox', { name: 'meta' })
    expect(input).toHaveValue('{\n  "a": 1\n}')
    await user.clear(input)
    await user.type(input, '{{a: 1}{Enter}')
    expect(await screen.findByText(M.invalidJson)).toBeInTheDocument()
    expect(callsTo('table-rows/update')).toEqual([])
    await user.clear(input)
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(callsTo('table-rows/update')).toEqual([
        { schema: 'public', table: 'todos', match: { id: 1 }, values: { meta: null } },
      ]),
    )
  })

  it('offers TRUE and FALSE for a NOT NULL boolean, and saves the choice', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup()
    open()
    await user.dblClick(await cell('true'))
    const select = await screen.findByRole('combobox', { name: 'done' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['TRUE', 'FALSE'])
    await user.selectOptions(select, 'FALSE')
    await waitFor(() =>
      expect(callsTo('table-rows/update')).toEqual([
        { schema: 'public', table: 'todos', match: { id: 1 }, values: { done: false } },
      ]),
    )
  })

  it('steps through a closed select with the arrow keys without saving, and saves the choice on Enter', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup()
    open()
    await user.dblClick(await cell('sad'))
    const select = await screen.findByRole('combobox', { name: 'mood' })
    // What a browser does for ArrowDown on a closed select: the key, then a change to the next value.
    for (const next of ['1', '2']) {
      fireEvent.keyDown(select, { key: 'ArrowDown' })
      fireEvent.change(select, { target: { value: next } })
      fireEvent.keyUp(select, { key: 'ArrowDown' })
    }
    expect(select).toHaveDisplayValue('NULL')
    expect(callsTo('table-rows/update')).toEqual([])
    fireEvent.keyDown(select, { key: 'Enter' })
    await waitFor(() =>
      expect(callsTo('table-rows/update')).toEqual([
        { schema: 'public', table: 'todos', match: { id: 1 }, values: { mood: null } },
      ]),
    )
    expect(screen.queryByRole('combobox', { name: 'mood' })).toBeNull()
  })

  it('offers the enum values plus NULL for a nullable enum', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup()
    open()
    await user.dblClick(await cell('sad'))
    const select = await screen.findByRole('combobox', { name: 'mood' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['sad', 'happy', 'NULL'])
    await user.selectOptions(select, 'NULL')
    await waitFor(() =>
      expect(callsTo('table-rows/update')).toEqual([
        { schema: 'public', table: 'todos', match: { id: 1 }, values: { mood: null } },
      ]),
    )
  })

  it('refuses a number that is not one, and saves NULL when a number is emptied', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup({
      table: { columns: columns.map((c) => (c.name === 'score' ? { ...c, is_nullable: true } : c)) },
    })
    open()
    await user.dblClick(await cell('7'))
    const input = await screen.findByRole('textbox', { name: 'score' })
    await user.clear(input)
    await user.type(input, '1.5{Enter}')
    expect(await screen.findByText(M.invalidInteger)).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    await user.clear(input)
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(callsTo('table-rows/update')).toEqual([
        { schema: 'public', table: 'todos', match: { id: 2 }, values: { score: null } },
      ]),
    )
  })

  it('shows a failed write’s Postgres error and puts the cell back', async () => {
    const user = userEvent.setup()
    setup({
      update: () => ({
        status: 400,
        body: { code: 'pg_error', message: 'new row for relation "todos" violates check constraint "title_length"' },
      }),
    })
    open()
    await user.click(await cell('Todo 1'))
    const input = await screen.findByRole('textbox', { name: 'title' })
    await user.clear(input)
    await user.type(input, 'x{Enter}')
    expect(await screen.findByText(/violates check constraint "title_length"/)).toBeInTheDocument()
    expect(await cell('Todo 1')).toBeInTheDocument()
    expect(screen.queryByText('x', { selector: '[role="gridcell"] span' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: M.refresh })).toBeInTheDocument()
  })

  it('loads a truncated value whole before editing it', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup({ rows: [row(0, { id: 1, title: 'the whole', score: 1, done: true }, ['title'])] })
    open()
    await user.click(await cell('the whole'))
    expect(await screen.findByRole('textbox', { name: 'title' })).toHaveValue('the whole long title')
    expect(callsTo('table-cell')).toEqual([
      { schema: 'public', table: 'todos', column: 'title', primaryKey: { id: 1 } },
    ])
  })

  it('says a table without a primary key cannot be edited', async () => {
    const user = userEvent.setup()
    setup({ table: { primary_keys: [] } })
    open()
    await user.click(await cell('Todo 1'))
    const notice = await screen.findByRole('dialog', { name: 'title cannot be edited here' })
    expect(within(notice).getByText(M.noPrimaryKey)).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'title' })).not.toBeInTheDocument()
  })

  it('does not edit a primary key inline', async () => {
    const user = userEvent.setup()
    setup()
    open()
    await user.dblClick(await cell('1'))
    const notice = await screen.findByRole('dialog', { name: 'id cannot be edited here' })
    expect(within(notice).getByText(M.primaryKeyNotInline)).toBeInTheDocument()
  })
})

describe('rows', () => {
  beforeEach(() => impersonationStore.reset())
  afterEach(() => vi.restoreAllMocks())

  it('inserts a row from the Insert menu: identity and defaults left to the database, required fields asked for', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup()
    open()
    await cell('Todo 1')
    await user.click(screen.getByRole('button', { name: M.insertMenu }))
    await user.click(await screen.findByRole('menuitem', { name: M.insertRow }))
    const panel = await screen.findByRole('dialog', { name: 'Insert row into public.todos' })
    expect(within(panel).getByLabelText('id')).toHaveAttribute('placeholder', M.identityValue)
    expect(within(panel).getByLabelText('done')).toHaveDisplayValue(`${M.defaultValue}: false`)
    await user.type(within(panel).getByLabelText('title'), 'Walk the dog')
    await user.click(within(panel).getByRole('button', { name: M.save }))
    expect(await within(panel).findByText(M.required)).toBeInTheDocument()
    await user.type(within(panel).getByLabelText('score'), '3')
    await user.type(within(panel).getByLabelText('meta'), '{{"tags": [["home"]}')
    await user.selectOptions(within(panel).getByLabelText('mood'), 'happy')
    await user.click(within(panel).getByRole('button', { name: M.save }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Insert row/ })).not.toBeInTheDocument())
    expect(callsTo('table-rows/insert')).toEqual([
      {
        schema: 'public',
        table: 'todos',
        rows: [{ title: 'Walk the dog', meta: { tags: ['home'] }, mood: 'happy', score: '3' }],
      },
    ])
    expect(await cell('Walk the dog')).toBeInTheDocument()
  })

  it('edits a row from the row menu, sending only the changed fields', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup()
    open()
    fireEvent.contextMenu(await cell('Todo 2'))
    await user.click(await screen.findByRole('menuitem', { name: M.editRow }))
    const panel = await screen.findByRole('dialog', { name: 'Edit row of public.todos' })
    expect(within(panel).getByLabelText('title')).toHaveValue('Todo 2')
    const setNull = within(panel).getByRole('button', { name: 'Set mood to NULL' })
    expect(setNull).toHaveAttribute('aria-pressed', 'true')
    expect(within(panel).getByLabelText('mood')).toBeDisabled()
    await user.click(setNull)
    await user.selectOptions(within(panel).getByLabelText('mood'), 'happy')
    await user.clear(within(panel).getByLabelText('score'))
    await user.type(within(panel).getByLabelText('score'), '8')
    await user.click(within(panel).getByRole('button', { name: M.save }))
    await waitFor(() =>
      expect(callsTo('table-rows/update')).toEqual([
        { schema: 'public', table: 'todos', match: { id: 2 }, values: { mood: 'happy', score: '8' } },
      ]),
    )
  })

  it('edits the row from its Expand row button', async () => {
    const user = userEvent.setup()
    setup()
    open()
    await cell('Todo 1')
    await user.click(screen.getAllByRole('button', { name: 'Expand row' })[0]!)
    const panel = await screen.findByRole('dialog', { name: 'Edit row of public.todos' })
    expect(within(panel).getByLabelText('title')).toHaveValue('Todo 1')
    expect(within(panel).getByLabelText('meta')).toHaveValue('{\n  "a": 1\n}')
    expect(within(panel).getByLabelText('done')).toHaveDisplayValue('TRUE')
  })

  it('deletes a row from the row menu after confirming', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup()
    open()
    fireEvent.contextMenu(await cell('Todo 1'))
    await user.click(await screen.findByRole('menuitem', { name: M.deleteRow }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 row from this table?' })
    await user.click(within(dialog).getByRole('button', { name: deleteRowsText(1) }))
    await waitFor(() => expect(screen.queryByText('Todo 1')).not.toBeInTheDocument())
    expect(callsTo('table-rows/delete')).toEqual([{ schema: 'public', table: 'todos', rows: [{ id: 1 }] }])
  })

  it('copies a cell’s content', async () => {
    const user = userEvent.setup()
    setup()
    open()
    fireEvent.contextMenu(await cell('Todo 2'))
    await user.click(await screen.findByRole('menuitem', { name: M.copyCellContent }))
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('Todo 2'))
  })

  it('only logs a failed copy', async () => {
    const user = userEvent.setup()
    setup()
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    open()
    fireEvent.contextMenu(await cell('Todo 2'))
    const item = await screen.findByRole('menuitem', { name: M.copyCellContent })
    const toastsBefore = screen.queryAllByText(M.copied).length
    const writeText = vi.fn().mockRejectedValue(new DOMException('Document is not focused'))
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard')
    Object.defineProperty(navigator, 'clipboard', { configurable: true, get: () => ({ writeText }) })
    try {
      await user.click(item)
      await waitFor(() => expect(writeText).toHaveBeenCalledWith('Todo 2'))
    } finally {
      if (original) Object.defineProperty(navigator, 'clipboard', original)
    }
    await waitFor(() => expect(log).toHaveBeenCalledWith(UI_MESSAGES.copyFailedLog, expect.any(DOMException)))
    expect(screen.queryAllByText(M.copied)).toHaveLength(toastsBefore)
  })

  it('deletes the selected rows by primary key', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup()
    open()
    const boxes = await screen.findAllByRole('checkbox', { name: 'Select' })
    await user.click(boxes[0]!)
    await user.click(boxes[1]!)
    expect(screen.getByText(rowsSelectedText(2))).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: deleteRowsText(2) }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 rows from this table?' })
    await user.click(within(dialog).getByRole('button', { name: deleteRowsText(2) }))
    expect(await screen.findByText(M.emptyTitle)).toBeInTheDocument()
    expect(callsTo('table-rows/delete')).toEqual([{ schema: 'public', table: 'todos', rows: [{ id: 1 }, { id: 2 }] }])
  })

  it('keeps the selection when the delete is cancelled with Escape', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup()
    open()
    await user.click((await screen.findAllByRole('checkbox', { name: 'Select' }))[0]!)
    await user.click(screen.getByRole('button', { name: deleteRowsText(1) }))
    await screen.findByRole('dialog', { name: 'Delete 1 row from this table?' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText(rowsSelectedText(1))).toBeInTheDocument()
    expect(callsTo('table-rows/delete')).toEqual([])
  })

  it('selects all rows across pages, then deletes them all with a truncate', async () => {
    const user = userEvent.setup()
    const { callsTo } = setup({ total: 300 })
    open()
    await user.click(await screen.findByRole('checkbox', { name: 'Select All' }))
    await user.click(screen.getByRole('button', { name: selectAllRowsText(300) }))
    await user.click(screen.getByRole('button', { name: deleteRowsText(300) }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete 300 rows from this table?' })
    await user.click(within(dialog).getByRole('button', { name: deleteRowsText(300) }))
    await waitFor(() =>
      expect(callsTo('table-rows/delete')).toEqual([{ schema: 'public', table: 'todos', all: { filters: [] } }]),
    )
  })

  it('refuses to truncate while impersonating a role', async () => {
    const user = userEvent.setup()
    impersonationStore.dispatch('abc', { type: 'choose', option: 'anon' })
    const { callsTo } = setup({ total: 300 })
    open()
    await user.click(await screen.findByRole('checkbox', { name: 'Select All' }))
    await user.click(screen.getByRole('button', { name: selectAllRowsText(300) }))
    await user.click(screen.getByRole('button', { name: deleteRowsText(300) }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete 300 rows from this table?' })
    expect(within(dialog).getByText(M.truncateImpersonating)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: deleteRowsText(300) })).toBeDisabled()
    expect(callsTo('table-rows/delete')).toEqual([])
  })

  it('writes as the impersonated role', async () => {
    const user = userEvent.setup()
    impersonationStore.dispatch('abc', { type: 'choose', option: 'anon' })
    const { callsTo } = setup()
    open()
    await user.click(await cell('Todo 1'))
    const input = await screen.findByRole('textbox', { name: 'title' })
    await user.type(input, '!{Enter}')
    await waitFor(() =>
      expect(callsTo('table-rows/update')).toEqual([
        {
          schema: 'public',
          table: 'todos',
          match: { id: 1 },
          values: { title: 'Todo 1!' },
          impersonation: { role: 'anon' },
        },
      ]),
    )
  })
})

describe('selection header', () => {
  beforeEach(() => impersonationStore.reset())
  afterEach(() => vi.restoreAllMocks())

  /** jsdom has no object URLs or downloads: record the file names the browser is asked to save. */
  function stubDownload() {
    const saved: string[] = []
    Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    return saved
  }

  it('copies the selected rows as CSV, JSON and SQL', async () => {
    const user = userEvent.setup()
    setup()
    open()
    await user.click((await screen.findAllByRole('checkbox', { name: 'Select' }))[0]!)
    const copyAs = async (item: string) => {
      await user.click(screen.getByRole('button', { name: M.copyRows }))
      await user.click(await screen.findByRole('menuitem', { name: item }))
      await waitFor(async () => expect(await navigator.clipboard.readText()).not.toBe(''))
      const text = await navigator.clipboard.readText()
      await navigator.clipboard.writeText('')
      return text
    }
    // As Postgres writes CSV (COPY … CSV HEADER): t/f for booleans, LF line ends.
    expect(await copyAs(M.copyAsCsv)).toBe('id,title,meta,done,mood,score\n1,Todo 1,"{""a"":1}",t,sad,5\n')
    expect(JSON.parse(await copyAs(M.copyAsJson))).toEqual([
      { id: 1, title: 'Todo 1', meta: { a: 1 }, done: true, mood: 'sad', score: 5 },
    ])
    expect(await copyAs(M.copyAsSql)).toMatch(
      /^insert into "public"\."todos" \("id", "title", "meta", "done", "mood", "score"\)/,
    )
  })

  it('exports the selected rows, then every matching row, as todos_rows.csv', async () => {
    const user = userEvent.setup()
    const saved = stubDownload()
    const { callsTo } = setup({ total: 300 })
    open()
    await user.click((await screen.findAllByRole('checkbox', { name: 'Select' }))[1]!)
    await user.click(screen.getByRole('button', { name: M.exportCsv }))
    await waitFor(() => expect(saved).toEqual(['todos_rows.csv']))
    await user.click(screen.getByRole('button', { name: 'Clear selection' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }))
    await user.click(screen.getByRole('button', { name: selectAllRowsText(300) }))
    await user.click(screen.getByRole('button', { name: M.exportCsv }))
    await waitFor(() => expect(saved).toHaveLength(2))
    expect(callsTo('table-rows/export')).toEqual([
      { schema: 'public', table: 'todos', filters: [], sorts: [], rows: [{ id: 2 }] },
      { schema: 'public', table: 'todos', filters: [], sorts: [] },
    ])
  })

  it("shows the server's refusal of an export over 500,000 rows", async () => {
    const user = userEvent.setup()
    stubDownload()
    setup({
      total: 600_000,
      exportAnswer: { status: 400, body: { code: 'bad_request', message: CSV_EXPORT_LIMIT_MESSAGE } },
    })
    open()
    await user.click(await screen.findByRole('checkbox', { name: 'Select All' }))
    await user.click(screen.getByRole('button', { name: selectAllRowsText(600_000) }))
    await user.click(screen.getByRole('button', { name: M.exportCsv }))
    expect(await screen.findByText(CSV_EXPORT_LIMIT_MESSAGE)).toBeInTheDocument()
  })
})

describe('wiring to the schema editor and CSV import', () => {
  beforeEach(() => impersonationStore.reset())

  it('opens the CSV import from the Insert menu and from the empty state', async () => {
    const user = userEvent.setup()
    setup({ rows: [] })
    open()
    await user.click(await screen.findByRole('button', { name: M.importCsvEmptyState }))
    expect(await screen.findByRole('dialog', { name: M.importCsv })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: M.importCsv })).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: M.insertMenu }))
    await user.click(await screen.findByRole('menuitem', { name: M.importCsv }))
    expect(await screen.findByRole('dialog', { name: M.importCsv })).toBeInTheDocument()
  })

  it('opens the column panels from Insert column, the add-column cell and the column menu', async () => {
    const user = userEvent.setup()
    setup()
    open()
    await cell('Todo 1')
    await user.click(screen.getByRole('button', { name: M.insertMenu }))
    await user.click(await screen.findByRole('menuitem', { name: M.insertColumn }))
    expect(await screen.findByRole('dialog', { name: /^Add a new column to/ })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: M.addColumn }))
    expect(await screen.findByRole('dialog', { name: /^Add a new column to/ })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Column title menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Edit column' }))
    expect(await screen.findByRole('dialog', { name: 'Update column title' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Column title menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete column' }))
    expect(await screen.findByRole('dialog', { name: /^Delete column title from/ })).toBeInTheDocument()
  })
})

describe('schema changes', () => {
  beforeEach(() => impersonationStore.reset())

  it('shows a column added by the schema editor, keeping the others as arranged', async () => {
    const user = userEvent.setup()
    const { setColumns } = setup()
    const { queryClient } = open()
    await cell('Todo 1')
    await user.click(screen.getByRole('button', { name: 'Column title menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Freeze column' }))
    setColumns([...columns, pgColumn('priority', 'int2', { ordinal_position: 7, table_id: 42 })])
    await queryClient.invalidateQueries()
    expect(await screen.findByRole('button', { name: 'Column priority menu' })).toBeInTheDocument()
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers.findIndex((h) => h?.startsWith('title'))).toBe(1)
  })
})

describe('without write permission', () => {
  beforeEach(() => impersonationStore.reset())

  it('shows no Insert menu, no add-column cell, no editors and only Copy in the row menu', async () => {
    const user = userEvent.setup()
    setup({ role: 'read_only', rows: [] })
    const { unmount } = open()
    expect(await screen.findByText(M.emptyTitle)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: M.importCsvEmptyState })).not.toBeInTheDocument()
    unmount()

    setup({ role: 'read_only' })
    open()
    await user.click(await cell('Todo 1'))
    expect(screen.queryByRole('textbox', { name: 'title' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: M.insertMenu })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: M.addColumn })).not.toBeInTheDocument()
    fireEvent.contextMenu(await cell('Todo 2'))
    const menu = await screen.findByRole('menu', { name: 'Row menu' })
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([M.copyCellContent])
    await user.keyboard('{Escape}')
    await user.click(screen.getAllByRole('checkbox', { name: 'Select' })[0]!)
    expect(screen.queryByRole('button', { name: deleteRowsText(1) })).not.toBeInTheDocument()
  })

  it('offers all of it to a member who may write', async () => {
    setup({ rows: [] })
    open()
    expect(await screen.findByRole('button', { name: M.importCsvEmptyState })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: M.insertMenu })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: M.addColumn })).toBeInTheDocument()
  })
})
