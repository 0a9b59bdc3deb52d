/**
 * react-data-grid 7 beta calls iterator helpers (`generator().map(…).toArray()`), which Safari before 18.4,
 * Firefox before 131 and Node 20 (the unit tests) lack. This fills in the few it relies on, only where
 * missing, on the shared iterator prototype that generators inherit from.
 */
type AnyIterator = Iterator<unknown> & Iterable<unknown>

const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as Record<string, unknown>

const helpers: Record<string, (this: AnyIterator, ...args: never[]) => unknown> = {
  *map(this: AnyIterator, fn: (value: unknown, index: number) => unknown) {
    let i = 0
    for (const value of { [Symbol.iterator]: () => this }) yield fn(value, i++)
  },
  *filter(this: AnyIterator, fn: (value: unknown, index: number) => boolean) {
    let i = 0
    for (const value of { [Symbol.iterator]: () => this }) if (fn(value, i++)) yield value
  },
  toArray(this: AnyIterator) {
    return Array.from({ [Symbol.iterator]: () => this })
  },
  forEach(this: AnyIterator, fn: (value: unknown, index: number) => void) {
    let i = 0
    for (const value of { [Symbol.iterator]: () => this }) fn(value, i++)
  },
  some(this: AnyIterator, fn: (value: unknown, index: number) => boolean) {
    let i = 0
    for (const value of { [Symbol.iterator]: () => this }) if (fn(value, i++)) return true
    return false
  },
  every(this: AnyIterator, fn: (value: unknown, index: number) => boolean) {
    let i = 0
    for (const value of { [Symbol.iterator]: () => this }) if (!fn(value, i++)) return false
    return true
  },
  find(this: AnyIterator, fn: (value: unknown, index: number) => boolean) {
    let i = 0
    for (const value of { [Symbol.iterator]: () => this }) if (fn(value, i++)) return value
    return undefined
  },
}

for (const [name, fn] of Object.entries(helpers)) {
  if (typeof IteratorPrototype[name] !== 'function') {
    Object.defineProperty(IteratorPrototype, name, { value: fn, writable: true, configurable: true })
  }
}

export {}
