import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify'
import type { z } from 'zod'

/**
 * Lets routes declare `schema: { body, params, querystring }` with the zod schemas of
 * packages/contracts: requests are parsed (and coerced) by zod and handlers see the parsed types.
 * A failure reaches the error handler as the ZodError itself.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data)
    return result.success ? { value: result.data } : { error: result.error }
  }
