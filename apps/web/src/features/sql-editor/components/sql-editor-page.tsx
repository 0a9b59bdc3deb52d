import { useEffect, useMemo, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  REPORT_PERIOD_LABELS,
  REPORT_TIME_PERIODS,
  type ReportTimePeriod,
  type StatementPlace,
} from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { usePermission } from '../../../project/use-permission'
import { RoleImpersonationPopover } from '../../../project/role-impersonation/role-impersonation-popover'
import { impersonationParam, useImpersonation } from '../../../project/role-impersonation/role-impersonation-store'
import { Button } from '../../../ui/button'
import {
  CodeEditor,
  DECORATION_CLASSES,
  DiffEditor,
  type CodeEditorInstance,
  type MonacoApi,
} from '../../../ui/code-editor/code-editor'
import { ErrorState } from '../../../ui/empty-state'
import { NativeSelect } from '../../../ui/input'
import { PageSpinner } from '../../../ui/spinner'
import { VerticalSplit } from '../../../ui/split-pane'
import { useFormatQuery } from '../api/format-query'
import { snippetKey } from '../api/get-snippet'
import { registerSqlIntellisense, useIntellisensePreference } from '../intellisense'
import { querySuggestion, useSqlAssistantDiff } from '../state/ai-suggestion'
import type { SnippetDocument } from '../state/snippet-document'
import {
  DEFAULT_RUN_PERIOD,
  errorPlace,
  sourceOffset,
  usesPeriod,
  useSqlRunner,
  type RunRequest,
} from '../state/sql-runner'
import { AiChatPanel, AiChatToggle } from './ai/ai-chat-panel'
import { AiDiffBar } from './ai/ai-diff-bar'
import { AI_MESSAGES } from './ai/ai-messages'
import { AskAiBar } from './ai/ask-ai-bar'
import { DebugWithAi } from './ai/debug-with-ai'
import { DatabaseSourcePicker } from './database-source-picker'
import { DestructiveQueryDialog } from './destructive-query-dialog'
import { EditorSettingsMenu } from './editor-settings-menu'
import { QueryHistoryButton } from './history/query-history-button'
import { EDITOR_MESSAGES } from './messages'
import { ResultsPanel } from './results/results-panel'
import { RunStatus } from './run-status'
import { SnippetToolbar } from './snippets/snippet-toolbar'

export interface SqlEditorPageProps {
  projectRef: string
  document: SnippetDocument
}

interface MountedEditor {
  editor: CodeEditorInstance
  monaco: MonacoApi
}

/** Where the editor's share of the page's height is kept in this browser. */
const SPLIT_STORAGE_KEY = 'basalt-sql-editor-split'

// Monaco binds Ctrl/Cmd+Enter; the button shows the one this computer uses.
const RUN_SHORTCUT = /Mac|iPhone|iPad/.test(globalThis.navigator?.userAgent ?? '') ? '⌘ ↵' : 'Ctrl ↵'

/** The owner of the error markers the page puts on the editor's model. */
const ERROR_MARKER_OWNER = 'sql-run'

