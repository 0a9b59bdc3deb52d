import { createUIMessageStreamResponse, streamText, type ModelMessage, type UIMessageChunk } from 'ai'
import { z } from 'zod'
import type {
  AiChatMessage,
  AiDebugResult,
  AiEditResult,
  AiGenerateResult,
  AiTitleResult,
  Result,
} from '@basalt/contracts'
import { aiFailure, timeoutMessage } from './failures.ts'
import { generateJson, usageOf, type AiAnswer, type AiUsage } from './json-output.ts'
import type { AiProvider } from './provider.ts'

/**
 * The SQL assistant's tasks (spec 2 §1, §7): generate, edit, debug and title SQL, and the chat. Each is
 * given the project's schema definitions only when the member and the organisation allow it (null
 * otherwise): see buildEntityDefinitions. Row data never reaches them.
 */

export interface AssistantInput {
  /** Table definitions (buildEntityDefinitions), or null when schema metadata may not be sent. */
  definitions: readonly string[] | null
  signal?: AbortSignal | undefined
}

const ROLE = `You are the SQL assistant of a dashboard for Postgres-based backend projects (Supabase-style: the roles anon, authenticated and service_role; auth.uid() and auth.jwt() in row-level security policies).
Write PostgreSQL (version 14 or later) that runs as written: quote identifiers that need it, end each statement with a semicolon, and prefer explicit column lists.`

function schemaSection(definitions: readonly string[] | null): string {
  if (definitions === null) {
    return 'The project schema was not shared with you: use the table and column names the user gives, or plain descriptive ones, and say which names you assumed in an SQL comment.'
  }
  if (definitions.length === 0) return 'The project has no tables in the chosen schemas yet.'
  return `The project schema (definitions only, no data):\n${definitions.join('\n\n')}`
}

const system = (task: string, definitions: readonly string[] | null) =>
  `${ROLE}\n\n${task}\n\n${schemaSection(definitions)}`

const sqlAndTitle = z.object({
  sql: z.string().describe('The SQL, ready to run'),
  title: z.string().describe('A short name for the query, at most six words'),
})

/**
 * Prompt + schema → SQL: the one function other features call (the SQL editor's 'ask AI' bar, the policy
 * editor's 'Try Assistant'). `instructions` narrows the task, e.g. "Write CREATE POLICY statements only".
 */
export function generateSql(
  provider: AiProvider,
  input: AssistantInput & { prompt: string; instructions?: string },
): Promise<Result<AiAnswer<AiGenerateResult>>> {
  const task = ['Write the SQL the user asks for. Put any explanation in SQL comments.', input.instructions ?? ''].join(
    ' ',
  )
  return generateJson(provider, {
    system: system(task.trim(), input.definitions),
    prompt: input.prompt,
    schema: sqlAndTitle,
    name: 'generated_sql',
    signal: input.signal,
  })
}

/**
 * A sentence → the boolean expression of a row-level security policy on `schema.table` for `command`
 * ('Try Assistant' in the policy editor), through generateSql with policy instructions. The answer is the
 * expression alone; the editor's review checks it as one expression before anything is saved.
 */
export async function draftPolicyExpression(
  provider: AiProvider,
  input: AssistantInput & { prompt: string; schema: string; table: string; command: string },
): Promise<Result<AiAnswer<{ expression: string }>>> {
  const answer = await generateSql(provider, {
    prompt: input.prompt,
    definitions: input.definitions,
    signal: input.signal,
    instructions: [
      `Write only the boolean SQL expression of a row-level security policy for ${input.command} on "${input.schema}"."${input.table}"`,
      '(what goes inside USING ( … ) or WITH CHECK ( … )): no CREATE POLICY, no USING keyword, no semicolon, no comments.',
      'Use auth.uid() for the signed-in user id and auth.jwt() for their claims; wrap them as (select auth.uid()) so Postgres evaluates them once.',
    ].join(' '),
  })
  if (!answer.ok) return answer
  return { ok: true, data: { ...answer.data, data: { expression: policyExpressionOf(answer.data.data.sql) } } }
}

/** The expression out of what a model wrote: without a code fence, a `using (…)` around it or a semicolon. */
export function policyExpressionOf(sql: string): string {
  let text = sql
    .replace(/^\s*```(?:sql)?\s*|\s*```\s*$/gi, '')
    .trim()
    .replace(/;+\s*$/, '')
    .trim()
  const wrapped = /^(?:using|with\s+check)\s*\(([\s\S]*)\)$/i.exec(text)
  if (wrapped) text = wrapped[1]!.trim()
  return text
}

export function editSql(
  provider: AiProvider,
  input: AssistantInput & { prompt: string; sql: string },
): Promise<Result<AiAnswer<AiEditResult>>> {
  return generateJson(provider, {
    system: system(
      'Change the SQL below as the user asks. Answer with the whole SQL after the change; keep what the request does not concern exactly as it is. If the SQL is empty, write new SQL.',
      input.definitions,
    ),
    prompt: `The SQL:\n${input.sql}\n\nThe change: ${input.prompt}`,
    schema: z.object({ sql: z.string().describe('The whole SQL after the change') }),
    name: 'edited_sql',
    signal: input.signal,
  })
}

