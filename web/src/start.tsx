// The app itself, started by main.tsx once the browser has painted the shell.
// Before any schema is built (see the module).
import './lib/zod-jitless'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { authStore } from './lib/auth-store'
import { adoptFirstAnswer } from './lib/first-answer'

// product.md §4 "Session restore": before the first render, so guards see the stored user straight away.
authStore.restore()
// The first screen's API answer, if the server wrote one into the page, moves out of the document (the query reads it).
adoptFirstAnswer()

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

// The first render as a transition: React renders it in slices and lets the browser answer input in between, instead
// of one long task while the painted shell (index.html) stays on screen; it replaces the shell when it commits.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
