#!/usr/bin/env node
// `npm run dev`: the server under `tsx watch` on :3000 (PORT) and Vite's dev server on :5173 (WEB_PORT),
// proxying /api, /uploads and /socket.io to the server, together. Ctrl-C stops both; if either exits, the other is stopped.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BIN = path.join(ROOT, 'node_modules/.bin')
const PORT = process.env.PORT ?? '3000'
const WEB_PORT = process.env.WEB_PORT ?? '5173'

const children = [
  start('server', 'tsx', ['watch', '--clear-screen=false', 'server/main.ts'], {
    NODE_ENV: 'development',
    PORT,
  }),
  start('web', 'vite', ['--port', WEB_PORT, '--strictPort'], { API_URL: `http://localhost:${PORT}` }),
]

let stopping = false
function stopAll(signal, code) {
  if (stopping) return
  stopping = true
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill(signal)
  // Give them a moment to shut down gracefully, then make sure nothing is left behind.
  setTimeout(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
    process.exit(code)
  }, 5000).unref()
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r))))).then(
    () => process.exit(code),
  )
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stopAll(sig, 0))

function start(name, bin, args, env) {
  const child = spawn(path.join(BIN, bin), args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  child.on('error', (err) => {
    console.error(`[dev] could not start ${name}: ${err.message} (did \`npm ci\` run?)`)
    stopAll('SIGTERM', 1)
  })
  child.on('exit', (code, signal) => {
    if (stopping) return
    console.error(`[dev] ${name} exited (${signal ?? `code ${code}`}); stopping the other one`)
    stopAll('SIGTERM', code ?? 1)
  })
  return child
}

console.log(`[dev] web: http://localhost:${WEB_PORT}  (API and sockets proxied to http://localhost:${PORT})`)
