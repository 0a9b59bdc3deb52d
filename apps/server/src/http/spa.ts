import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { sendFailure } from './errors.ts'

/**
 * Serves the built web app when `distDir` holds one: files as they are, and index.html for any other GET
 * outside /api so that client-side routes survive a reload. Unknown /api paths are JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | null): Promise<void> {
  const spa = distDir !== null && existsSync(path.join(distDir, 'index.html'))
  if (spa) await app.register(fastifyStatic, { root: distDir, index: ['index.html'] })

  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/')
    if (spa && !isApi && (req.method === 'GET' || req.method === 'HEAD')) {
      // index.html names the hashed bundles of this build: never serve a stale one from cache.
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return sendFailure(reply, 'not_found', isApi ? `No API route ${req.method} ${req.url.split('?')[0]}` : 'Not found')
  })
}
