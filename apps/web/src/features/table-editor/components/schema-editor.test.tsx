import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { permissionsOf, type PgTable } from '@basalt/contracts'
import { routes } from '../../../app/router'
import { mockFetch, renderRoutes, renderWithProviders, testProject, testSession } from '../../../test/helpers'
import { UI_MESSAGES } from '../../../ui/messages'
import { pgColumn, pgTable } from '../../../test/pg-meta-fixtures'
import { SchemaEditorProvider, useSchemaEditor, type SchemaEditorActions } from './schema-editor'
import { SCHEMA_EDITOR_MESSAGES } from './schema-editor-messages'

const base = '/api/platform/pg-meta/abc'

const authors = pgTable({
  id: 7,
  name: 'authors',
  columns: [pgColumn('id', 'int8', { table_id: 7, table: 'authors' }), pgColumn('name', 'text', { table_id: 7 })],
})
const todos = pgTable({
  columns: [
    pgColumn('id', 'int8', { ordinal_position: 1, table_id: 42, table: 'todos', is_identity: true }),
    pgColumn('title', 'text', { ordinal_position: 2, table_id: 42, table: 'todos', default_value: "'untitled'::text" }),
  ],
})

type Handlers = Parameters<typeof mockFetch>[0]

function setup(overrides: Handlers = {}, options: { role?: 'owner' | 'read_only' } = {}) {
  const role = options.role ?? 'owner'
  return mockFetch({
    'GET /api/auth/session': { body: testSession() },
    'GET /api/projects/abc': { body: testProject({ ref: 'abc', role, permissions: permissionsOf(role) }) },
    [`GET ${base}/schemas`]: {
      body: [
        { id: 1, name: 'public', owner: 'postgres', protected: false },
        { id: 2, name: 'auth', owner: 'postgres', protected: true },
      ],
    },
    [`GET ${base}/entities`]: {
      body: {
        entities: [{ id: 42, schema: 'public', name: 'todos', type: 'table', comment: null, rls_enabled: false }],
        page: 1,
        total: 1,
        hasMore: false,
      },
    },
    [`GET ${base}/tables`]: ({ url }) =>
      url.searchParams.has('id')
        ? { body: url.searchParams.get('id') === '7' ? authors : todos }
        : { body: [authors, todos] },
    [`GET ${base}/types`]: {
      body: [
        { id: 100, schema: 'public', name: 'mood', format: 'mood', enums: ['sad', 'ok'], comment: null },
        { id: 101, schema: 'public', name: 'point3', format: 'point3', enums: [], comment: null },
      ],
    },
    ...overrides,
  })
}

/** Opens a schema-editor screen directly, as the grid and the sidebar do. */
function Opener({ open }: { open: (actions: SchemaEditorActions) => void }) {
  const actions = useSchemaEditor()
  return (
    <button type="button" onClick={() => open(actions)}>
      Open
    </button>
  )
}

function renderEditor(open: (actions: SchemaEditorActions) => void) {
  return renderWithProviders(
    <SchemaEditorProvider projectRef="abc">
      <Opener open={open} />
    </SchemaEditorProvider>,
  )
}

const sqlShown = () => screen.getByLabelText(SCHEMA_EDITOR_MESSAGES.sqlLabel).textContent

