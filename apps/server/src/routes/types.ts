import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import { z } from 'zod'
import type { ZodTypeProvider } from '../http/zod.ts'

/** The app as routes see it: schemas are zod, handlers get parsed types. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>

export const slugParams = z.object({ slug: z.string().min(1).max(100) })
export const refParams = z.object({ ref: z.string().min(1).max(100) })
