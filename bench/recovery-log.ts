// What the recovery log (ADR 023, 033, 036) costs the heap and the garbage collector: fills a log with chat-sized
// broadcasts as the streams adapter does (the entry's JSON, its two user rooms), then prints the heap it holds per
// entry and how long a full GC takes with it live.
// Usage: npm run bench:recovery-log   (BENCH_LOG_SIZE=50000, RECOVERY_LOG_SIZE's default; BENCH_LOG_PEOPLE=2000)
import crypto from 'node:crypto'
import { RecoveryLog } from '../server/realtime/recovery-log'

const N = Number(process.env.BENCH_LOG_SIZE ?? 50_000)
// The people talking (each has a `user:<id>` room), as many as the socket bench's 2,000 sockets.
const PEOPLE = Number(process.env.BENCH_LOG_PEOPLE ?? 2_000)
const people = Array.from({ length: PEOPLE }, () => crypto.randomUUID())
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('Run with node --expose-gc (npm run bench:recovery-log does)')

/** One broadcast as the streams adapter reads it: the id, the rooms parsed from its JSON, and the JSON. */
function broadcast(i: number) {
  const rooms = [`user:${people[i % PEOPLE]}`, `user:${people[(i * 7 + 1) % PEOPLE]}`]
  const message = {
    _id: crypto.randomUUID(),
    sender: { _id: crypto.randomUUID(), fullname: 'Asha Iyer' },
    receiver: { _id: crypto.randomUUID(), fullname: 'Ravi Kumar' },
    content: 'Hello Ravi, about the React job: can you start on Monday? I can share the designs today.',
    jobId: crypto.randomUUID(),
    readAt: null,
    createdAt: new Date().toISOString(),
  }
  const data = JSON.stringify({
    packet: { type: 2, data: ['receiveMessage', message] },
    opts: { rooms, except: [], flags: {} },
  })
  const parsed = JSON.parse(data) as { opts: { rooms: string[] } }
  return { id: `${1_795_000_000_000 + Math.floor(i / 3)}-${i % 3}`, rooms: parsed.opts.rooms, data }
}

function fullGcMs() {
  const t = performance.now()
  gc!()
  return performance.now() - t
}

gc()
gc()
const emptyGc = Math.min(fullGcMs(), fullGcMs(), fullGcMs())
const before = process.memoryUsage().heapUsed
const log = new RecoveryLog(N)
let jsonBytes = 0
for (let i = 0; i < N; i++) {
  const b = broadcast(i)
  jsonBytes += b.data.length
  log.add(b.id, b.rooms, b.data)
}
gc()
gc()
const held = process.memoryUsage().heapUsed - before
const withLog = [fullGcMs(), fullGcMs(), fullGcMs()].sort((a, b) => a - b)
console.log(
  `${log.size.toLocaleString('en-IN')} broadcasts of ${Math.round(jsonBytes / N)} bytes of JSON each`,
)
console.table([
  {
    'heap per entry (B)': Math.round(held / N),
    'of which outside the JSON (B)': Math.round((held - jsonBytes - 16 * N) / N),
    'full GC, empty heap (ms)': Number(emptyGc.toFixed(1)),
    'full GC with the log, median of 3 (ms)': Number(withLog[1].toFixed(1)),
  },
])
