import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local OpenAI-compatible server for the AI assistant's tests: POST /v1/chat/completions answers as a
 * test tells it (JSON, a streamed answer, an error, slowly), and every request it received is kept to be
 * looked at. No network beyond 127.0.0.1.
 */

/** One chat completion request as the provider sent it. */
export interface FakeRequest {
  headers: IncomingMessage['headers']
  body: {
    model: string
    messages: { role: string; content: string | { type: string; text?: string }[] }[]
    stream?: boolean
    response_format?: { type: string; json_schema?: { name: string; schema: unknown } }
    [key: string]: unknown
  }
}

export type FakeAnswer =
  /** A whole answer whose message content is this text (a JSON answer is a text too). */
  | { text: string; delayMs?: number }
  /** The answer's content as JSON. */
  | { json: unknown; delayMs?: number }
  /** A streamed answer (stream: true, else the pieces joined), one chunk per piece, delayMs apart. */
  | { chunks: string[]; delayMs?: number }
  /** An error answer in OpenAI's shape. */
  | { status: number; message: string }
  /** Never answers (until the client gives up). */
  | { hang: true }

export interface FakeOpenAI {
  /** The base URL to configure: http://127.0.0.1:<port>/v1. */
  url: string
  requests: FakeRequest[]
  /** How the next requests are answered; a function sees each request. */
  answer: FakeAnswer | ((req: FakeRequest) => FakeAnswer)
  /** Like a model that refuses response_format json_schema (many local servers did, some still do). */
  refusesJsonSchema: boolean
  /** The text of every message the provider was sent, joined: what left Basalt. */
  sentText(req?: FakeRequest): string
  close(): Promise<void>
}

export const FAKE_USAGE = { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = []
  for await (const part of req) parts.push(part as Buffer)
  return Buffer.concat(parts).toString('utf8')
}

function completion(model: string, content: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: FAKE_USAGE,
  }
}

function chunk(model: string, delta: Record<string, unknown>, finish: string | null = null) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** On `port` (a free one by default): the journeys start Basalt with AI_BASE_URL set before this is. */
export async function startFakeOpenAI(port = 0): Promise<FakeOpenAI> {
  const open = new Set<ServerResponse>()
  const fake: FakeOpenAI = {
    url: '',
    requests: [],
    answer: { text: '' },
    refusesJsonSchema: false,
    sentText(req = fake.requests.at(-1)) {
      if (!req) return ''
      return req.body.messages
        .map((m) => (typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join('')))
        .join('\n')
    },
    close: async () => {
      for (const res of open) res.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  const server = createServer((req, res) => {
    open.add(res)
    res.on('close', () => open.delete(res))
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        return sendJson(res, 404, { error: { message: `No route ${req.method} ${req.url}`, type: 'not_found' } })
      }
      const request: FakeRequest = { headers: req.headers, body: JSON.parse(await readBody(req)) }
      fake.requests.push(request)
      const model = request.body.model
      if (fake.refusesJsonSchema && request.body.response_format?.type === 'json_schema') {
        return sendJson(res, 400, {
          error: { message: "response_format type 'json_schema' is not supported", type: 'invalid_request_error' },
        })
      }
      const answer = typeof fake.answer === 'function' ? fake.answer(request) : fake.answer
      if ('hang' in answer) return
      if ('status' in answer) {
        return sendJson(res, answer.status, { error: { message: answer.message, type: 'server_error' } })
      }
      // A whole answer comes late; a streamed one starts at once and waits between its chunks.
      if (answer.delayMs && !('chunks' in answer)) await sleep(answer.delayMs)
      if (res.destroyed) return
      const content = 'json' in answer ? JSON.stringify(answer.json) : 'text' in answer ? answer.text : null
      if (!request.body.stream) {
        return sendJson(res, 200, completion(model, content ?? ('chunks' in answer ? answer.chunks.join('') : '')))
      }
      // Server-sent events, as /v1/chat/completions streams: deltas, a finish, the usage, [DONE].
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`)
      send(chunk(model, { role: 'assistant', content: '' }))
      const pieces = content !== null ? [content] : 'chunks' in answer ? answer.chunks : []
      for (const [i, piece] of pieces.entries()) {
        if (i > 0 && answer.delayMs) await sleep(answer.delayMs)
        if (res.destroyed) return
        send(chunk(model, { content: piece }))
      }
      send(chunk(model, {}, 'stop'))
      send({ ...chunk(model, {}), choices: [], usage: FAKE_USAGE })
      res.end('data: [DONE]\n\n')
    })().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(err) } })
      else res.destroy()
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  return fake
}
