import {
  createShareLinkBodySchema,
  fail,
  ok,
  SHARE_LINK_MESSAGES as M,
  shareLinkPath,
  type Result,
} from '@basalt/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { actorOf } from '../http/session.ts'
import { writeAudit } from '../platform/audit.ts'
import type { PlatformContext } from '../platform/context.ts'
import { forget, giveBack, pruneAttempts, takeAttempt, takeBackoffAttempt } from '../platform/rate-limit.ts'
import { getBucket } from '../storage/buckets.ts'
import type { ObjectStore } from '../storage/object-store.ts'
import { getObject } from '../storage/objects.ts'
import {
  checkLinkPassword,
  countDownload,
  createShareLink,
  findUsableLink,
  listShareLinks,
  revokeShareLink,
  uncountDownload,
  type UsableLink,
} from '../storage/share-links.ts'
import { serveObjectByLink } from './storage-api.ts'
import { refParams, type App } from './types.ts'

const read = { permission: 'storage:read', scope: 'project' } as const
const write = { permission: 'storage:write', scope: 'project' } as const

const bucketParams = refParams.extend({ id: z.string().min(1).max(256) })
const linkParams = refParams.extend({ linkId: z.uuid() })
const tokenParams = z.object({ token: z.string().max(200) })

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * The one page a share link shows in a browser: its password form, or the refusal. Basalt's CSP applies
 * (no script; inline styles; forms only to Basalt), light and dark after the browser's setting.
 */
