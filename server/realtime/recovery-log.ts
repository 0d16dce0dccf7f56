import { isAfter, parseId, STREAM_ID } from './stream-ids'

/** A held broadcast, as `since` hands it out. */
export interface Entry<T> {
  id: string
  /** The broadcast: for the streams adapter its `data` as written (JSON of `{ packet, opts }`, parsed only if a
   * session needs it); for one instance the packet itself. */
  data: T
}

/** After this many entries dropped (or one per room, if more), room lists that got nothing new are pruned too, so
 * quiet rooms let go. */
const PRUNE_EVERY = 4096

/**
 * The newest broadcasts of the stream, as this instance read them, indexed by room (ADR 023). A client coming back
 * gets what its rooms missed from here, instead of the adapter reading and decoding every entry of the stream since
 * the client's offset — thousands per client when everyone reconnects at once under load.
 *
 * Held as parallel arrays (ADR 036): an entry's id is two numbers and the time it was read a third, in arrays of
 * numbers the garbage collector does not trace, and its rooms are positions in per-room lists of numbers. So each
 * held broadcast is one object for the collector (its data), not the ten or so of an object per entry, and a log of
 * 50,000 broadcasts adds little to each major GC.
 */
export class RecoveryLog<T = string> {
  // Entry number n (counted from the log's creation) is at index n - base of these arrays, for head ≤ index.
  private ms: number[] = []
  private seq: number[] = []
  /** When this instance read it (ms): entries older than a session may be away are dropped. */
  private readAt: number[] = []
  private data: (T | undefined)[] = []
  private head = 0
  private base = 0
  /** Entry numbers per room, oldest first; numbers below the log's start are dropped lazily. */
  private readonly byRoom = new Map<string, number[]>()
  private everyone: number[] = []
  private droppedSincePrune = 0
  /** Every broadcast after this id, up to `last`, is held; null until the first is read. */
  private from: [number, number] | null = null
  /** The newest entry read. */
  last: string | null = null
  /** Whether older entries have been dropped to stay within `max` (so an offset it does not cover is a long way back). */
  trimmed = false

  /**
   * Holds at most the newest `max` broadcasts, and none read more than `maxAgeMs` ago (no session is restored after
   * that long, so a quiet instance does not keep a full log of old broadcasts).
   */
  constructor(
    private readonly max: number,
    private readonly maxAgeMs = Infinity,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.ms.length - this.head
  }

  /** How many rooms the index holds lists for (rooms whose broadcasts have all been dropped go at the next prune). */
  get roomCount() {
    return this.byRoom.size
  }

  /** The number of the oldest entry held. */
  private get start() {
    return this.base + this.head
  }

  /** A broadcast read from the stream (in stream order). `data` null: one this log cannot hold; it starts afresh. */
  add(id: string, rooms: readonly string[], data: T | null) {
    const at = parseId(id)
    if (data === null) {
      this.clear()
      this.from = at
      this.last = id
      return
    }
    if (this.from === null) this.from = [at[0], at[1] - 1]
    const n = this.base + this.ms.length
    this.ms.push(at[0])
    this.seq.push(at[1])
    this.readAt.push(this.now())
    this.data.push(data)
    if (rooms.length === 0) this.push(this.everyone, n)
    for (const room of rooms) {
      const list = this.byRoom.get(room)
      if (list) this.push(list, n)
      else this.byRoom.set(room, [n])
    }
    this.last = id
    this.trim()
  }

  /** Drops what is over `max` or older than `maxAgeMs` (also called on a timer, for when nothing is added). */
  trim() {
    while (this.size > this.max) this.dropOldest()
    const before = this.now() - this.maxAgeMs
    while (this.size && this.readAt[this.head] < before) this.dropOldest()
    if (
      this.droppedSincePrune >= Math.max(PRUNE_EVERY, this.byRoom.size) ||
      (this.size === 0 && this.droppedSincePrune)
    )
      this.prune()
  }

  /** Whether every broadcast after `offset` up to `last` is held. */
  covers(offset: string): boolean {
    return this.from !== null && STREAM_ID.test(offset) && !isAfter(this.from, parseId(offset))
  }

  /** Whether `offset` is newer than anything read (so from somewhere else). */
  isAfterLast(offset: string): boolean {
    return this.last === null || isAfter(parseId(offset), parseId(this.last))
  }

  /** Held broadcasts to any of `rooms` (or to everyone) after `offset` and up to `upTo`, oldest first. */
  since(rooms: string[], offset: string, upTo: string): Entry<T>[] {
    const from = parseId(offset)
    const to = parseId(upTo)
    const found = new Set<number>()
    for (const list of [this.everyone, ...rooms.map((r) => this.byRoom.get(r))]) {
      if (!list) continue
      for (let i = list.length - 1; i >= 0 && list[i] >= this.start; i--) {
        const at = this.at(list[i])
        if (!isAfter(at, from)) break
        if (!isAfter(at, to)) found.add(list[i])
      }
    }
    return [...found]
      .sort((x, y) => x - y)
      .map((n) => {
        const [ms, seq] = this.at(n)
        return { id: `${ms}-${seq}`, data: this.data[n - this.base]! }
      })
  }

  private at(n: number): [number, number] {
    const i = n - this.base
    return [this.ms[i], this.seq[i]]
  }

  /** Appends to a room's list, first letting go of numbers the log no longer holds. */
  private push(list: number[], n: number) {
    const start = this.start
    while (list.length && list[0] < start) list.shift()
    list.push(n)
  }

  private dropOldest() {
    const i = this.head
    this.from = [this.ms[i], this.seq[i]]
    this.data[i] = undefined
    this.head++
    this.trimmed = true
    this.droppedSincePrune++
    if (this.head > 1024 && this.head * 2 > this.ms.length) {
      this.ms = this.ms.slice(this.head)
      this.seq = this.seq.slice(this.head)
      this.readAt = this.readAt.slice(this.head)
      this.data = this.data.slice(this.head)
      this.base += this.head
      this.head = 0
    }
  }

  /** Lets go of dropped entries' numbers in every room list, and of rooms with none left. */
  private prune() {
    this.droppedSincePrune = 0
    const start = this.start
    const keep = (list: number[]) => {
      let k = 0
      while (k < list.length && list[k] < start) k++
      return k ? list.slice(k) : list
    }
    for (const [room, list] of this.byRoom) {
      const kept = keep(list)
      if (!kept.length) this.byRoom.delete(room)
      else if (kept !== list) this.byRoom.set(room, kept)
    }
    this.everyone = keep(this.everyone)
  }

  private clear() {
    this.base += this.ms.length
    this.ms = []
    this.seq = []
    this.readAt = []
    this.data = []
    this.head = 0
    this.byRoom.clear()
    this.everyone = []
    this.droppedSincePrune = 0
  }
}
