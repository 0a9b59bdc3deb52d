import { APICallError, generateText, NoObjectGeneratedError, Output, type LanguageModelUsage } from 'ai'
import { z } from 'zod'
import { ok, type Result } from '@basalt/contracts'
import { aiFailure, UnusableAnswerError } from './failures.ts'
import type { AiProvider } from './provider.ts'

/** Token counts of one assistant call, for the audit log (null where the provider reports none). */
export interface AiUsage {
  inputTokens: number | null
  outputTokens: number | null
  totalTokens: number | null
}

export const NO_USAGE: AiUsage = { inputTokens: null, outputTokens: null, totalTokens: null }

export function usageOf(usage: LanguageModelUsage | undefined): AiUsage {
  return {
    inputTokens: usage?.inputTokens ?? null,
    outputTokens: usage?.outputTokens ?? null,
    totalTokens: usage?.totalTokens ?? null,
  }
}

export interface AiAnswer<T> {
  data: T
  usage: AiUsage
}

export interface JsonCall<T> {
  system: string
  prompt: string
  schema: z.ZodType<T>
  /** The answer's name in response_format (letters, digits, underscores). */
  name: string
  /** Aborts the call (the caller went away). */
  signal?: AbortSignal | undefined
}

/**
 * Reads the JSON object a model wrote in its text: after any <think>…</think> reasoning, inside a ```json
 * fence or between the first `{` and the last `}`; null when there is none that matches the schema.
 */
export function jsonFromText<T>(text: string, schema: z.ZodType<T>): T | null {
  const answer = text.replace(/<think>[\s\S]*?<\/think>/g, '')
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(answer)?.[1]
  const candidates = [fenced, answer.slice(answer.indexOf('{'), answer.lastIndexOf('}') + 1)]
  for (const candidate of candidates) {
    if (!candidate?.trim()) continue
    try {
      const parsed = schema.safeParse(JSON.parse(candidate))
      if (parsed.success) return parsed.data
    } catch {
      // Not JSON: the next candidate may be.
    }
  }
  return null
}

const unusable = () =>
  new UnusableAnswerError('The model did not answer with the JSON asked for. Try again, or use another model.')

/** What the fallback adds to the system prompt: the schema, and to answer with JSON only. */
function jsonInstruction(schema: z.ZodType): string {
  const jsonSchema = JSON.stringify(z.toJSONSchema(schema))
  return `Answer with one JSON object and nothing else (no prose, no Markdown fence), matching this JSON schema: ${jsonSchema}`
}

/**
 * Whether an error is a provider refusing `response_format: json_schema` rather than the call: a client
 * error of the request's shape, or a server error that names the response format (older llama.cpp).
 */
function refusedJsonSchema(err: unknown): boolean {
  if (!APICallError.isInstance(err) || err.statusCode === undefined) return false
  if ([400, 415, 422, 501].includes(err.statusCode)) return true
  return err.statusCode >= 500 && /response_format|json_schema|schema|grammar/i.test(err.responseBody ?? err.message)
}

const options = (provider: AiProvider, call: JsonCall<unknown>) => ({
  system: call.system,
  prompt: call.prompt,
  // One attempt: a person is waiting, and the message says what to do (try again) when it fails.
  maxRetries: 0,
  timeout: provider.config.timeoutMs,
  abortSignal: call.signal,
})

async function viaJsonSchema<T>(provider: AiProvider, call: JsonCall<T>): Promise<AiAnswer<T>> {
  try {
    const result = await generateText({
      model: provider.structuredModel,
      ...options(provider, call),
      output: Output.object({ schema: call.schema, name: call.name }),
    })
    return { data: result.output, usage: usageOf(result.totalUsage) }
  } catch (err) {
    // A model that accepted the schema but wrapped its JSON (a fence, reasoning) is read leniently.
    if (!NoObjectGeneratedError.isInstance(err)) throw err
    const data = err.text === undefined ? null : jsonFromText(err.text, call.schema)
    if (data === null) throw unusable()
    return { data, usage: usageOf(err.usage) }
  }
}

async function viaText<T>(provider: AiProvider, call: JsonCall<T>): Promise<AiAnswer<T>> {
  const result = await generateText({
    model: provider.plainModel,
    ...options(provider, call),
    system: `${call.system}\n\n${jsonInstruction(call.schema)}`,
  })
  const data = jsonFromText(result.text, call.schema)
  if (data === null) throw unusable()
  return { data, usage: usageOf(result.totalUsage) }
}

/**
 * Asks the model for a JSON object matching `schema` (AI_STRUCTURED_OUTPUT, docs/ai.md): with
 * `response_format: json_schema`, or the schema in the prompt and the JSON read from the text; `auto`
 * tries json_schema first and falls back to the text when the provider refuses it — remembered for the
 * model's later calls once the fallback worked.
 */
export async function generateJson<T>(provider: AiProvider, call: JsonCall<T>): Promise<Result<AiAnswer<T>>> {
  const mode = provider.config.structuredOutput
  try {
    if (mode === 'text' || (mode === 'auto' && provider.refusesJsonSchema)) return ok(await viaText(provider, call))
    try {
      return ok(await viaJsonSchema(provider, call))
    } catch (err) {
      if (mode !== 'auto' || !refusedJsonSchema(err)) throw err
      const answer = await viaText(provider, call)
      provider.refusesJsonSchema = true
      return ok(answer)
    }
  } catch (err) {
    return aiFailure(err, provider.config)
  }
}
