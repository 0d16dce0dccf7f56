// Before any schema is built (see the module).
import './lib/zod-jitless'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { authStore } from './lib/auth-store'
import { adoptFirstAnswer } from './lib/first-answer'
import './index.css'

// Spec §4 "Session restore": before the first render, so guards see the stored user straight away.
authStore.restore()
// The first screen's API answer, if the server wrote one into the page, moves out of the document (the query reads it).
adoptFirstAnswer()

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
