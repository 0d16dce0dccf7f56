import { Fragment, type ReactNode } from 'react'

/** A place for a React node inside a translated sentence: `t(key, { when: slot(0) })`, then `rich(text, [node])`. */
export const slot = (i: number) => `\uE000${i}\uE000`

/** The sentence with each slot replaced by its node (a date in <strong>, an amount…), in the language's word order. */
export function rich(text: string, nodes: ReactNode[]): ReactNode[] {
  return text
    .split(/\uE000(\d+)\uE000/)
    .map((part, i) => (i % 2 ? <Fragment key={i}>{nodes[Number(part)]}</Fragment> : part))
}
