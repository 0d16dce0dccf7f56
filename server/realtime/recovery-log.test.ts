import { describe, expect, it } from 'vitest'
import { RecoveryLog } from './recovery-log'

const data = (n: number) => JSON.stringify({ packet: { data: ['receiveMessage', { n }] }, opts: {} })
const ids = (entries: { id: string }[]) => entries.map((e) => e.id)

describe('RecoveryLog', () => {
  it('gives what a session’s rooms missed after its offset, up to a bound, oldest first and once', () => {
    const log = new RecoveryLog(100)
    log.add('100-0', ['user:a', 'user:b'], data(1))
    log.add('100-1', ['user:c'], data(2))
    log.add('101-0', ['user:b'], data(3))
    log.add('102-0', [], data(4)) // to everyone
    log.add('102-1', ['user:a', 'user:b'], data(5))
    expect(log.last).toBe('102-1')
    expect(ids(log.since(['sid', 'user:b', 'user:a'], '100-0', '102-1'))).toEqual(['101-0', '102-0', '102-1'])
    expect(ids(log.since(['user:b'], '99-0', '101-0'))).toEqual(['100-0', '101-0'])
    expect(ids(log.since(['user:c'], '100-1', '102-1'))).toEqual(['102-0'])
    expect(ids(log.since(['user:z'], '102-0', '102-1'))).toEqual([])
  })

  it('covers offsets from just before its first entry; keeps the newest `max` and stops covering older ones', () => {
    const log = new RecoveryLog(3)
    expect(log.covers('1-0')).toBe(false)
    log.add('10-5', ['user:a'], data(1))
    expect(log.covers('10-4')).toBe(true)
    expect(log.covers('9-9')).toBe(false)
    log.add('11-0', ['user:a'], data(2))
    log.add('12-0', ['user:b'], data(3))
    expect(log.trimmed).toBe(false)
    log.add('13-0', ['user:a'], data(4))
    expect(log.size).toBe(3)
    expect(log.trimmed).toBe(true)
    expect(log.covers('10-4')).toBe(false)
    expect(log.covers('10-5')).toBe(true)
    expect(ids(log.since(['user:a'], '10-5', '13-0'))).toEqual(['11-0', '13-0'])
    expect(log.covers('not-an-id')).toBe(false)
  })

  it('starts afresh after an entry it cannot hold', () => {
    const log = new RecoveryLog(10)
    log.add('1-0', ['user:a'], data(1))
    log.add('2-0', ['user:a'], null)
    log.add('3-0', ['user:a'], data(3))
    expect(log.covers('1-0')).toBe(false)
    expect(log.covers('2-0')).toBe(true)
    expect(ids(log.since(['user:a'], '2-0', '3-0'))).toEqual(['3-0'])
  })

  it('drops broadcasts older than a session may be away, on adding and on trim, and still covers its newest', () => {
    let now = 1_000
    const log = new RecoveryLog(100, 500, () => now)
    log.add('10-0', ['user:a'], data(1))
    now = 1_200
    log.add('11-0', ['user:a'], data(2))
    now = 1_600 // the first is 600 ms old
    log.add('12-0', ['user:a'], data(3))
    expect(log.size).toBe(2)
    expect(log.trimmed).toBe(true)
    expect(log.covers('9-9')).toBe(false)
    expect(log.covers('10-0')).toBe(true)
    expect(ids(log.since(['user:a'], '10-0', '12-0'))).toEqual(['11-0', '12-0'])
    now = 2_101 // nothing added: a trim alone drops what aged out, down to nothing
    log.trim()
    expect(log.size).toBe(0)
    // A session whose offset is the newest broadcast missed nothing; one further back is not covered.
    expect(log.covers('12-0')).toBe(true)
    expect(log.since(['user:a'], '12-0', log.last!)).toEqual([])
    expect(log.covers('11-0')).toBe(false)
    now = 2_200
    log.add('13-0', ['user:a'], data(4))
    expect(ids(log.since(['user:a'], '12-0', '13-0'))).toEqual(['13-0'])
  })

  it('answers as a plain list of every broadcast would, across drops, compaction and starting afresh', () => {
    // A small deterministic generator, so a failure can be replayed.
    let state = 12345
    const rand = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31
      return state % n
    }
    const rooms = ['user:a', 'user:b', 'user:c', 'user:d', 'sid1']
    const log = new RecoveryLog(1500)
    let all: { id: string; rooms: string[]; data: string }[] = []
    let ms = 1_700_000_000_000
    let seq = 0
    for (let step = 0; step < 6000; step++) {
      if (rand(3) === 0) {
        ms += 1 + rand(3)
        seq = 0
      } else seq++
      const id = `${ms}-${seq}`
      if (step === 4000) {
        // One it cannot hold: it starts afresh from there.
        log.add(id, ['user:a'], null)
        all = []
        continue
      }
      const to = rooms.filter(() => rand(3) === 0)
      log.add(id, to, data(step))
      all.push({ id, rooms: to, data: data(step) })
      if (all.length > 1500) all.shift()
      if (step % 97 === 0) {
        const asked = rooms.filter(() => rand(2) === 0)
        const from = all[rand(all.length)].id
        const upTo = all[Math.min(all.length - 1, all.findIndex((e) => e.id === from) + rand(600))].id
        const after = (a: string, b: string) => {
          const [x, y] = a.split('-').map(Number)
          const [u, v] = b.split('-').map(Number)
          return x > u || (x === u && y > v)
        }
        const expected = all.filter(
          (e) =>
            after(e.id, from) &&
            !after(e.id, upTo) &&
            (e.rooms.length === 0 || e.rooms.some((r) => asked.includes(r))),
        )
        expect(log.since(asked, from, upTo)).toEqual(expected.map(({ id, data }) => ({ id, data })))
      }
    }
    expect(log.size).toBe(all.length)
  })

  it('lets go of the rooms whose broadcasts have all been dropped', () => {
    const log = new RecoveryLog(10)
    for (let i = 0; i < 10; i++) log.add(`1-${i}`, [`user:${i}`], data(i))
    expect(log.roomCount).toBe(10)
    // Thousands more to one room: the ten quiet rooms' lists go at a prune.
    for (let i = 0; i < 5000; i++) log.add(`2-${i}`, ['user:busy'], data(i))
    expect(log.roomCount).toBe(1)
    expect(ids(log.since(['user:3'], '1-0', log.last!))).toEqual([])
    expect(ids(log.since(['user:busy'], '2-4997', log.last!))).toEqual(['2-4998', '2-4999'])
  })
})