export function debugSql(
  provider: AiProvider,
  input: AssistantInput & { sql: string; errorMessage: string },
): Promise<Result<AiAnswer<AiDebugResult>>> {
  return generateJson(provider, {
    system: system(
      'The SQL below failed with the error shown. Explain the cause and the fix in one or two sentences (solution), and give the whole corrected SQL (sql).',
      input.definitions,
    ),
    prompt: `The SQL:\n${input.sql}\n\nThe error: ${input.errorMessage}`,
    schema: z.object({
      solution: z.string().describe('What was wrong and how the SQL fixes it'),
      sql: z.string().describe('The whole corrected SQL'),
    }),
    name: 'debugged_sql',
    signal: input.signal,
  })
}

/** A title and a description of a query: never given the schema (the SQL says enough). */
export function titleSql(
  provider: AiProvider,
  input: { sql: string; signal?: AbortSignal | undefined },
): Promise<Result<AiAnswer<AiTitleResult>>> {
  return generateJson(provider, {
    system: `${ROLE}\n\nName the SQL below for a list of saved queries: a title of at most six words, and a one-sentence description of what it does.`,
    prompt: input.sql,
    schema: z.object({
      title: z.string().describe('At most six words'),
      description: z.string().describe('One sentence'),
    }),
    name: 'sql_title',
    signal: input.signal,
  })
}

const CHAT_TASK = `Answer the user's questions about their database and SQL briefly, in Markdown. Put each query in its own \`\`\`sql fenced block holding one complete statement that can be inserted into the editor or run as it is.`

/** The chat's messages as the model takes them: the text of each message, in order. */
function chatMessages(messages: readonly AiChatMessage[]): ModelMessage[] {
  return messages
    .map((m) => ({
      role: m.role,
      content: m.parts
        .filter((p) => p.type === 'text' && typeof p.text === 'string')
        .map((p) => p.text)
        .join(''),
    }))
    .filter((m) => m.content.trim() !== '')
}

export interface ChatEnd {
  usage: AiUsage
  /** The failure's message when the answer ended with an error (sent to the browser as the stream's error). */
  failure: string | null
}

/**
 * The chat (generate-v2): the model's answer as the AI SDK's UI message stream, which `useChat` reads.
 * A provider failure becomes the stream's error part with the same wording as the other routes; a wait for
 * the first or next words longer than AI_TIMEOUT_SECONDS ends it with the timeout's message. `onEnd` runs
 * once the stream is over, with the token counts.
 */
export function streamChat(
  provider: AiProvider,
  input: AssistantInput & { messages: readonly AiChatMessage[]; existingSql?: string | undefined },
  onEnd: (end: ChatEnd) => void,
  onBug: (err: unknown) => void,
): Response {
  const editor = input.existingSql?.trim()
    ? `\n\nThe SQL in the user's editor:\n\`\`\`sql\n${input.existingSql}\n\`\`\``
    : ''
  // AI_TIMEOUT_SECONDS bounds each wait for the provider's next words — the first ones included, whether or
  // not its answer has started (the SDK's own chunk timeouts start only once it has) — not the whole answer.
  const stalled = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const waitForMore = () => {
    clearTimeout(timer)
    timer = setTimeout(() => stalled.abort(), provider.config.timeoutMs)
  }
  waitForMore()
  const result = streamText({
    model: provider.plainModel,
    system: system(CHAT_TASK, input.definitions) + editor,
    messages: chatMessages(input.messages),
    maxRetries: 0,
    abortSignal: input.signal ? AbortSignal.any([stalled.signal, input.signal]) : stalled.signal,
    // Failures reach the browser as the stream's error part (below), not the server's console.
    onError: () => {},
  })
  let failure: string | null = null
  const messageOf = (err: unknown): string => {
    try {
      const refused = aiFailure(err, provider.config)
      return refused.ok ? '' : refused.error.message
    } catch (bug) {
      onBug(bug)
      return 'The AI assistant failed'
    }
  }
  const chunks = result.toUIMessageStream({
    onError: (err) => {
      failure = messageOf(err)
      return failure
    },
  })
  const watched = chunks.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, controller) {
        waitForMore()
        // A stalled stream ends with an abort part; the browser is told why, as an error.
        if (chunk.type === 'abort' && stalled.signal.aborted) {
          failure = timeoutMessage(provider.config)
          controller.enqueue({ type: 'error', errorText: failure })
          return
        }
        controller.enqueue(chunk)
      },
      async flush() {
        clearTimeout(timer)
        const usage = failure === null ? await Promise.resolve(result.totalUsage).catch(() => undefined) : undefined
        onEnd({ usage: usageOf(usage), failure })
      },
    }),
  )
  return createUIMessageStreamResponse({ stream: watched })
}
