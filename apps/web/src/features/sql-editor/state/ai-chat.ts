import { useEffect, useRef, useState } from 'react'
import { useChat } from '@ai-sdk/react'
import { DefaultChatTransport, type UIMessage } from 'ai'
import { AI_MAX_CHAT_MESSAGES } from '@basalt/contracts'
import { CSRF_HEADER, readCsrfToken } from '../../../lib/api-client'
import { countAiQuery } from './ai-preferences'

/** Where a snippet's conversation is kept in this browser. */
export const chatStorageKey = (projectRef: string, snippetId: string) => `basalt-ai-chat:${projectRef}:${snippetId}`

function readConversation(key: string): UIMessage[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]')
    return Array.isArray(parsed) ? (parsed as UIMessage[]) : []
  } catch {
    return []
  }
}

function writeConversation(key: string, messages: UIMessage[]) {
  try {
    if (messages.length === 0) localStorage.removeItem(key)
    else localStorage.setItem(key, JSON.stringify(messages.slice(-AI_MAX_CHAT_MESSAGES)))
  } catch {
    // Full or private storage: the conversation lasts as long as the page.
  }
}

/** A message's text (its text parts; reasoning and other parts are not shown). */
export const messageText = (message: UIMessage) =>
  message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')

/** The server's `{ message }` inside a failed call's error, or the error's own words. */
export function chatErrorText(error: Error): string {
  const json = /\{.*\}/s.exec(error.message)?.[0]
  if (json) {
    try {
      const parsed = JSON.parse(json) as { message?: unknown }
      if (typeof parsed.message === 'string') return parsed.message
    } catch {
      // Not JSON after all.
    }
  }
  return error.message
}

/**
 * The assistant's chat of one snippet (spec 2 §2), streamed from POST /api/ai/sql/generate-v2 with the
 * editor's text and the schema preference, and kept per snippet in this browser. The conversation follows
 * a new query when its first edit gives it an id.
 */
export function useSqlChat({
  projectRef,
  snippetId,
  sql,
  includeSchema,
}: {
  projectRef: string
  snippetId: string
  sql: string
  includeSchema: boolean
}) {
  const [chatId] = useState(() => `sql:${projectRef}:${snippetId}`)
  const latest = useRef({ sql, includeSchema })
  latest.current = { sql, includeSchema }
  const [transport] = useState(
    () =>
      new DefaultChatTransport<UIMessage>({
        api: '/api/ai/sql/generate-v2',
        credentials: 'same-origin',
        headers: (): Record<string, string> => {
          const token = readCsrfToken()
          return token ? { [CSRF_HEADER]: token } : {}
        },
        body: () => ({
          projectRef,
          existingSql: latest.current.sql.slice(0, 100_000) || undefined,
          includeSchema: latest.current.includeSchema,
        }),
      }),
  )
  const chat = useChat({
    id: chatId,
    transport,
    // A new query has no conversation yet; its first edit gives it an id, under which the chat is kept.
    messages: snippetId === 'new' ? [] : readConversation(chatStorageKey(projectRef, snippetId)),
    onFinish: ({ isError }) => {
      if (!isError) countAiQuery()
    },
  })

  const key = chatStorageKey(projectRef, snippetId)
  const settled = chat.status === 'ready' || chat.status === 'error'
  useEffect(() => {
    if (settled && snippetId !== 'new') writeConversation(key, chat.messages)
  }, [key, snippetId, settled, chat.messages])

  const clear = () => {
    chat.setMessages([])
    chat.clearError()
    writeConversation(key, [])
  }
  return { ...chat, loading: !settled, clear }
}
