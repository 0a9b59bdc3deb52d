import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet } from 'react-router'
import { permissionsOf } from '@basalt/contracts'
import { FEATURE_PREVIEWS } from '../../../lib/feature-previews'
import { mockFetch, renderRoutes, testProject } from '../../../test/helpers'
import { pgTable } from '../../../test/pg-meta-fixtures'
import { ASSISTANT_MESSAGES, EDITOR_MESSAGES } from '../messages'
import { PoliciesPage } from './policies-page'

const aiStatus = (configured: boolean) => ({
  configured,
  enabled: true,
  schemaMetadataAllowed: true,
  model: configured ? 'coder' : null,
  message: null,
})

function setup(configured: boolean) {
  const fetch = mockFetch({
    'GET /api/platform/pg-meta/abc/schemas': { body: [{ id: 1, name: 'public', owner: 'admin', protected: false }] },
    'GET /api/platform/pg-meta/abc/tables': { body: [pgTable({ rls_enabled: true })] },
    'GET /api/platform/pg-meta/abc/policies': { body: [] },
    'GET /api/platform/pg-meta/abc/roles': { body: [] },
    'GET /api/projects/abc/ai': { body: aiStatus(configured) },
    'POST /api/ai/sql/policy': { body: { expression: '(select auth.uid()) = user_id' } },
  })
  const project = testProject({ ref: 'abc', role: 'owner', permissions: permissionsOf('owner') })
  renderRoutes(
    [
      {
        path: '/project/:ref',
        element: <Outlet context={{ project, mode: 'hosted' }} />,
        children: [{ path: 'auth/policies', element: <PoliciesPage projectRef="abc" /> }],
      },
    ],
    ['/project/abc/auth/policies'],
  )
  return fetch
}

async function openEditor() {
  const user = userEvent.setup()
  const todos = await screen.findByRole('region', { name: 'todos' })
  await user.click(within(todos).getByRole('button', { name: 'Create policy' }))
  await user.click(await screen.findByRole('button', { name: /For full customization from scratch/ }))
  return { user, dialog: await screen.findByRole('dialog', { name: 'Adding new policy to public.todos' }) }
}

describe('Try Assistant in the policy editor', () => {
  afterEach(() => localStorage.clear())

  it('is not offered while the AI assistant preview is off', async () => {
    setup(true)
    const { dialog } = await openEditor()
    expect(within(dialog).getByRole('button', { name: EDITOR_MESSAGES.review })).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: ASSISTANT_MESSAGES.tryAssistant })).toBeNull()
  })

  it('is not offered without an AI provider, even with the preview on', async () => {
    localStorage.setItem(FEATURE_PREVIEWS.aiAssistant, 'on')
    const fetch = setup(false)
    const { dialog } = await openEditor()
    await waitFor(() => expect(fetch.calls.some((c) => c.path === '/api/projects/abc/ai')).toBe(true))
    expect(within(dialog).queryByRole('button', { name: ASSISTANT_MESSAGES.tryAssistant })).toBeNull()
  })

  it('drafts the expression from a sentence, for the operation chosen, into USING', async () => {
    localStorage.setItem(FEATURE_PREVIEWS.aiAssistant, 'on')
    const fetch = setup(true)
    const { user, dialog } = await openEditor()
    await user.click(await within(dialog).findByRole('button', { name: ASSISTANT_MESSAGES.tryAssistant }))
    const form = within(dialog).getByRole('form', { name: ASSISTANT_MESSAGES.title })
    await user.type(within(form).getByLabelText(ASSISTANT_MESSAGES.promptLabel), 'users see their own todos')
    await user.click(within(form).getByRole('button', { name: ASSISTANT_MESSAGES.draft }))
    expect(within(form).getByRole('alert')).toHaveTextContent(ASSISTANT_MESSAGES.chooseOperation)

    await user.click(within(dialog).getByRole('radio', { name: 'SELECT' }))
    await user.click(within(form).getByRole('button', { name: ASSISTANT_MESSAGES.draft }))
    expect(await within(form).findByText(ASSISTANT_MESSAGES.drafted)).toBeInTheDocument()
    expect(fetch.calls.find((c) => c.path === '/api/ai/sql/policy')?.body).toEqual({
      projectRef: 'abc',
      prompt: 'users see their own todos',
      schema: 'public',
      table: 'todos',
      command: 'SELECT',
      includeSchema: true,
    })
    await user.type(within(dialog).getByLabelText('Policy name'), 'Own todos')
    await user.click(within(dialog).getByRole('button', { name: EDITOR_MESSAGES.review }))
    expect(await screen.findByText(/using \(\(select auth\.uid\(\)\) = user_id\)/i)).toBeInTheDocument()
  })
})
