// Pieces both benchmarks use: statements on the PostgreSQL server itself, and a free loopback port.
import net from 'node:net'
import pg from 'pg'

/** Runs one statement (create/drop database…) on the server at `url`. */
export async function adminStatement(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    await c.query(statement)
  } finally {
    await c.end()
  }
}

export async function freePort(): Promise<number> {
  const srv = net.createServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r))
  const port = (srv.address() as net.AddressInfo).port
  await new Promise((r) => srv.close(r))
  return port
}
