import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from 'socket.io'
import type { Socket } from 'socket.io-client'
import { afterEach, describe, expect, it } from 'vitest'
import { roomClient } from '../test/sockets'
import { createLocalAdapter } from './local-adapter'

const open: { close(): void }[] = []
afterEach(() => {
  for (const o of open.splice(0)) o.close()
})

async function start(logSize: number, maxDisconnectionMs = 60_000) {
  const server = http.createServer()
  const io = new Server(server, {
    connectionStateRecovery: { maxDisconnectionDuration: maxDisconnectionMs, skipMiddlewares: false },
    adapter: createLocalAdapter({ logSize, maxDisconnectionMs }),
  })
  io.on('connection', (s) => {
    const room = s.handshake.auth.room
    if (typeof room === 'string' && !s.recovered) void s.join(room)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  open.push({ close: () => void io.close() })
  return { io, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

async function client(url: string, room: string) {
  const c = await roomClient(url, room)
  open.push(c.sock)
  return c
}

/** Drops the client's transport, lets `meanwhile` run while it is away, brings it back. */
async function away(io: Server, sock: Socket, meanwhile: () => void) {
  const onServer = io.of('/').sockets.get(sock.id!)!
  const gone = new Promise((r) => onServer.once('disconnect', r))
  sock.io.engine.close()
  await gone
  meanwhile()
  const back = new Promise<void>((r) => sock.once('connect', () => r()))
  sock.connect()
  await back
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
}

describe('createLocalAdapter (one instance, ADR 030)', () => {
  it('a client back from a short drop gets what its rooms missed, in order, and nothing sent elsewhere', async () => {
    const { io, url } = await start(100)
    const ravi = await client(url, 'user:ravi')
    const asha = await client(url, 'user:asha')
    io.to('user:ravi').emit('m', 'before')
    await until(() => ravi.got.length === 1)
    const ashaOnServer = io.of('/').sockets.get(asha.sock.id!)!
    await away(io, ravi.sock, () => {
      io.to('user:ravi').emit('m', 'away 1')
      io.to('user:asha').emit('m', 'not for ravi')
      io.emit('m', 'to everyone')
      io.to(['user:ravi', 'user:asha']).except('user:ravi').emit('m', 'except ravi')
      io.to('user:ravi').emit('m', 'away 2')
      ashaOnServer.emit('m', 'to asha’s socket')
    })
    expect(ravi.sock.recovered).toBe(true)
    await until(() => ravi.got.length === 4)
    expect(ravi.got).toEqual(['before', 'away 1', 'to everyone', 'away 2'])
    // Still in its room after the restore: new broadcasts arrive as before.
    io.to('user:ravi').emit('m', 'after')
    await until(() => ravi.got.length === 5)
    expect(ravi.got.at(-1)).toBe('after')
  })

  it('a client further back than the log connects afresh (not recovered), as does one whose session expired', async () => {
    const { io, url } = await start(3)
    const ravi = await client(url, 'user:ravi')
    io.to('user:ravi').emit('m', 'seen')
    await until(() => ravi.got.length === 1)
    await away(io, ravi.sock, () => {
      for (let i = 0; i < 5; i++) io.to('user:other').emit('m', `other ${i}`)
    })
    expect(ravi.sock.recovered).toBe(false)

    const short = await start(100, 50)
    const meera = await client(short.url, 'user:meera')
    short.io.to('user:meera').emit('m', 'seen')
    await until(() => meera.got.length === 1)
    await away(short.io, meera.sock, () => {})
    expect(meera.sock.recovered).toBe(true)
    await away(short.io, meera.sock, () => {
      const until = Date.now() + 80
      while (Date.now() < until); // the session outlives its 50 ms
    })
    expect(meera.sock.recovered).toBe(false)
  })
})
