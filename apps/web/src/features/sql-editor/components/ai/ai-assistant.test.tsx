import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router'
import { AI_NOT_CONFIGURED_MESSAGE, AI_DISABLED_MESSAGE, type AiStatus, type SqlRunResult } from '@basalt/contracts'
import { mockFetch, renderWithProviders } from '../../../../test/helpers'
import { AI_PREFERENCE_KEYS } from '../../state/ai-preferences'
import {
  diffOf,
  querySuggestion,
  textAfter,
  useSqlAssistantDiff,
  wholeTextSuggestion,
  type AiSuggestion,
} from '../../state/ai-suggestion'
import type { SnippetDocument } from '../../state/snippet-document'
import { AiChatPanel, AiChatToggle } from './ai-chat-panel'
import { AiDiffBar } from './ai-diff-bar'
import { AI_MESSAGES } from './ai-messages'
import { AskAiBar } from './ask-ai-bar'
import { DebugWithAi } from './debug-with-ai'

const REF = 'abc'
const STATUS = `GET /api/projects/${REF}/ai`
const ready: AiStatus = { configured: true, enabled: true, schemaMetadataAllowed: true, model: 'm', message: null }

afterEach(() => vi.unstubAllGlobals())

/** The page's use of the assistant without Monaco (jsdom cannot run it; the journey drives it). */
function Harness({ initialSql = '', canSave = true }: { initialSql?: string; canSave?: boolean }) {
  const [sql, setSql] = useState(initialSql)
  const document = { id: 'snippet-1', sql, setSql, readOnly: false, canSave } as unknown as SnippetDocument
  const diff = useSqlAssistantDiff(REF, document)
  const location = useLocation()
  return (
    <>
      <AskAiBar
        projectRef={REF}
        sql={sql}
        readOnly={false}
        blocked={diff.pendingDiff !== null}
        onSuggest={diff.suggest}
      />
      <AiDiffBar diff={diff} canCreate={canSave} />
      {diff.pendingDiff && (
        <>
          <pre data-testid="original">{diff.pendingDiff.original}</pre>
          <pre data-testid="modified">{diff.pendingDiff.modified}</pre>
        </>
      )}
      <pre data-testid="editor">{sql}</pre>
      <p data-testid="path">{location.pathname}</p>
    </>
  )
}

const askBar = () => screen.getByRole('textbox', { name: AI_MESSAGES.askLabel })

async function ask(prompt: string) {
  await userEvent.type(askBar(), prompt)
  await userEvent.click(screen.getByRole('button', { name: AI_MESSAGES.askSubmit }))
}

describe('suggestion types', () => {
  it('is an Addition when the answer keeps the text and adds to it, a Modification otherwise', () => {
    const added = wholeTextSuggestion('select 1;', 'select 1;\nselect 2;')
    expect(added.type).toBe('addition')
    expect(textAfter(added)).toBe('select 1;\n\nselect 2;')
    const changed = wholeTextSuggestion('select 1;', 'select 2;')
    expect(changed.type).toBe('modification')
    expect(textAfter(changed)).toBe('select 2;')
    // Switched by hand: a Modification of an addition replaces the text, a new snippet holds the added query.
    expect(textAfter({ ...added, type: 'modification' })).toBe('select 1;\nselect 2;')
    expect(diffOf({ ...added, type: 'new-snippet' })).toEqual({ original: '', modified: 'select 2;' })
    expect(textAfter({ ...querySuggestion('select 1;', 'select 3;'), type: 'modification' })).toBe('select 3;')
  })
})

