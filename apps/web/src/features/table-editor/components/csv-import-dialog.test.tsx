import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { CsvImportOptions } from '@basalt/contracts'
import { DDL_MESSAGES } from '@basalt/sql'
import { mockFetch, renderWithProviders } from '../../../test/helpers'
import { pgColumn, pgTable } from '../../../test/pg-meta-fixtures'
import { CSV_IMPORT_MESSAGES as M, CsvImportDialog, importedText } from './csv-import-dialog'

/** An XMLHttpRequest that records what is sent and answers as the test says, with upload progress. */
class FakeXhr {
  static sent: { url: string; headers: Record<string, string>; options: CsvImportOptions; file: File }[] = []
  static answer: (xhr: FakeXhr) => void = () => {}
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  status = 0
  responseText = ''
  url = ''
  headers: Record<string, string> = {}
  open(_method: string, url: string) {
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(form: FormData) {
    FakeXhr.sent.push({
      url: this.url,
      headers: this.headers,
      options: JSON.parse(form.get('options') as string),
      file: form.get('file') as File,
    })
    FakeXhr.answer(this)
  }
  abort() {}
  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

const table = pgTable({
  columns: [
    pgColumn('id', 'int8', { table_id: 42, ordinal_position: 1 }),
    pgColumn('title', 'text', { table_id: 42, ordinal_position: 2 }),
    pgColumn('due_at', 'timestamptz', { table_id: 42, ordinal_position: 3 }),
    pgColumn('title_upper', 'text', { table_id: 42, ordinal_position: 4, is_generated: true }),
  ],
})

function Harness({ withTable = true, onImported }: { withTable?: boolean; onImported?: () => void }) {
  const [open, setOpen] = useState(true)
  return (
    <CsvImportDialog
      open={open}
      onOpenChange={setOpen}
      projectRef="abc"
      schema="public"
      {...(withTable ? { table: { id: 42, schema: 'public', name: 'todos' } } : {})}
      onImported={onImported}
    />
  )
}

function setup(props: Parameters<typeof Harness>[0] = {}) {
  FakeXhr.sent = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  mockFetch({ 'GET /api/platform/pg-meta/abc/tables': { body: table } })
  const user = userEvent.setup()
  renderWithProviders(<Harness {...props} />)
  return user
}

const csv = (text: string, name = 'todos.csv') => new File([text], name, { type: 'text/csv' })

describe('CsvImportDialog', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('previews the file typed by the target columns, maps headers by name, and imports with progress', async () => {
    const onImported = vi.fn()
    const user = setup({ onImported })
    let pending: FakeXhr | undefined
    FakeXhr.answer = (xhr) => {
      pending = xhr
    }
    const dialog = await screen.findByRole('dialog', { name: M.title })
    await user.upload(within(dialog).getByLabelText(M.fileInput), csv('Title,notes,due_at\nBuy milk,x,2026-01-02\n'))

    expect(await within(dialog).findByRole('combobox', { name: 'Column for Title' })).toHaveValue('title')
    expect(within(dialog).getByRole('combobox', { name: 'Column for notes' })).toHaveValue('')
    expect(within(dialog).getByRole('combobox', { name: 'Column for due_at' })).toHaveValue('due_at')
    // Generated columns cannot receive data.
    const choices = within(within(dialog).getByRole('combobox', { name: 'Column for notes' })).getAllByRole('option')
    expect(choices.map((o) => o.textContent)).toEqual(['Skip', 'id (int8)', 'title (text)', 'due_at (timestamptz)'])
    const preview = within(dialog).getByRole('region', { name: M.preview })
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['title text', 'notes skip', 'due_at timestamptz'])
    expect(within(preview).getByRole('cell', { name: 'Buy milk' })).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: M.importButton }))
    expect(FakeXhr.sent).toHaveLength(1)
    expect(FakeXhr.sent[0]!.url).toBe('/api/platform/pg-meta/abc/table-rows/import')
    expect(FakeXhr.sent[0]!.options).toEqual({
      schema: 'public',
      table: 'todos',
      header: true,
      delimiter: ',',
      mapping: ['title', null, 'due_at'],
    })
    expect(FakeXhr.sent[0]!.file.name).toBe('todos.csv')

