import { Fragment, type ReactNode } from 'react'

/**
 * A stand-in value for a message argument that is an element (a link, a <time>, a <strong>): the message is
 * formatted with it, then `withSlot` puts the element where it landed, so each language orders the sentence its own
 * way ("Posted 3 days ago" / "पोस्ट किया गया: 3 दिन पहले").
 */
export const SLOT = '\u2063\u2063'

/** `message` (formatted with `SLOT` for one argument) with `node` in the argument's place. */
export function withSlot(message: string, node: ReactNode): ReactNode {
  const at = message.indexOf(SLOT)
  if (at === -1) return message
  return (
    <Fragment>
      {message.slice(0, at)}
      {node}
      {message.slice(at + SLOT.length)}
    </Fragment>
  )
}