describe('AskAiBar and the diff', () => {
  it('says how to configure a provider and makes no call without one', async () => {
    const { calls } = mockFetch({
      [STATUS]: { body: { ...ready, configured: false, message: AI_NOT_CONFIGURED_MESSAGE } },
    })
    renderWithProviders(<Harness />)
    // Said once: the variables are named in one sentence, not repeated by a second hint.
    const hint = await screen.findByText(/AI is not configured: set AI_BASE_URL and AI_MODEL/)
    expect(hint).toBeVisible()
    expect(hint.textContent).toBe(AI_NOT_CONFIGURED_MESSAGE)
    expect(hint.textContent!.match(/AI_BASE_URL/g)).toHaveLength(1)
    expect(hint.textContent).toMatch(/then restart Basalt$/)
    expect(askBar()).toBeDisabled()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })

  it('says the organisation turned AI off', async () => {
    mockFetch({ [STATUS]: { body: { ...ready, enabled: false, message: AI_DISABLED_MESSAGE } } })
    renderWithProviders(<Harness />)
    expect(await screen.findByText(new RegExp(AI_DISABLED_MESSAGE))).toBeVisible()
    expect(askBar()).toBeDisabled()
  })

  it('generates into an empty editor as an Addition, switched to Modification and accepted', async () => {
    const { calls } = mockFetch({
      [STATUS]: { body: ready },
      'POST /api/ai/sql/generate': { body: { sql: 'select * from todos;', title: 'Todos' } },
    })
    renderWithProviders(<Harness />)
    await waitFor(() => expect(askBar()).toBeEnabled())
    await ask('all todos')
    expect(await screen.findByTestId('modified')).toHaveTextContent('select * from todos;')
    expect(calls.find((c) => c.path === '/api/ai/sql/generate')?.body).toEqual({
      projectRef: REF,
      prompt: 'all todos',
      includeSchema: true,
    })
    const type = screen.getByRole('button', { name: `${AI_MESSAGES.diffType}: Addition` })
    await userEvent.click(type)
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Modification' }))
    expect(screen.getByRole('button', { name: `${AI_MESSAGES.diffType}: Modification` })).toBeVisible()
    // Nothing more is asked while a suggestion is pending.
    expect(askBar()).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: AI_MESSAGES.accept }))
    expect(screen.getByTestId('editor')).toHaveTextContent('select * from todos;')
    expect(screen.queryByRole('region', { name: AI_MESSAGES.diffTitle })).not.toBeInTheDocument()
  })

  it('edits the text: a change is a Modification, discarded leaves the text as it was', async () => {
    const { calls } = mockFetch({
      [STATUS]: { body: ready },
      'POST /api/ai/sql/edit': { body: { sql: 'select id from todos;' } },
    })
    renderWithProviders(<Harness initialSql="select * from todos;" />)
    await waitFor(() => expect(askBar()).toBeEnabled())
    await ask('only the id')
    expect(await screen.findByRole('button', { name: `${AI_MESSAGES.diffType}: Modification` })).toBeVisible()
    expect(calls.find((c) => c.path === '/api/ai/sql/edit')?.body).toMatchObject({ sql: 'select * from todos;' })
    expect(screen.getByTestId('original')).toHaveTextContent('select * from todos;')
    await userEvent.click(screen.getByRole('button', { name: /Discard/ }))
    expect(screen.getByTestId('editor')).toHaveTextContent('select * from todos;')
    expect(screen.queryByTestId('modified')).not.toBeInTheDocument()
  })

  it('an edit that only adds is an Addition; an unchanged edit and a failure are toasts', async () => {
    let answer: { status?: number; body: unknown } = { body: { sql: 'select 1;\nselect 2;' } }
    mockFetch({ [STATUS]: { body: ready }, 'POST /api/ai/sql/edit': () => answer })
    renderWithProviders(<Harness initialSql="select 1;" />)
    await waitFor(() => expect(askBar()).toBeEnabled())
    await ask('and two')
    expect(await screen.findByRole('button', { name: `${AI_MESSAGES.diffType}: Addition` })).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: AI_MESSAGES.accept }))
    expect(screen.getByTestId('editor').textContent).toBe('select 1;\n\nselect 2;')

    answer = { body: { sql: 'select 1;\n\nselect 2;' } }
    await ask('nothing')
    expect(await screen.findByText(AI_MESSAGES.editUnchanged)).toBeVisible()

    answer = { status: 502, body: { code: 'ai_failed', message: 'The AI provider answered 401: bad key' } }
    await ask('again')
    expect(await screen.findByText('Failed to edit SQL: The AI provider answered 401: bad key')).toBeVisible()
    expect(screen.queryByRole('region', { name: AI_MESSAGES.diffTitle })).not.toBeInTheDocument()
  })

  it('a failed generation is a toast', async () => {
    mockFetch({
      [STATUS]: { body: ready },
      'POST /api/ai/sql/generate': {
        status: 504,
        body: { code: 'ai_timeout', message: 'The AI provider did not answer within 60 seconds' },
      },
    })
    renderWithProviders(<Harness />)
    await waitFor(() => expect(askBar()).toBeEnabled())
    await ask('anything')
    expect(
      await screen.findByText('Failed to generate SQL: The AI provider did not answer within 60 seconds'),
    ).toBeVisible()
  })

  it('accepted as a new snippet, it is titled, created and opened', async () => {
    const { calls } = mockFetch({
      [STATUS]: { body: ready },
      'POST /api/ai/sql/edit': { body: { sql: 'select 1;\nselect count(*) from todos;' } },
      'POST /api/ai/sql/title': { body: { title: 'Count todos', description: 'How many' } },
      [`POST /api/platform/projects/${REF}/content`]: ({ body }) => ({
        body: {
          id: (body as { id: string }).id,
          type: 'sql',
          name: (body as { name: string }).name,
          description: null,
          visibility: 'user',
          owner_id: 'u',
          owner: null,
          updated_by: null,
          project_id: '1',
          content: { sql: 'select count(*) from todos;', favorite: false },
          inserted_at: '2024-01-01T00:00:00Z',
          updated_at: '2024-01-01T00:00:00Z',
        },
      }),
    })
    renderWithProviders(<Harness initialSql="select 1;" />)
    await waitFor(() => expect(askBar()).toBeEnabled())
    await ask('count them')
    await userEvent.click(await screen.findByRole('button', { name: `${AI_MESSAGES.diffType}: Addition` }))
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'New snippet' }))
    expect(screen.getByTestId('original')).toBeEmptyDOMElement()
    await userEvent.click(screen.getByRole('button', { name: AI_MESSAGES.accept }))
    await waitFor(() =>
      expect(screen.getByTestId('path').textContent).toMatch(new RegExp(`^/project/${REF}/sql/[0-9a-f-]{36}$`)),
    )
    const created = calls.find((c) => c.method === 'POST' && c.path.endsWith('/content'))
    expect(created?.body).toMatchObject({ name: 'Count todos', content: { sql: 'select count(*) from todos;' } })
    expect(calls.find((c) => c.path === '/api/ai/sql/title')?.body).toEqual({
      projectRef: REF,
      sql: 'select count(*) from todos;',
    })
    // The open snippet keeps its text.
    expect(screen.getByTestId('editor')).toHaveTextContent('select 1;')
  })

  it('without user_content:create, New snippet is not offered', async () => {
    mockFetch({ [STATUS]: { body: ready }, 'POST /api/ai/sql/generate': { body: { sql: 'select 1;', title: 't' } } })
    renderWithProviders(<Harness canSave={false} />)
    await waitFor(() => expect(askBar()).toBeEnabled())
    await ask('one')
    await userEvent.click(await screen.findByRole('button', { name: `${AI_MESSAGES.diffType}: Addition` }))
    expect(await screen.findByRole('menuitemradio', { name: 'Modification' })).toBeVisible()
    expect(screen.queryByRole('menuitemradio', { name: 'New snippet' })).not.toBeInTheDocument()
  })

  it('suggests including the schema after three AI answers while it is off, until dismissed', async () => {
    localStorage.setItem(AI_PREFERENCE_KEYS.includeSchema, 'off')
    localStorage.setItem(AI_PREFERENCE_KEYS.queryCount, '2')
    mockFetch({ [STATUS]: { body: ready }, 'POST /api/ai/sql/generate': { body: { sql: 'select 1;', title: 't' } } })
    const { unmount } = renderWithProviders(<Harness />)
    await waitFor(() => expect(askBar()).toBeEnabled())
    expect(screen.queryByRole('region', { name: AI_MESSAGES.popoverTitle })).not.toBeInTheDocument()
    await ask('one')
    const popover = await screen.findByRole('region', { name: AI_MESSAGES.popoverTitle })
    await userEvent.click(within(popover).getByRole('button', { name: AI_MESSAGES.popoverDismiss }))
    expect(screen.queryByRole('region', { name: AI_MESSAGES.popoverTitle })).not.toBeInTheDocument()
    unmount()

    // Turned on from the popover, schema inclusion hides it too.
    localStorage.removeItem(AI_PREFERENCE_KEYS.suggestionDismissed)
    renderWithProviders(<Harness />)
    const again = await screen.findByRole('region', { name: AI_MESSAGES.popoverTitle })
    await userEvent.click(within(again).getByRole('button', { name: AI_MESSAGES.popoverInclude }))
    expect(localStorage.getItem(AI_PREFERENCE_KEYS.includeSchema)).toBe('on')
    expect(screen.queryByRole('region', { name: AI_MESSAGES.popoverTitle })).not.toBeInTheDocument()
  })

  it('the settings modal keeps schema inclusion, or says the organisation does not allow it', async () => {
    mockFetch({ [STATUS]: { body: { ...ready, schemaMetadataAllowed: false } } })
    renderWithProviders(<Harness />)
    await userEvent.click(screen.getByRole('button', { name: AI_MESSAGES.settings }))
    const dialog = await screen.findByRole('dialog', { name: AI_MESSAGES.settings })
    expect(await within(dialog).findByText(AI_MESSAGES.schemaNotAllowed)).toBeVisible()
    expect(within(dialog).getByRole('switch', { name: AI_MESSAGES.includeSchema })).toBeDisabled()
  })
})