describe('creating a table', () => {
  beforeEach(() => localStorage.clear())

  it('starts with id and created_at and RLS on, reviews the exact SQL, creates it and opens it', async () => {
    const user = userEvent.setup()
    const created: PgTable = pgTable({ id: 43, name: 'books' })
    const { calls } = setup({ [`POST ${base}/tables`]: { status: 201, body: created } })
    const { router } = renderRoutes(routes, ['/project/abc/editor'])

    await user.click(await screen.findByRole('button', { name: SCHEMA_EDITOR_MESSAGES.createNewTable }))
    const panel = await screen.findByRole('dialog', { name: 'Create a new table under public' })
    expect(within(panel).getByRole('checkbox', { name: SCHEMA_EDITOR_MESSAGES.rls })).toBeChecked()
    const first = within(panel).getByRole('group', { name: 'Column 1' })
    expect(within(first).getByRole('textbox', { name: 'Name' })).toHaveValue('id')
    expect(within(first).getByRole('combobox', { name: 'Type' })).toHaveValue('int8')
    expect(within(first).getByRole('checkbox', { name: SCHEMA_EDITOR_MESSAGES.isIdentity })).toBeChecked()
    expect(within(first).getByRole('checkbox', { name: SCHEMA_EDITOR_MESSAGES.isPrimaryKey })).toBeChecked()
    const second = within(panel).getByRole('group', { name: 'Column 2' })
    expect(within(second).getByRole('textbox', { name: 'Name' })).toHaveValue('created_at')
    expect(within(second).getByRole('textbox', { name: 'Default value' })).toHaveValue('now()')

    const name = within(panel).getAllByRole('textbox', { name: 'Name' })[0]!
    await user.type(name, 'books')
    await user.type(within(panel).getByRole('textbox', { name: 'Description' }), "Ada's shelf")
    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.addColumn }))
    const third = within(panel).getByRole('group', { name: 'Column 3' })
    await user.type(within(third).getByRole('textbox', { name: 'Name' }), 'author_id')
    await user.selectOptions(within(third).getByRole('combobox', { name: 'Type' }), 'int8')
    await user.click(within(third).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.addForeignKey }))
    await user.selectOptions(
      await within(third).findByRole('combobox', { name: SCHEMA_EDITOR_MESSAGES.referencedTable }),
      'authors',
    )
    await user.selectOptions(
      within(third).getByRole('combobox', { name: SCHEMA_EDITOR_MESSAGES.referencedColumn }),
      'id',
    )
    await user.selectOptions(within(third).getByRole('combobox', { name: SCHEMA_EDITOR_MESSAGES.onDelete }), 'cascade')

    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.review }))
    expect(sqlShown()).toBe(
      [
        'create table "public"."books" (',
        '  "id" int8 generated by default as identity primary key,',
        '  "created_at" timestamptz default (now()) not null,',
        '  "author_id" int8 references "public"."authors" ("id") on delete cascade',
        ');',
        `comment on table "public"."books" is 'Ada''s shelf';`,
        'alter table "public"."books" enable row level security',
      ].join('\n'),
    )
    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.save }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/project/abc/editor/43'))
    expect(calls.find((c) => c.method === 'POST' && c.path === `${base}/tables`)?.body).toMatchObject({
      schema: 'public',
      name: 'books',
      comment: "Ada's shelf",
      rlsEnabled: true,
      columns: [
        { name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true },
        { name: 'created_at', type: 'timestamptz', defaultValue: 'now()', defaultValueFormat: 'expression' },
        {
          name: 'author_id',
          type: 'int8',
          foreignKey: { schema: 'public', table: 'authors', column: 'id', deletionAction: 'cascade' },
        },
      ],
    })
    expect(await screen.findByText('Table books created')).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Create a new table under public' })).not.toBeInTheDocument()
  })

  it("says the spec's messages for a column without a name or a type, and sends nothing", async () => {
    const user = userEvent.setup()
    const { calls } = setup()
    renderRoutes(routes, ['/project/abc/editor'])
    await user.click(await screen.findByRole('button', { name: SCHEMA_EDITOR_MESSAGES.newTable }))
    const panel = await screen.findByRole('dialog', { name: 'Create a new table under public' })
    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.addColumn }))
    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.review }))
    expect(within(panel).getByText(SCHEMA_EDITOR_MESSAGES.tableNameRequired)).toBeInTheDocument()
    const third = within(panel).getByRole('group', { name: 'Column 3' })
    expect(within(third).getByText('Please assign a name for your column')).toBeInTheDocument()
    expect(within(third).getByText('Please select a type for your column')).toBeInTheDocument()
    expect(within(panel).queryByLabelText(SCHEMA_EDITOR_MESSAGES.sqlLabel)).not.toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('offers no table changes to a Read-only member', async () => {
    setup({}, { role: 'read_only' })
    renderRoutes(routes, ['/project/abc/editor'])
    const list = await screen.findByRole('navigation', { name: 'Tables' })
    expect(await within(list).findByRole('link', { name: /todos/ })).toBeInTheDocument()
    const newTable = screen.getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.newTable })
    expect(newTable).toBeDisabled()
    expect(newTable.parentElement).toHaveAttribute('title', 'You need additional permissions to create tables')
    expect(screen.queryByRole('button', { name: 'Table todos menu' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: SCHEMA_EDITOR_MESSAGES.createNewTable })).not.toBeInTheDocument()
  })
})

