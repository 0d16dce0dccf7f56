import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from 'socket.io'
import { io as connect, type Socket } from 'socket.io-client'
import { afterEach, describe, expect, it } from 'vitest'
import { onResyncNeeded } from './socket'

const open: { close(): unknown }[] = []
afterEach(() => {
  for (const o of open.splice(0)) o.close()
})

/** A Socket.IO server with connection state recovery, sessions kept for `keepMs`. */
async function server(keepMs: number) {
  const httpServer = http.createServer()
  const io = new Server(httpServer, {
    connectionStateRecovery: { maxDisconnectionDuration: keepMs, skipMiddlewares: false },
  })
  io.on('connection', (s) => void s.join('room'))
  await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', r))
  open.push({ close: () => io.close() })
  return { io, url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}` }
}

const connected = (s: Socket) => new Promise<void>((r) => s.once('connect', () => r()))

/** Drops the client's connection as a network blip does, waits `awayMs`, and lets it come back by itself. */
async function blip(io: Server, s: Socket, awayMs: number) {
  const onServer = io.of('/').sockets.get(s.id!)!
  const gone = new Promise((r) => onServer.once('disconnect', r))
  s.io.reconnectionDelay(awayMs)
  s.io.reconnectionDelayMax(awayMs)
  const back = connected(s)
  s.io.engine.close()
  await gone
  await back
}

describe('onResyncNeeded', () => {
  it('refetches on the first connect and after a reconnect that was not restored, not after a restored one', async () => {
    const { io, url } = await server(200)
    const s = connect(url, { transports: ['websocket'], randomizationFactor: 0 })
    open.push(s)
    let resyncs = 0
    const stop = onResyncNeeded(s, () => resyncs++)
    await connected(s)
    expect(resyncs).toBe(1)
    // Something with an offset, so the client has a place to be restored from.
    const got = new Promise((r) => s.once('m', r))
    io.to('room').emit('m', 'hello')
    await got

    await blip(io, s, 10)
    expect(s.recovered).toBe(true)
    expect(resyncs).toBe(1)

    await blip(io, s, 400) // longer than the server keeps the session
    expect(s.recovered).toBe(false)
    expect(resyncs).toBe(2)

    stop()
    await blip(io, s, 400)
    expect(resyncs).toBe(2)
  })
})