const failedRun: SqlRunResult = {
  runId: 'r',
  results: [],
  notices: [],
  status: 'error',
  error: { code: 'bad_request', message: 'relation "todo" does not exist', position: 15, statementIndex: 0 },
  rolledBack: false,
  statementCount: 1,
  durationMs: 1,
}

function DebugHarness({ sql }: { sql: string }) {
  const [suggestion, setSuggestion] = useState<AiSuggestion | null>(null)
  return (
    <>
      <DebugWithAi
        projectRef={REF}
        run={failedRun}
        ran={{ sql: 'select * from todo;', offset: 11, line: 3 }}
        sql={sql}
        blocked={false}
        onSuggest={setSuggestion}
      />
      {suggestion && <pre data-testid="modified">{textAfter(suggestion)}</pre>}
      {suggestion?.note && <p>{suggestion.note}</p>}
    </>
  )
}

describe('Debug with AI', () => {
  it('suggests the corrected query in place of the one that failed, with the explanation', async () => {
    const { calls } = mockFetch({
      [STATUS]: { body: ready },
      'POST /api/ai/sql/debug': { body: { solution: 'The table is called todos.', sql: 'select * from todos;' } },
    })
    renderWithProviders(<DebugHarness sql={'select 1;\n\nselect * from todo;\nselect 3;'} />)
    await waitFor(() => expect(screen.getByRole('button', { name: AI_MESSAGES.debug })).toBeEnabled())
    await userEvent.click(screen.getByRole('button', { name: AI_MESSAGES.debug }))
    expect(await screen.findByText('The table is called todos.')).toBeVisible()
    expect(screen.getByTestId('modified').textContent).toBe('select 1;\n\nselect * from todos;\nselect 3;')
    expect(calls.find((c) => c.path === '/api/ai/sql/debug')?.body).toEqual({
      projectRef: REF,
      sql: 'select * from todo;',
      errorMessage: 'relation "todo" does not exist',
      includeSchema: true,
    })
  })

  it('says so when the assistant fails', async () => {
    mockFetch({
      [STATUS]: { body: ready },
      'POST /api/ai/sql/debug': { status: 502, body: { code: 'ai_failed', message: 'nope' } },
    })
    renderWithProviders(<DebugHarness sql={'select 1;\n\nselect * from todo;'} />)
    await waitFor(() => expect(screen.getByRole('button', { name: AI_MESSAGES.debug })).toBeEnabled())
    await userEvent.click(screen.getByRole('button', { name: AI_MESSAGES.debug }))
    expect(await screen.findByText(AI_MESSAGES.debugFailed)).toBeVisible()
  })
})