describe('editing and deleting a table from the sidebar', () => {
  it('renames a table and turns RLS on after reviewing the SQL', async () => {
    const user = userEvent.setup()
    const { calls } = setup({ [`PATCH ${base}/tables`]: { body: { ...todos, name: 'tasks', rls_enabled: true } } })
    renderRoutes(routes, ['/project/abc/editor'])
    await user.click(await screen.findByRole('button', { name: 'Table todos menu' }))
    await user.click(await screen.findByRole('menuitem', { name: SCHEMA_EDITOR_MESSAGES.editTable }))
    const panel = await screen.findByRole('dialog', { name: 'Update table todos' })
    const name = await within(panel).findByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'tasks')
    await user.click(within(panel).getByRole('checkbox', { name: SCHEMA_EDITOR_MESSAGES.rls }))
    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.review }))
    expect(sqlShown()).toBe(
      'alter table "public"."todos" enable row level security;\nalter table "public"."todos" rename to "tasks"',
    )
    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.save }))
    expect(await screen.findByText('Table tasks updated')).toBeInTheDocument()
    const patch = calls.find((c) => c.method === 'PATCH')
    expect(patch?.body).toEqual({ name: 'tasks', rls_enabled: true })
  })

  it('deletes a table only once its name is typed', async () => {
    const user = userEvent.setup()
    const deletes: string[] = []
    setup({
      [`DELETE ${base}/tables`]: ({ url }) => {
        deletes.push(url.search)
        return { body: todos }
      },
    })
    renderRoutes(routes, ['/project/abc/editor'])
    await user.click(await screen.findByRole('button', { name: 'Table todos menu' }))
    await user.click(await screen.findByRole('menuitem', { name: SCHEMA_EDITOR_MESSAGES.deleteTable }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete table todos' })
    expect(within(dialog).getByLabelText(SCHEMA_EDITOR_MESSAGES.sqlLabel)).toHaveTextContent(
      'drop table "public"."todos"',
    )
    await user.click(within(dialog).getByRole('checkbox', { name: SCHEMA_EDITOR_MESSAGES.cascadeTable }))
    expect(within(dialog).getByLabelText(SCHEMA_EDITOR_MESSAGES.sqlLabel)).toHaveTextContent(
      'drop table "public"."todos" cascade',
    )
    const field = within(dialog).getByRole('textbox')
    await user.type(field, 'todo')
    await user.click(within(dialog).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.deleteTable }))
    expect(within(dialog).getByText(UI_MESSAGES.typeToConfirmMismatch)).toBeInTheDocument()
    expect(deletes).toEqual([])
    await user.type(field, 's')
    await user.click(within(dialog).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.deleteTable }))
    expect(await screen.findByText('Table todos deleted')).toBeInTheDocument()
    expect(deletes).toEqual(['?id=42&cascade=true'])
  })
})