/** /project/{ref}/sql/{id}: the editor, its toolbar and the results of the last run. */
export function SqlEditorPage({ projectRef, document }: SqlEditorPageProps) {
  const runner = useSqlRunner(projectRef)
  const [impersonation] = useImpersonation(projectRef)
  // Read-only members run SQL on the project's read-only login, which can switch to no role (the server
  // refuses their impersonation): they run as themselves, and the role button is not offered.
  const canImpersonate = usePermission('tenant_sql:write')
  const [connectionId, setConnectionId] = useState<string | undefined>(undefined)
  // The AI assistant's pending suggestion: shown as a diff instead of the editor; nothing runs meanwhile.
  const assistant = useSqlAssistantDiff(projectRef, document)
  const { pendingDiff } = assistant
  const format = useFormatQuery(projectRef)
  const queryClient = useQueryClient()
  const [mounted, setMounted] = useState<MountedEditor | null>(null)
  const busy = runner.phase !== 'idle'
  const hasText = document.sql.trim() !== ''
  // A query written for a report's period runs for one the member picks here.
  const [period, setPeriod] = useState<ReportTimePeriod>(DEFAULT_RUN_PERIOD)
  const periodQuery = useMemo(() => usesPeriod(document.sql), [document.sql])

  // What Ctrl/Cmd+Enter runs: the editor's action is registered once, so it calls the latest of this.
  // The AI chat's Run passes its query, which runs as it is (the editor's text unchanged).
  const run = (request?: RunRequest) => {
    if (pendingDiff || !mounted) return
    runner.start(request ?? requestOf(mounted.editor), {
      connectionId,
      impersonation: canImpersonate ? impersonationParam(impersonation.role) : undefined,
      period,
    })
  }
  const runRef = useRef(run)
  useEffect(() => {
    runRef.current = run
  })

  const prettify = () => {
    format.mutate(document.sql, {
      onSuccess: (formatted) => {
        if (!mounted) return document.setSql(formatted)
        replaceText(mounted.editor, formatted, 'prettify')
      },
      onError: (error) => toast.error(EDITOR_MESSAGES.formatFailed(errorMessage(error))),
    })
  }

  useErrorHighlight(mounted, runner.run, runner.ran)
  useIntellisense(mounted, projectRef)

  // A past run reopened from the history replaces the text, as an edit that Undo takes back.
  const openFromHistory = (sql: string) => {
    const model = mounted?.editor.getModel()
    if (document.readOnly || pendingDiff) return
    if (!mounted || !model) return document.setSql(sql)
    replaceText(mounted.editor, sql, 'history')
    mounted.editor.focus()
  }

  const goToStatement = (statement: StatementPlace) => {
    const model = mounted?.editor.getModel()
    if (!mounted || !model || !runner.ran || runner.ran.external) return
    const { offset } = runner.ran
    const start = model.getPositionAt(offset + sourceOffset(runner.ran, statement.start))
    const end = model.getPositionAt(offset + sourceOffset(runner.ran, statement.end))
    const range = new mounted.monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column)
    mounted.editor.setSelection(range)
    mounted.editor.revealRangeInCenterIfOutsideViewport(range)
    mounted.editor.focus()
  }

  const onMount = (editor: CodeEditorInstance, monaco: MonacoApi) => {
    editor.addAction({
      id: 'basalt.sql.run',
      label: 'Run query',
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
      run: () => runRef.current(),
    })
    // The editor goes while a suggestion's diff is shown, and comes back (a new one) when it is settled.
    editor.onDidDispose(() => setMounted((current) => (current?.editor === editor ? null : current)))
    setMounted({ editor, monaco })
    assistant.onEditorMount(editor)
  }

  return (
    <div className="relative flex h-full min-h-0">
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="border-b border-border px-3 py-2">
          <SnippetToolbar projectRef={projectRef} document={document} />
        </div>
        <div className="flex flex-wrap items-center gap-1.5 border-b border-border px-3 py-1.5">
          <Button
            size="sm"
            variant="primary"
            onClick={() => run()}
            loading={busy}
            disabled={!mounted || !hasText || pendingDiff !== null}
            title={pendingDiff ? EDITOR_MESSAGES.pendingDiff : undefined}
            aria-keyshortcuts="Control+Enter Meta+Enter"
          >
            {EDITOR_MESSAGES.run}
            <kbd aria-hidden className="rounded border border-current/30 px-1 font-sans text-[10px]">
              {RUN_SHORTCUT}
            </kbd>
          </Button>
          {/* Always there and focusable: a Cancel that went away or was disabled when its run ends would drop the
            focus. */}
          <Button
            size="sm"
            onClick={runner.cancel}
            loading={runner.cancelling}
            aria-disabled={runner.phase !== 'running' || runner.cancelling || undefined}
            className={runner.phase !== 'running' ? 'cursor-not-allowed opacity-50 hover:bg-transparent' : undefined}
          >
            {runner.cancelling ? EDITOR_MESSAGES.cancelling : EDITOR_MESSAGES.cancel}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={prettify}
            loading={format.isPending}
            disabled={!hasText || document.readOnly || pendingDiff !== null}
          >
            {EDITOR_MESSAGES.prettify}
          </Button>
          {periodQuery && (
            <label className="flex items-center gap-1.5 text-xs text-muted-foreground">
              {EDITOR_MESSAGES.period}
              <NativeSelect
                value={period}
                onChange={(e) => setPeriod(e.target.value as ReportTimePeriod)}
                className="h-7 w-auto py-0 text-xs"
              >
                {REPORT_TIME_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {REPORT_PERIOD_LABELS[p]}
                  </option>
                ))}
              </NativeSelect>
            </label>
          )}
          <div className="ml-auto flex flex-wrap items-center gap-1">
            {canImpersonate && <RoleImpersonationPopover projectRef={projectRef} />}
            <DatabaseSourcePicker projectRef={projectRef} value={connectionId} onChange={setConnectionId} />
            <QueryHistoryButton projectRef={projectRef} onOpen={openFromHistory} />
            <EditorSettingsMenu />
            <AiChatToggle />
          </div>
        </div>

        <AskAiBar
          projectRef={projectRef}
          sql={document.sql}
          readOnly={document.readOnly}
          blocked={pendingDiff !== null}
          onSuggest={assistant.suggest}
        />

        <VerticalSplit
          label={EDITOR_MESSAGES.resize}
          storageKey={SPLIT_STORAGE_KEY}
          top={
            document.status === 'loading' ? (
              <PageSpinner label="Loading query" />
            ) : document.status === 'error' ? (
              <div className="p-4">
                <ErrorState
                  title={EDITOR_MESSAGES.loadFailed}
                  error={document.error}
                  action={
                    <Button
                      size="sm"
                      onClick={() => void queryClient.refetchQueries({ queryKey: snippetKey(projectRef, document.id) })}
                    >
                      {EDITOR_MESSAGES.retryLoad}
                    </Button>
                  }
                />
              </div>
            ) : pendingDiff ? (
              <div className="flex h-full min-h-0 flex-col">
                <AiDiffBar diff={assistant} canCreate={document.canSave} />
                <DiffEditor
                  label={EDITOR_MESSAGES.editorLabel}
                  original={pendingDiff.original}
                  modified={pendingDiff.modified}
                  onMount={assistant.onDiffMount}
                  className="min-h-0 flex-1"
                />
              </div>
            ) : (
              <CodeEditor
                label={EDITOR_MESSAGES.editorLabel}
                value={document.sql}
                onChange={document.setSql}
                readOnly={document.readOnly}
                placeholder={EDITOR_MESSAGES.placeholder}
                onMount={onMount}
                className="h-full"
              />
            )
          }
          bottom={
            <ResultsPanel
              projectRef={projectRef}
              snippetName={document.name}
              snippetId={document.snippet ? document.snippet.id : null}
              run={runner.run}
              running={busy}
              status={
                <>
                  <RunStatus
                    projectRef={projectRef}
                    run={runner.run}
                    onSwitchToPrimary={() => setConnectionId(undefined)}
                  />
                  {runner.run && runner.ran?.period && (
                    <p className="text-xs text-muted-foreground">
                      {EDITOR_MESSAGES.periodUsed(runner.ran.period.start, runner.ran.period.end)}
                    </p>
                  )}
                  <DebugWithAi
                    projectRef={projectRef}
                    run={runner.run}
                    ran={runner.ran}
                    sql={document.sql}
                    blocked={pendingDiff !== null || document.readOnly}
                    onSuggest={assistant.suggest}
                  />
                </>
              }
              onGoToStatement={goToStatement}
            />
          }
        />

        <DestructiveQueryDialog statements={runner.confirming} onConfirm={runner.confirm} onDismiss={runner.dismiss} />
      </div>
      <AiChatPanel
        projectRef={projectRef}
        snippetId={document.id}
        sql={document.sql}
        onInsert={(sql) => assistant.suggest(querySuggestion(document.sql, sql))}
        onRun={(sql) => run({ sql, offset: 0, line: 1, external: true })}
        blockedReason={pendingDiff ? AI_MESSAGES.runBlocked : null}
      />
    </div>
  )
}

