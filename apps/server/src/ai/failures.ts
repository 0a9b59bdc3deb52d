import { APICallError } from 'ai'
import { fail, type Result } from '@basalt/contracts'
import type { AiConfig } from '../config.ts'

/** The model answered, but not with the JSON asked for (even read leniently from its text). */
export class UnusableAnswerError extends Error {
  override name = 'UnusableAnswerError'
}

const MAX_MESSAGE = 300

const shorten = (text: string) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text)

/** A provider's error body's message when it has one ({ error: { message } } or { error: '…' }). */
function providerMessage(err: APICallError): string {
  try {
    const body = JSON.parse(err.responseBody ?? '') as { error?: { message?: unknown } | string; message?: unknown }
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message)
    if (typeof message === 'string' && message.trim()) return message.trim()
  } catch {
    // Not JSON: the SDK's message says what there is.
  }
  return err.message
}

export const isTimeout = (err: unknown) => err instanceof Error && err.name === 'TimeoutError'

export const timeoutMessage = (config: AiConfig) =>
  `The AI provider did not answer within ${config.timeoutMs / 1000} seconds`

/**
 * An AI call's failure as `{ code, message }`, worded to follow the web's 'Failed to generate SQL: ' (spec 2
 * §8): a timeout (504), the provider's refusal or an unusable answer (502), an unreachable provider (502).
 * Anything else is a bug and is thrown on.
 */
export function aiFailure(err: unknown, config: AiConfig): Result<never> {
  if (isTimeout(err)) {
    return fail('ai_timeout', timeoutMessage(config))
  }
  if (err instanceof UnusableAnswerError) return fail('ai_failed', err.message)
  // The caller went away (its request closed): nobody reads the answer.
  if (err instanceof Error && err.name === 'AbortError') return fail('ai_failed', 'The AI call was cancelled')
  if (APICallError.isInstance(err)) {
    if (err.statusCode === undefined) {
      return fail('ai_failed', shorten(`Could not reach the AI provider at ${config.baseUrl}: ${err.message}`))
    }
    return fail('ai_failed', shorten(`The AI provider answered ${err.statusCode}: ${providerMessage(err)}`))
  }
  // The SDK's own errors (an empty answer, an invalid response body) are the provider's doing too.
  if (err instanceof Error && err.name.startsWith('AI_')) {
    return fail('ai_failed', shorten(`The AI provider's answer could not be used: ${err.message}`))
  }
  throw err
}
