import * as React from 'react'
import { cn } from '@/lib/utils'

export const fieldClasses =
  'w-full min-w-0 rounded-lg border border-input bg-background px-3 text-sm text-foreground shadow-xs transition-[color,box-shadow,border-color] outline-none placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive aria-invalid:ring-destructive/20'

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        fieldClasses,
        'h-10 file:mr-3 file:h-full file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
        type === 'file' &&
          'cursor-pointer py-0 pl-0 file:border-r file:border-border file:bg-muted file:px-3',
        className,
      )}
      {...props}
    />
  )
}