/** Replaces the whole text as one edit, so that Undo brings the previous text back. */
function replaceText(editor: CodeEditorInstance, text: string, source: string) {
  const model = editor.getModel()
  if (!model) return
  editor.pushUndoStop()
  editor.executeEdits(source, [{ range: model.getFullModelRange(), text }])
  editor.pushUndoStop()
}

/** Autocomplete and signature help from the project's schema, while the 'intellisense' preference is on. */
function useIntellisense(mounted: MountedEditor | null, projectRef: string) {
  const [enabled] = useIntellisensePreference()
  const queryClient = useQueryClient()
  const monaco = mounted?.monaco
  useEffect(() => {
    if (!monaco || !enabled) return
    const registration = registerSqlIntellisense(monaco, { projectRef, queryClient })
    return () => registration.dispose()
  }, [monaco, enabled, projectRef, queryClient])
}

/** The selection if there is one, else the whole text, with its place in the document. */
function requestOf(editor: CodeEditorInstance): RunRequest {
  const model = editor.getModel()
  const selection = editor.getSelection()
  if (!model) return { sql: '', offset: 0, line: 1 }
  if (selection && !selection.isEmpty()) {
    return {
      sql: model.getValueInRange(selection),
      offset: model.getOffsetAt(selection.getStartPosition()),
      line: selection.startLineNumber,
    }
  }
  return { sql: model.getValue(), offset: 0, line: 1 }
}

