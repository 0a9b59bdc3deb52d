import { describe, expect, it } from 'vitest'
import { toPostgresCsv } from './postgres-csv.ts'

describe('toPostgresCsv', () => {
  it('writes COPY’s CSV: quotes only commas, quotes and line breaks, NULL as nothing, an empty text as ""', () => {
    expect(
      toPostgresCsv(
        ['id', 'note', 'done'],
        [
          [1, ' pad ', true],
          [2, 'a,b "c"\r\nd', false],
          [3, '', null],
        ],
      ),
    ).toBe('id,note,done\n1, pad ,t\n2,"a,b ""c""\r\nd",f\n3,"",\n')
  })

  it('quotes a lone \\. only where it would end COPY’s data: as the whole line', () => {
    expect(toPostgresCsv(['v'], [['\\.']])).toBe('v\n"\\."\n')
    expect(toPostgresCsv(['v', 'w'], [['\\.', 'x']])).toBe('v,w\n\\.,x\n')
  })
})
