import * as React from 'react'
import { Avatar as AvatarPrimitive } from 'radix-ui'
import { useT } from '@/i18n'
import { cn, initialOf } from '@/lib/utils'

export function Avatar({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full', className)}
      {...props}
    />
  )
}

export function AvatarImage({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image className={cn('aspect-square size-full object-cover', className)} {...props} />
  )
}

export function AvatarFallback({
  className,
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      className={cn(
        'flex size-full items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 font-semibold text-white',
        className,
      )}
      {...props}
    />
  )
}

/** A user's photo, falling back to the uppercase first letter of their name (product.md §5 Profile). */
export function UserAvatar({
  name,
  src,
  className,
  fallbackClassName,
}: {
  name: string | undefined
  src?: string | null
  className?: string
  fallbackClassName?: string
}) {
  const t = useT()
  return (
    <Avatar className={className}>
      {src ? <AvatarImage src={src} alt={name ? t('common.photoOf', { name }) : t('profile.photo')} /> : null}
      <AvatarFallback className={fallbackClassName} aria-label={name ?? undefined}>
        {initialOf(name)}
      </AvatarFallback>
    </Avatar>
  )
}
