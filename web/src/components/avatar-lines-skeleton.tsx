import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

/**
 * The loading stand-in for a row or header that shows a round avatar beside two lines of text (a person, a post's
 * author, a conversation, a notification). Sizes come from the caller, which knows what it stands in for.
 */
export function AvatarLinesSkeleton({
  as: Row = 'div',
  className,
  avatarClassName,
  linesClassName,
  lines: [first, second],
}: {
  as?: 'div' | 'li'
  /** The row: a flex row with a gap-3 unless told otherwise. */
  className?: string
  avatarClassName: string
  /** The column of lines: gap-2 unless told otherwise. */
  linesClassName?: string
  /** Height and width of each line. */
  lines: [string, string]
}) {
  return (
    <Row className={cn('flex gap-3', className)}>
      <Skeleton className={cn('rounded-full', avatarClassName)} />
      <div className={cn('flex flex-col gap-2', linesClassName)}>
        <Skeleton className={first} />
        <Skeleton className={second} />
      </div>
    </Row>
  )
}

/** A list still loading: `rows` avatar-and-lines rows in a busy, labelled list. */
export function AvatarLinesSkeletonList({
  label,
  rows,
  className,
  rowClassName,
  ...row
}: {
  /** The list's name while it loads, e.g. 'Loading conversations'. */
  label: string
  rows: number
  className?: string
  rowClassName?: string
} & Omit<Parameters<typeof AvatarLinesSkeleton>[0], 'as' | 'className'>) {
  return (
    <ul className={className} aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <AvatarLinesSkeleton key={i} as="li" className={rowClassName} {...row} />
      ))}
    </ul>
  )
}
