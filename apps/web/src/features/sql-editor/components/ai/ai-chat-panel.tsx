import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Bot, Play, Plus, Send, Square, Trash2, X } from 'lucide-react'
import { cn } from '../../../../lib/cn'
import { Button } from '../../../../ui/button'
import { useAiAvailability } from '../../state/ai-availability'
import { useAiPanelOpen } from '../../state/ai-preferences'
import { chatErrorText, messageText, useSqlChat } from '../../state/ai-chat'
import { AI_MESSAGES } from './ai-messages'

/** The chat panel's width (spec 2 §9). */
export const AI_PANEL_WIDTH = 400

const TOGGLE_ID = 'sql-ai-chat-toggle'

/** The toolbar's button that opens and closes the chat panel (its state kept in this browser, default open). */
export function AiChatToggle() {
  const { open, setOpen } = useAiPanelOpen()
  return (
    <Button
      id={TOGGLE_ID}
      size="sm"
      variant={open ? 'default' : 'ghost'}
      aria-pressed={open}
      onClick={() => setOpen(!open)}
    >
      <Bot aria-hidden className="size-4" />
      {AI_MESSAGES.chatToggle}
    </Button>
  )
}

export interface AiChatPanelProps {
  projectRef: string
  snippetId: string
  /** The editor's text, sent along so that questions about it are answered. */
  sql: string
  /** Puts an answer's query into the editor (as a suggestion). */
  onInsert: (sql: string) => void
  onRun: (sql: string) => void
  /** Why Insert and Run cannot be used now (a suggestion is pending), or null. */
  blockedReason: string | null
}

/**
 * The assistant's chat, 400 px on the right of the editor page (spec 2 §2): answers stream in, each ```sql
 * block with Insert and Run; the input is disabled while an answer comes (spec 2 §5); the conversation is
 * kept per snippet. Without a provider, or with AI turned off, it says why and sends nothing.
 */
export function AiChatPanel(props: AiChatPanelProps) {
  const { open, docked, setOpen } = useAiPanelOpen()
  if (!open) return null
  const close = () => {
    setOpen(false)
    // The toggle stays on the page: the focus goes back to it.
    requestAnimationFrame(() => document.getElementById(TOGGLE_ID)?.focus())
  }
  return (
    <aside
      aria-label={AI_MESSAGES.chatTitle}
      style={{ width: AI_PANEL_WIDTH }}
      className={cn(
        'flex h-full min-h-0 shrink-0 flex-col border-l border-border bg-surface',
        !docked && 'absolute inset-y-0 right-0 z-20 max-w-full shadow-xl',
      )}
    >
      <ChatBody {...props} onClose={close} />
    </aside>
  )
}

