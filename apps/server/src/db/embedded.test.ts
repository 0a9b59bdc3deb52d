import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { stopWithBasalt } from './embedded.ts'

describe('stopWithBasalt', () => {
  const children: ChildProcess[] = []
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL')
  })

  it('stops every registered server when Basalt exits, with one exit listener however many there are', async () => {
    const before = process.listeners('exit')
    const releases = []
    for (let i = 0; i < 12; i++) {
      const child = spawn('sleep', ['60'], { stdio: 'ignore' })
      children.push(child)
      releases.push(stopWithBasalt(child))
    }
    // Node warns of a leak past ten listeners of one event: twelve servers add one.
    const added = process.listeners('exit').filter((listener) => !before.includes(listener))
    expect(added).toHaveLength(1)

    // A released server is Basalt's no longer: it is left running.
    releases[0]!()
    const exits = children.slice(1).map((child) => once(child, 'exit'))
    added[0]!(0)
    const signals = (await Promise.all(exits)).map(([, signal]) => signal)
    expect(signals).toEqual(Array(11).fill('SIGINT'))
    expect(children[0]!.exitCode).toBeNull()
    expect(children[0]!.signalCode).toBeNull()

    for (const release of releases) release()
    expect(process.listeners('exit')).toEqual(before)
  })
})