describe('the column panel', () => {
  it('adds an enum array column with a literal default, identity not offered', async () => {
    const user = userEvent.setup()
    const { calls } = setup({ [`POST ${base}/columns`]: { status: 201, body: pgColumn('moods', '_mood') } })
    renderEditor((a) => a.openAddColumn(42))
    await user.click(screen.getByRole('button', { name: 'Open' }))
    const panel = await screen.findByRole('dialog', { name: 'Add a new column to todos' })
    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.review }))
    expect(within(panel).getByText('Please assign a name for your column')).toBeInTheDocument()
    expect(within(panel).getByText('Please select a type for your column')).toBeInTheDocument()

    await user.type(within(panel).getByRole('textbox', { name: 'Name' }), 'moods')
    const type = within(panel).getByRole('combobox', { name: 'Type' })
    await within(type).findByRole('option', { name: 'public.mood' })
    await user.selectOptions(type, 'int8')
    expect(within(panel).getByRole('checkbox', { name: SCHEMA_EDITOR_MESSAGES.isIdentity })).toBeInTheDocument()
    await user.selectOptions(type, 'public.mood')
    expect(within(panel).queryByRole('checkbox', { name: SCHEMA_EDITOR_MESSAGES.isIdentity })).not.toBeInTheDocument()
    await user.click(within(panel).getByRole('checkbox', { name: SCHEMA_EDITOR_MESSAGES.defineAsArray }))
    await user.type(within(panel).getByRole('textbox', { name: 'Default value' }), '[[ok]')
    await user.click(within(panel).getByRole('checkbox', { name: SCHEMA_EDITOR_MESSAGES.isNullable }))
    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.review }))
    expect(sqlShown()).toBe(`alter table "public"."todos" add column "moods" "public"."mood"[] default '{ok}' not null`)
    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.save }))
    expect(await screen.findByText('Column moods added')).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      tableId: 42,
      name: 'moods',
      type: 'public.mood[]',
      comment: null,
      defaultValue: '[ok]',
      defaultValueFormat: 'literal',
      isIdentity: false,
      isNullable: false,
      isUnique: false,
      isPrimaryKey: false,
      check: null,
    })
  })

  it('edits a column with only the changed fields, and shows a failure without closing', async () => {
    const user = userEvent.setup()
    let fail = true
    const { calls } = setup({
      [`PATCH ${base}/columns`]: () =>
        fail
          ? {
              status: 400,
              body: {
                code: 'pg_error',
                message: 'check constraint "todos_headline_check" is violated by some row',
                formattedError: 'ERROR:  check constraint "todos_headline_check" is violated by some row',
              },
            }
          : { body: pgColumn('headline', 'text') },
    })
    renderEditor((a) => a.openEditColumn(42, 'title'))
    await user.click(screen.getByRole('button', { name: 'Open' }))
    const panel = await screen.findByRole('dialog', { name: 'Update column title' })
    const name = await within(panel).findByRole('textbox', { name: 'Name' })
    expect(within(panel).getByRole('textbox', { name: 'Default value' })).toHaveValue('untitled')
    await user.clear(name)
    await user.type(name, 'headline')
    await user.type(within(panel).getByRole('textbox', { name: SCHEMA_EDITOR_MESSAGES.check }), 'length(headline) > 3')
    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.review }))
    expect(sqlShown()).toContain('alter table "public"."todos" rename column "title" to "headline";\n')
    expect(sqlShown()).toContain('alter table "public"."todos" add check (length(headline) > 3)')

    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.save }))
    expect(await within(panel).findByText(SCHEMA_EDITOR_MESSAGES.failed)).toBeInTheDocument()
    expect(within(panel).getByText(/is violated by some row/)).toBeInTheDocument()
    const patches = calls.filter((c) => c.method === 'PATCH')
    expect(patches.map((c) => c.body)).toEqual([{ name: 'headline', check: 'length(headline) > 3' }])

    fail = false
    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.save }))
    expect(await screen.findByText('Column headline updated')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update column title' })).not.toBeInTheDocument())
  })

  it('has nothing to save when nothing changed', async () => {
    const user = userEvent.setup()
    setup()
    renderEditor((a) => a.openEditColumn(42, 'title'))
    await user.click(screen.getByRole('button', { name: 'Open' }))
    const panel = await screen.findByRole('dialog', { name: 'Update column title' })
    await within(panel).findByRole('textbox', { name: 'Name' })
    await user.click(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.review }))
    expect(within(panel).getByText(SCHEMA_EDITOR_MESSAGES.noChanges)).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.save })).toBeDisabled()
  })

  it('deletes a column after a confirm showing its SQL', async () => {
    const user = userEvent.setup()
    const deletes: string[] = []
    setup({
      [`DELETE ${base}/columns`]: ({ url }) => {
        deletes.push(url.search)
        return { body: pgColumn('title', 'text') }
      },
    })
    renderEditor((a) => a.openDeleteColumn(42, 'title'))
    await user.click(screen.getByRole('button', { name: 'Open' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete column title from todos' })
    expect(await within(dialog).findByLabelText(SCHEMA_EDITOR_MESSAGES.sqlLabel)).toHaveTextContent(
      'alter table "public"."todos" drop column "title"',
    )
    await user.click(within(dialog).getByRole('button', { name: SCHEMA_EDITOR_MESSAGES.deleteColumn }))
    expect(await screen.findByText('Column title deleted')).toBeInTheDocument()
    expect(deletes).toEqual(['?id=1.title&cascade=false'])
  })
})