/**
 * The line of the last run's error, highlighted in the editor and scrolled to (spec 2 §7), with a marker at
 * Postgres' position whose hover repeats the message. Cleared when the next run answers.
 */
function useErrorHighlight(
  mounted: MountedEditor | null,
  run: ReturnType<typeof useSqlRunner>['run'],
  ran: RunRequest | null,
) {
  useEffect(() => {
    const model = mounted?.editor.getModel()
    // A cancel or a timeout stops a statement that was not wrong: only errors of the SQL are marked.
    if (!mounted || !model || run?.status !== 'error' || !run.error || !ran || ran.external) return
    const place = errorPlace(run.error, ran)
    if (!place) return
    const { editor, monaco } = mounted
    const position =
      'offset' in place
        ? model.getPositionAt(place.offset)
        : new monaco.Position(Math.min(place.line, model.getLineCount()), 1)
    const word = model.getWordAtPosition(position)
    const decorations = editor.createDecorationsCollection([
      {
        range: new monaco.Range(position.lineNumber, 1, position.lineNumber, 1),
        options: {
          isWholeLine: true,
          className: DECORATION_CLASSES.errorLine,
          linesDecorationsClassName: DECORATION_CLASSES.errorMargin,
          overviewRuler: { color: '#c8372d', position: monaco.editor.OverviewRulerLane.Full },
        },
      },
    ])
    monaco.editor.setModelMarkers(model, ERROR_MARKER_OWNER, [
      {
        severity: monaco.MarkerSeverity.Error,
        message: run.error.message,
        startLineNumber: position.lineNumber,
        startColumn: word?.startColumn ?? position.column,
        endLineNumber: position.lineNumber,
        endColumn: word?.endColumn ?? position.column + 1,
      },
    ])
    editor.revealLineInCenterIfOutsideViewport(position.lineNumber)
    return () => {
      decorations.clear()
      if (!model.isDisposed()) monaco.editor.setModelMarkers(model, ERROR_MARKER_OWNER, [])
    }
  }, [mounted, run, ran])
}