function ChatBody({
  projectRef,
  snippetId,
  sql,
  onInsert,
  onRun,
  blockedReason,
  onClose,
}: AiChatPanelProps & { onClose: () => void }) {
  const availability = useAiAvailability(projectRef)
  const chat = useSqlChat({ projectRef, snippetId, sql, includeSchema: availability.includeSchema })
  const [input, setInput] = useState('')
  const log = useRef<HTMLDivElement>(null)
  const unavailable = !availability.ready
  const inputDisabled = unavailable || chat.loading

  // The newest words stay in view while they stream in.
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight
  }, [chat.messages])

  const send = (event?: FormEvent) => {
    event?.preventDefault()
    const text = input.trim()
    if (!text || inputDisabled) return
    setInput('')
    void chat.sendMessage({ text })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) send(event)
  }

  return (
    <>
      <div className="flex items-center gap-2 border-b border-border px-3 py-2">
        <Bot aria-hidden className="size-4 text-brand" />
        <h2 className="text-sm font-semibold">{AI_MESSAGES.chatTitle}</h2>
        <div className="ml-auto flex items-center gap-1">
          <Button
            size="icon"
            variant="ghost"
            aria-label={AI_MESSAGES.chatClear}
            title={AI_MESSAGES.chatClear}
            onClick={chat.clear}
            disabled={chat.messages.length === 0 || chat.loading}
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={AI_MESSAGES.chatClose}
            title={AI_MESSAGES.chatClose}
            onClick={onClose}
          >
            <X aria-hidden className="size-4" />
          </Button>
        </div>
      </div>

      <div
        ref={log}
        role="log"
        aria-label={AI_MESSAGES.chatTitle}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3 text-sm"
      >
        {unavailable && availability.reason && (
          <p className="rounded-md border border-border bg-surface-raised p-3 text-muted-foreground">
            {availability.reason}
          </p>
        )}
        {!unavailable && chat.messages.length === 0 && <p className="text-muted-foreground">{AI_MESSAGES.chatEmpty}</p>}
        {chat.messages.map((message) => (
          <article key={message.id} aria-label={message.role === 'user' ? AI_MESSAGES.you : AI_MESSAGES.assistant}>
            <p className="mb-1 text-xs font-medium text-muted-foreground">
              {message.role === 'user' ? AI_MESSAGES.you : AI_MESSAGES.assistant}
            </p>
            <MessageText
              text={messageText(message)}
              user={message.role === 'user'}
              onInsert={onInsert}
              onRun={onRun}
              blockedReason={blockedReason}
            />
          </article>
        ))}
        {chat.status === 'submitted' && <p className="text-muted-foreground">{AI_MESSAGES.chatWorking}</p>}
        {chat.error && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm">
            {AI_MESSAGES.chatFailed(chatErrorText(chat.error))}
          </p>
        )}
      </div>

      <form onSubmit={send} className="flex items-end gap-2 border-t border-border p-3">
        <textarea
          aria-label={AI_MESSAGES.chatInput}
          placeholder={AI_MESSAGES.chatInput}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
          // aria-disabled rather than disabled while an answer comes: the focus stays in the input.
          disabled={unavailable}
          aria-disabled={inputDisabled}
          readOnly={chat.loading}
          rows={2}
          maxLength={8000}
          className="min-h-9 flex-1 resize-none rounded-md border border-input bg-surface-raised px-2 py-1.5 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-disabled:opacity-60"
        />
        {chat.loading ? (
          <Button
            size="icon"
            aria-label={AI_MESSAGES.chatStop}
            title={AI_MESSAGES.chatStop}
            onClick={() => void chat.stop()}
          >
            <Square aria-hidden className="size-3.5" />
          </Button>
        ) : (
          <Button
            type="submit"
            size="icon"
            variant="primary"
            aria-label={AI_MESSAGES.chatSend}
            disabled={inputDisabled || !input.trim()}
          >
            <Send aria-hidden className="size-4" />
          </Button>
        )}
      </form>
    </>
  )
}

/** Prose and fenced code of an answer; each finished ```sql block can be inserted or run. */
export function splitAnswer(text: string): Array<{ kind: 'text' | 'sql'; text: string; done: boolean }> {
  const parts: Array<{ kind: 'text' | 'sql'; text: string; done: boolean }> = []
  const fence = /```([\w-]*)[^\n]*\n([\s\S]*?)(```|$)/g
  let last = 0
  for (let match = fence.exec(text); match; match = fence.exec(text)) {
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index), done: true })
    const language = match[1]!.toLowerCase()
    const code = match[2]!.replace(/\n$/, '')
    const sqlLike = language === '' || language === 'sql' || language === 'pgsql' || language === 'postgresql'
    parts.push({ kind: sqlLike ? 'sql' : 'text', text: sqlLike ? code : match[0], done: match[3] === '```' })
    last = match.index + match[0].length
    if (match[0].length === 0) break
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last), done: true })
  return parts
}

function MessageText({
  text,
  user,
  onInsert,
  onRun,
  blockedReason,
}: {
  text: string
  user: boolean
  onInsert: (sql: string) => void
  onRun: (sql: string) => void
  blockedReason: string | null
}) {
  if (user) return <p className="rounded-md bg-muted px-2.5 py-1.5 whitespace-pre-wrap">{text}</p>
  return (
    <div className="space-y-2">
      {splitAnswer(text).map((part, i) =>
        part.kind === 'text' ? (
          part.text.trim() && (
            <p key={i} className="whitespace-pre-wrap">
              {part.text.trim()}
            </p>
          )
        ) : (
          // The figure carries the name: a name on the <pre> (a generic element) is not allowed (axe
          // aria-prohibited-attr, reported while the block is still empty as it streams).
          <figure
            key={i}
            aria-label={AI_MESSAGES.sqlBlock}
            className="overflow-hidden rounded-md border border-border bg-surface-raised"
          >
            <pre className="overflow-x-auto p-2 font-mono text-xs leading-5">{part.text}</pre>
            {part.done && part.text.trim() && (
              <figcaption className="flex justify-end gap-1 border-t border-border px-2 py-1">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onInsert(part.text)}
                  disabled={blockedReason !== null}
                  title={blockedReason ?? undefined}
                >
                  <Plus aria-hidden className="size-3.5" />
                  {AI_MESSAGES.insert}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onRun(part.text)}
                  disabled={blockedReason !== null}
                  title={blockedReason ?? undefined}
                >
                  <Play aria-hidden className="size-3.5" />
                  {AI_MESSAGES.runSql}
                </Button>
              </figcaption>
            )}
          </figure>
        ),
      )}
    </div>
  )
}
