// The entry: index.html's shell (logo and spinner, its CSS inlined) is on screen before any of the app's code runs.
// The app's chunks are already downloading (index.html preloads them); they are run a frame later, so a phone shows
// the shell at once instead of after ~150 ms of starting up (docs/decisions/029-paint-before-the-app-starts.md).
import './index.css'

let started = false
const start = () => {
  if (started) return
  started = true
  void import('./start')
}
// After the next frame has been painted…
requestAnimationFrame(() => setTimeout(start, 0))
// …or soon anyway: a tab opened in the background paints no frames until it is shown.
setTimeout(start, 250)