    pending!.upload.onprogress!({ loaded: 30, total: 40, lengthComputable: true })
    expect(await within(dialog).findByRole('progressbar', { name: M.progress })).toHaveAttribute('aria-valuenow', '75')
    pending!.respond(200, { imported: 1 })
    expect(await screen.findByText(importedText(1, 'public.todos'))).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onImported).toHaveBeenCalledTimes(1)
  })

  it('lists the rejected rows with their lines and stays open', async () => {
    const user = setup()
    FakeXhr.answer = (xhr) =>
      xhr.respond(422, {
        code: 'import_rejected',
        message: '2 rows were rejected; nothing was imported',
        rejected: [
          { line: 3, message: 'Invalid value for column "due_at": "soon"' },
          { line: 9, message: 'duplicate key value violates unique constraint "todos_pkey"' },
        ],
      })
    const dialog = await screen.findByRole('dialog', { name: M.title })
    await user.upload(within(dialog).getByLabelText(M.fileInput), csv('title,due_at\na,2026-01-01\nb,soon\n'))
    await user.click(await within(dialog).findByRole('button', { name: M.importButton }))

    const alert = await within(dialog).findByText('2 rows were rejected; nothing was imported')
    const list = within(alert.parentElement!).getByRole('list', { name: M.rejectedList })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 3: Invalid value for column "due_at": "soon"',
      'Line 9: duplicate key value violates unique constraint "todos_pkey"',
    ])
    expect(screen.getByRole('dialog', { name: M.title })).toBeInTheDocument()
  })

  it('imports into a new table, with columns named and typed from the preview', async () => {
    const user = setup({ withTable: false })
    FakeXhr.answer = (xhr) => xhr.respond(200, { imported: 2 })
    const dialog = await screen.findByRole('dialog', { name: M.title })
    await user.upload(
      within(dialog).getByLabelText(M.fileInput),
      csv('city;population;founded\nLyon;522250;-43-01-01\nNantes;320732;\n', 'French cities.csv'),
    )
    const name = await within(dialog).findByRole('textbox', { name: M.tableName })
    expect(name).toHaveValue('french_cities')
    expect(within(dialog).getByRole('combobox', { name: 'Type of column population' })).toHaveValue('int8')
    expect(within(dialog).getByText(M.addedId)).toBeInTheDocument()
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type of column population' }), 'numeric')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Import column founded' }))
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name of column city' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Name of column city' }), 'name')

    await user.clear(name)
    await user.click(within(dialog).getByRole('button', { name: M.importButton }))
    expect(await within(dialog).findByText(DDL_MESSAGES.tableNameRequired)).toBeInTheDocument()
    expect(FakeXhr.sent).toHaveLength(0)

    await user.type(name, 'cities')
    await user.click(within(dialog).getByRole('button', { name: M.importButton }))
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    expect(FakeXhr.sent[0]!.options).toEqual({
      schema: 'public',
      table: 'cities',
      header: true,
      delimiter: ';',
      mapping: ['name', 'population', null],
      create: {
        schema: 'public',
        name: 'cities',
        rlsEnabled: true,
        columns: [
          { name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true },
          { name: 'name', type: 'text' },
          { name: 'population', type: 'numeric' },
        ],
      },
    })
    expect(await screen.findByText(importedText(2, 'public.cities'))).toBeInTheDocument()
  })

  it('re-reads the file without a header line when asked', async () => {
    const user = setup()
    const dialog = await screen.findByRole('dialog', { name: M.title })
    await user.upload(within(dialog).getByLabelText(M.fileInput), csv('Buy milk,2026-01-02\n'))
    await user.click(await within(dialog).findByRole('checkbox', { name: M.header }))
    expect(await within(dialog).findByRole('combobox', { name: 'Column for column_1' })).toHaveValue('')
    expect(within(dialog).getByRole('cell', { name: 'Buy milk' })).toBeInTheDocument()
  })
})