/** A UI message stream as the server sends it, its text in these pieces. */
function uiStream(pieces: string[]): Response {
  const events = [
    { type: 'start' },
    { type: 'text-start', id: 't' },
    ...pieces.map((delta) => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish' },
  ]
  const body = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('') + 'data: [DONE]\n\n'
  return new Response(body, {
    headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
  })
}

describe('AiChatPanel', () => {
  it('streams an answer whose SQL is inserted or run, and keeps the conversation of the snippet', async () => {
    let release = () => {}
    const sent: unknown[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname
        if (path === STATUS.slice(4)) return new Response(JSON.stringify(ready))
        sent.push(JSON.parse(String(init?.body)))
        await new Promise<void>((resolve) => (release = resolve))
        return uiStream(['Here you go:\n```sql\nselect count(*)', ' from todos;\n```\nDone.'])
      }),
    )
    localStorage.setItem(AI_PREFERENCE_KEYS.panelOpen, 'on')
    const onInsert = vi.fn()
    const onRun = vi.fn()
    const panel = (
      <AiChatPanel
        projectRef={REF}
        snippetId="s1"
        sql="select 1;"
        onInsert={onInsert}
        onRun={onRun}
        blockedReason={null}
      />
    )
    const { unmount } = renderWithProviders(panel)
    const input = screen.getByRole('textbox', { name: AI_MESSAGES.chatInput })
    await waitFor(() => expect(input).toBeEnabled())
    await userEvent.type(input, 'how many todos?{Enter}')
    // While the answer comes the input takes nothing.
    await waitFor(() => expect(input).toHaveAttribute('aria-disabled', 'true'))
    expect(input).toHaveFocus()
    release()
    const answer = await screen.findByRole('article', { name: AI_MESSAGES.assistant })
    expect(within(answer).getByRole('figure', { name: AI_MESSAGES.sqlBlock })).toHaveTextContent(
      'select count(*) from todos;',
    )
    await waitFor(() => expect(input).toHaveAttribute('aria-disabled', 'false'))
    await userEvent.click(within(answer).getByRole('button', { name: AI_MESSAGES.insert }))
    expect(onInsert).toHaveBeenCalledWith('select count(*) from todos;')
    await userEvent.click(within(answer).getByRole('button', { name: AI_MESSAGES.runSql }))
    expect(onRun).toHaveBeenCalledWith('select count(*) from todos;')
    expect(sent[0]).toMatchObject({ projectRef: REF, existingSql: 'select 1;', includeSchema: true })
    unmount()

    // Back on the snippet, the conversation is there.
    renderWithProviders(panel)
    expect(await screen.findByRole('article', { name: AI_MESSAGES.you })).toHaveTextContent('how many todos?')
  })
})

describe('AiChatToggle', () => {
  it('opens and closes the panel, remembered in this browser; closed by default on a narrow window', async () => {
    mockFetch({ [STATUS]: { body: ready } })
    const page = (
      <>
        <AiChatToggle />
        <AiChatPanel projectRef={REF} snippetId="s2" sql="" onInsert={() => {}} onRun={() => {}} blockedReason={null} />
      </>
    )
    const { unmount } = renderWithProviders(page)
    const toggle = screen.getByRole('button', { name: AI_MESSAGES.chatToggle })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    expect(screen.queryByRole('complementary', { name: AI_MESSAGES.chatTitle })).not.toBeInTheDocument()
    await userEvent.click(toggle)
    expect(screen.getByRole('complementary', { name: AI_MESSAGES.chatTitle })).toBeVisible()
    unmount()

    renderWithProviders(page)
    expect(screen.getByRole('complementary', { name: AI_MESSAGES.chatTitle })).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: AI_MESSAGES.chatClose }))
    expect(screen.queryByRole('complementary', { name: AI_MESSAGES.chatTitle })).not.toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: AI_MESSAGES.chatToggle })).toHaveFocus())
  })
})
