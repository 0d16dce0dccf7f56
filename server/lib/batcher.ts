/**
 * Gathers calls made close together into one call of `run` with all of them (group commit, ADR 028). Items submitted
 * in one turn of the event loop go together; while `maxInFlight` batches are running, new items wait and leave
 * together when one finishes, so batches grow as load does and the work per item falls. `run` answers each item in
 * order (a result, or an Error for that item alone); a throw fails the whole batch.
 */
export interface Batcher<I, O> {
  submit(item: I): Promise<O>
  /** Batches running now. */
  readonly inFlight: number
}

export function createBatcher<I, O>(
  run: (items: I[]) => Promise<(O | Error)[]>,
  opts: { maxBatch: number; maxInFlight: number },
): Batcher<I, O> {
  type Waiting = { item: I; resolve(o: O): void; reject(e: unknown): void }
  let queue: Waiting[] = []
  let inFlight = 0
  let scheduled = false

  const start = () => {
    scheduled = false
    while (queue.length && inFlight < opts.maxInFlight) {
      const batch = queue.slice(0, opts.maxBatch)
      queue = queue.slice(batch.length)
      inFlight++
      run(batch.map((w) => w.item))
        .then(
          (results) => {
            batch.forEach((w, i) => {
              const r = results[i]
              if (r instanceof Error) w.reject(r)
              else if (i < results.length) w.resolve(r)
              else w.reject(new Error('batch answered fewer items than it was given'))
            })
          },
          (e) => {
            for (const w of batch) w.reject(e)
          },
        )
        .finally(() => {
          inFlight--
          if (queue.length) schedule()
        })
    }
  }
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    // After the current turn's I/O callbacks, so every item that arrived with them goes in the same batch.
    setImmediate(start)
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        if (inFlight < opts.maxInFlight) schedule()
      })
    },
    get inFlight() {
      return inFlight
    },
  }
}