function page(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>Basalt · Shared file</title>
<style>
  :root { color-scheme: light dark; --bg: #ffffff; --fg: #18181b; --muted: #52525b; --border: #d4d4d8; --accent: #166534; --accent-fg: #ffffff; --error: #b91c1c; }
  @media (prefers-color-scheme: dark) { :root { --bg: #18181b; --fg: #f4f4f5; --muted: #a1a1aa; --border: #3f3f46; --accent: #22c55e; --accent-fg: #052e16; --error: #fca5a5; } }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, sans-serif; }
  main { width: min(24rem, 90vw); padding: 1.5rem; border: 1px solid var(--border); border-radius: 0.5rem; }
  h1 { font-size: 1.125rem; margin: 0 0 0.5rem; }
  p { margin: 0 0 1rem; color: var(--muted); overflow-wrap: anywhere; }
  label { display: block; font-weight: 500; margin-bottom: 0.25rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.5rem; border: 1px solid var(--muted); border-radius: 0.375rem; background: var(--bg); color: var(--fg); font: inherit; }
  input:focus-visible, button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
  button { margin-top: 1rem; width: 100%; padding: 0.5rem; border: 0; border-radius: 0.375rem; background: var(--accent); color: var(--accent-fg); font: inherit; font-weight: 600; cursor: pointer; }
  .error { color: var(--error); margin: 0.5rem 0 0; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`)
}

const unavailable = (reply: FastifyReply) => page(reply, 404, `<h1>${escapeHtml(M.unavailable)}</h1>`)

function passwordForm(reply: FastifyReply, status: number, token: string, link: UsableLink, error?: string) {
  const name = link.path.split('/').pop()!
  return page(
    reply,
    status,
    `<h1>${escapeHtml(M.passwordTitle)}</h1>
<p>${escapeHtml(name)}</p>
<form method="post" action="${escapeHtml(shareLinkPath(token))}">
<label for="password">${escapeHtml(M.passwordLabel)}</label>
<input id="password" name="password" type="password" autocomplete="off" required autofocus${error ? ' aria-invalid="true" aria-describedby="error"' : ''}>
${error ? `<p class="error" id="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">${escapeHtml(M.download)}</button>
</form>`,
  )
}

/**
 * Share links (issue 25 point 7; docs/storage.md "Share links"): created, listed and revoked by members, and
 * downloaded by anyone holding one at `/share/{token}` (no session). A link that does not exist, was revoked,
 * has expired or has been used up is the same 404 page. Each download is counted by one conditional UPDATE
 * (so a link of n downloads gives exactly n, however many ask at once) and audited in the project's
 * organisation. A wrong password counts against the link and the address the way a wrong sign-in does.
 */
export function shareLinkRoutes(app: App, ctx: PlatformContext, store: ObjectStore): void {
  const links = '/api/storage/:ref/buckets/:id/share-links'

  app.get(links, { config: read, schema: { params: bucketParams } }, async (req, reply) => {
    const { ref, id } = req.params
    const bucket = await req.project.read(undefined, (c) => getBucket(c, id))
    if (!bucket.ok) return reply.result(bucket)
    const present = async (objectIds: string[]) => {
      const found = await req.project.read(undefined, async (c) => {
        const { rows } = await c.query<{ id: string }>(
          'select id::text from storage.objects where bucket_id = $1 and id = any($2::uuid[])',
          [id, objectIds],
        )
        return ok(new Set(rows.map((r) => r.id)))
      })
      // Not known (the project's database did not answer): no link is called deleted for it.
      return found.ok ? found.data : undefined
    }
    return reply.result(ok(await listShareLinks(ctx.db, ref, id, present)))
  })

  app.post(
    links,
    { config: write, schema: { params: bucketParams, body: createShareLinkBodySchema } },
    async (req, reply) => {
      const { ref, id } = req.params
      const body = req.body
      const found = await req.project.read(undefined, async (c) => {
        const bucket = await getBucket(c, id)
        return bucket.ok ? getObject(c, id, body.path) : bucket
      })
      if (!found.ok) return reply.result(found)
      const actor = actorOf(req)
      const created = await createShareLink(ctx.db, {
        ref,
        bucketId: id,
        path: body.path,
        objectId: found.data.id,
        expiresIn: body.expiresIn,
        password: body.password ?? null,
        maxDownloads: body.maxDownloads ?? null,
        createdBy: actor,
      })
      const project = req.projectAccess!.project
      await writeAudit(ctx.db, {
        action: 'storage.share_link.create',
        actor,
        organization: { id: project.organization_id!, slug: project.organization_slug },
        target: `${id}/${body.path}`,
        details: {
          project: ref,
          link: created.link.id,
          expiresAt: created.link.expiresAt,
          password: created.link.hasPassword,
          maxDownloads: created.link.maxDownloads,
        },
      })
      return reply.result(
        ok({ link: created.link, url: `${ctx.config.publicUrl}${shareLinkPath(created.token)}` }),
        201,
      )
    },
  )

  app.post(
    '/api/storage/:ref/share-links/:linkId/revoke',
    { config: write, schema: { params: linkParams } },
    async (req, reply) => {
      const { ref, linkId } = req.params
      const revoked = await revokeShareLink(ctx.db, ref, linkId)
      if (revoked.ok) {
        const project = req.projectAccess!.project
        await writeAudit(ctx.db, {
          action: 'storage.share_link.revoke',
          actor: actorOf(req),
          organization: { id: project.organization_id!, slug: project.organization_slug },
          target: `${revoked.data.bucketId}/${revoked.data.path}`,
          details: { project: ref, link: linkId, downloads: revoked.data.downloads },
        })
      }
      return reply.result(revoked)
    },
  )

  /** Counts the download, streams the object as an attachment and audits it; the 404 page if it cannot. */
  const download = async (req: FastifyRequest, reply: FastifyReply, link: UsableLink) => {
    const head = req.method === 'HEAD'
    let number: number | null = null
    const sent = await serveObjectByLink(
      ctx,
      store,
      req,
      reply,
      { ref: link.ref, bucket: link.bucketId, path: link.path, objectId: link.objectId, download: true },
      async () => ok(undefined),
      async (): Promise<Result<void>> => {
        if (head) return ok(undefined)
        number = await countDownload(ctx.db, link.id)
        return number === null ? fail('not_found', M.unavailable) : ok(undefined)
      },
    )
    if (!sent.ok) {
      if (number !== null) await uncountDownload(ctx.db, link.id)
      return unavailable(reply)
    }
    if (number === null) return sent.data
    if (reply.statusCode >= 400) {
      // The bytes are gone from the store, or the range is outside the object: nothing was downloaded.
      await uncountDownload(ctx.db, link.id)
      return sent.data
    }
    await writeAudit(ctx.db, {
      action: 'storage.share_link.download',
      actor: { id: null, email: null, ip: req.ip },
      organization: link.organization,
      target: `${link.bucketId}/${link.path}`,
      details: {
        project: link.ref,
        link: link.id,
        download: number,
        range: req.headers.range?.slice(0, 100) ?? null,
        userAgent: req.headers['user-agent']?.slice(0, 200) ?? null,
      },
    }).catch((err: unknown) => req.log.warn({ err }, 'audit entry of a share-link download not written'))
    return sent.data
  }

  // GET answers HEAD too (without counting). A link with a password answers its form.
  app.get('/share/:token', { schema: { params: tokenParams } }, async (req, reply) => {
    const link = await findUsableLink(ctx.db, req.params.token)
    if (!link) return unavailable(reply)
    if (link.passwordHash !== null) return passwordForm(reply, 200, req.params.token, link)
    return download(req, reply, link)
  })

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    scope.post(
      '/share/:token',
      { schema: { params: tokenParams, body: z.object({ password: z.string().max(1024).optional() }).loose() } },
      async (req, reply) => {
        const { token } = req.params as z.infer<typeof tokenParams>
        const link = await findUsableLink(ctx.db, token)
        if (!link) return unavailable(reply)
        if (link.passwordHash === null) return download(req, reply, link)
        const password = (req.body as { password?: string }).password ?? ''
        const ip = req.ip
        const pairKey = `share-link:${link.id} ${ip}`
        const address = await takeAttempt(ctx.db, `share-link-address:${ip}`, ctx.rateLimits.address)
        if (!address.ok) return passwordForm(reply, 429, token, link, address.error.message)
        const pair = await takeBackoffAttempt(ctx.db, pairKey, ctx.rateLimits.signIn)
        if (!pair.ok) {
          await giveBack(ctx.db, address.data)
          return passwordForm(reply, 429, token, link, pair.error.message)
        }
        if (!(await checkLinkPassword(link.passwordHash, password))) {
          await writeAudit(ctx.db, {
            action: 'storage.share_link.password_failed',
            actor: { id: null, email: null, ip },
            organization: link.organization,
            target: `${link.bucketId}/${link.path}`,
            details: { project: link.ref, link: link.id },
          })
          await pruneAttempts(ctx.db, Math.max(ctx.rateLimits.signIn.forgetMs, ctx.rateLimits.address.windowMs))
          return passwordForm(reply, 401, token, link, M.wrongPassword)
        }
        await forget(ctx.db, pairKey)
        await giveBack(ctx.db, address.data)
        return download(req, reply, link)
      },
    )
  })
}
