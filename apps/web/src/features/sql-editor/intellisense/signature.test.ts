import { describe, expect, it } from 'vitest'
import { signatureHelpAt } from './signature'
import { tokenizeSql } from './sql-tokens'
import { sampleCatalog } from './testing/sample-catalog'
import { cursorIn, tokenizePgsql } from './testing/monaco-tokenizer'

function helpAt(textWithCursor: string) {
  const { text, offset } = cursorIn(textWithCursor)
  return signatureHelpAt(tokenizeSql(text, tokenizePgsql), offset, sampleCatalog)
}
const active = (help: ReturnType<typeof helpAt>) => {
  if (!help) return null
  const signature = help.signatures[help.activeSignature]!
  const parameter = signature.parameters[help.activeParameter]
  return { signature: signature.label, parameter: parameter && signature.label.slice(...parameter.range) }
}

describe('signature help', () => {
  it("after '(': the function's arguments with names, types and defaults, the first one active", () => {
    const help = helpAt('select add_todo(|)')
    expect(help?.signatures).toEqual([
      {
        label: 'add_todo(title text, done boolean DEFAULT false) → bigint',
        documentation: 'Adds a todo',
        parameters: [
          { label: 'title text', range: [9, 19] },
          { label: 'done boolean DEFAULT false', range: [21, 47] },
        ],
      },
    ])
    expect(active(help)).toEqual({ signature: help!.signatures[0]!.label, parameter: 'title text' })
  })

  it('after a comma: the next argument, past commas of nested calls and strings', () => {
    expect(active(helpAt("select add_todo('a, b', |"))?.parameter).toBe('done boolean DEFAULT false')
    expect(active(helpAt('select add_todo(left(x, 2), |)'))?.parameter).toBe('done boolean DEFAULT false')
    expect(active(helpAt('select add_todo(left(x, |), true)'))).toEqual({
      signature: 'left(text, integer) → text',
      parameter: 'integer',
    })
  })

  it('chooses the overload that takes as many arguments; a variadic one takes any number', () => {
    expect(active(helpAt('select round(1.5|'))?.signature).toBe('round(numeric) → numeric')
    expect(active(helpAt('select round(1.5, |'))?.signature).toBe('round(numeric, integer) → numeric')
    expect(helpAt('select round(|')?.signatures).toHaveLength(2)
    expect(active(helpAt("select concat_ws(',', a, b, |"))).toEqual({
      signature: 'concat_ws(text, VARIADIC "any") → text',
      parameter: 'VARIADIC "any"',
    })
  })

  it('finds schema-qualified functions, across lines', () => {
    expect(active(helpAt('select auth.uid(|)'))?.signature).toBe('uid() → uuid')
    expect(active(helpAt('select public.add_todo(\n  $1,\n  |'))?.parameter).toBe('done boolean DEFAULT false')
  })

  it('is none outside a call, for unknown functions, in strings and in array brackets', () => {
    expect(helpAt('select add_todo(1) |')).toBeNull()
    expect(helpAt('select nothing_here(|')).toBeNull()
    expect(helpAt('select * from todos where id in (|')).toBeNull()
    expect(helpAt("select add_todo('(|")).toBeNull()
    expect(helpAt('select add_todo(array[1, |')).toBeNull()
    expect(helpAt('select add_todo(1); select |')).toBeNull()
  })
})
