import { describe, expect, it } from 'vitest'
import { functionDefinitionSchema } from '@basalt/contracts'
import { buildCreateFunction, buildDropFunction, dollarQuoted, splitSearchPath } from './functions.ts'

describe('function DDL', () => {
  it('dollar-quotes a body under a tag it does not hold, apart from a $ at its ends', () => {
    expect(dollarQuoted('select 1')).toBe('$$select 1$$')
    expect(dollarQuoted('select $$x$$ y')).toBe('$body$select $$x$$ y$body$')
    expect(dollarQuoted('select $$x$$, $body$')).toBe('$body1$select $$x$$, $body$\n$body1$')
    expect(() => dollarQuoted('a\0b')).toThrow()
  })

  it('reads a search_path setting back into schemas', () => {
    expect(splitSearchPath('public, "My Schema", "a""b"')).toEqual(['public', 'My Schema', 'a"b'])
    expect(splitSearchPath('""')).toEqual([])
  })

  it('writes arguments in order with their modes and defaults, the result, and every option', () => {
    const def = functionDefinitionSchema.parse({
      schema: 'public',
      name: 'My fn',
      arguments: [
        { mode: 'in', name: 'a', type: 'integer' },
        { mode: 'out', name: 'b', type: 'text' },
        { mode: 'in', name: 'c', type: 'integer', default: '5' },
      ],
      returns: { kind: 'type', type: 'record' },
      language: 'sql',
      body: 'select a::text, c',
      volatility: 'immutable',
      security_definer: true,
      search_path: [],
      comment: "it's",
    })
    expect(buildCreateFunction(def)).toBe(
      'CREATE FUNCTION "public"."My fn"("a" integer, OUT "b" text, "c" integer DEFAULT 5)\n' +
        "RETURNS record\nLANGUAGE sql\nIMMUTABLE\nSECURITY DEFINER\nSET search_path = ''\nAS $$select a::text, c$$;\n\n" +
        'COMMENT ON FUNCTION "public"."My fn"("a" integer, OUT "b" text, "c" integer) IS \'it\'\'s\';',
    )
    const table = functionDefinitionSchema.parse({
      ...def,
      arguments: [],
      returns: { kind: 'table', columns: [{ name: 'k', type: 'text' }] },
      body: 'RETURN 1',
      comment: null,
      search_path: ['public', 'extensions'],
    })
    expect(buildCreateFunction(table)).toBe(
      'CREATE FUNCTION "public"."My fn"()\nRETURNS TABLE("k" text)\nLANGUAGE sql\nIMMUTABLE\nSECURITY DEFINER\n' +
        'SET search_path = "public", "extensions"\nRETURN 1;',
    )
  })

  it('drops one overload by its identity arguments', () => {
    expect(
      buildDropFunction({ kind: 'aggregate', schema: 's', name: 'total', identity_arguments: 'integer' }, true),
    ).toBe('DROP AGGREGATE "s"."total"(integer) CASCADE;')
  })
})
