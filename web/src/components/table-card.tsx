import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

/**
 * A wide table in a card that scrolls sideways on its own, with the app's header row. Desktop only: phones get a
 * list of cards instead, so nothing scrolls sideways at 390 px.
 */
export function TableCard<C extends string>({
  label,
  columns,
  minWidthClass,
  headerClass,
  children,
}: {
  /** The table's accessible name. */
  label: string
  columns: readonly C[]
  /** e.g. 'min-w-[52rem]': below it the card scrolls rather than squeezing the columns. */
  minWidthClass: string
  headerClass: (column: C) => string
  /** The body rows. */
  children: ReactNode
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border bg-card shadow-xs">
      <table className={cn('w-full', minWidthClass, 'text-left text-sm')} aria-label={label}>
        <thead className="border-b bg-muted/50 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className={headerClass(c)}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  )
}
