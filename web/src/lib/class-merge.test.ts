// The overrides the app's components rely on: a className passed to a shared component replaces the component's own
// class of the same kind, and leaves the others alone. (Every pair of the app's classes is also checked against
// tailwind-merge in web/tooling/class-merge-agreement.test.ts.)
import { describe, expect, it } from 'vitest'
import { buttonVariants } from '@/components/ui/button'
import { mergeClasses } from './class-merge'
import { cn } from './utils'

describe('mergeClasses', () => {
  it('a later class of the same kind replaces the earlier one', () => {
    expect(mergeClasses('h-10 px-4 h-8 px-3')).toBe('h-8 px-3')
    expect(mergeClasses('rounded-lg text-sm rounded-md text-xs')).toBe('rounded-md text-xs')
    expect(mergeClasses('text-muted-foreground text-red-600')).toBe('text-red-600')
    expect(mergeClasses('bg-primary bg-accent/50')).toBe('bg-accent/50')
    expect(mergeClasses('flex hidden')).toBe('hidden')
    expect(mergeClasses('w-full w-auto')).toBe('w-auto')
    expect(mergeClasses('font-medium font-semibold')).toBe('font-semibold')
    expect(mergeClasses('shadow-sm shadow-none')).toBe('shadow-none')
    expect(mergeClasses('border border-0')).toBe('border-0')
    expect(mergeClasses('ring-2 ring-1')).toBe('ring-1')
  })

  it('keeps classes of different kinds that share a prefix', () => {
    // A size and a colour are both `text-*`, a width and a colour both `border-*`.
    expect(mergeClasses('text-sm text-muted-foreground')).toBe('text-sm text-muted-foreground')
    expect(mergeClasses('text-left text-sm text-red-600')).toBe('text-left text-sm text-red-600')
    expect(mergeClasses('border border-input border-dashed')).toBe('border border-input border-dashed')
    expect(mergeClasses('ring-2 ring-primary ring-offset-2 ring-offset-background')).toBe(
      'ring-2 ring-primary ring-offset-2 ring-offset-background',
    )
    expect(mergeClasses('shadow-sm shadow-slate-900')).toBe('shadow-sm shadow-slate-900')
    expect(mergeClasses('flex flex-col flex-wrap flex-1')).toBe('flex flex-col flex-wrap flex-1')
    expect(mergeClasses('font-mono font-semibold')).toBe('font-mono font-semibold')
  })

  it('a whole side overrides its parts, a part after the whole is kept', () => {
    expect(mergeClasses('px-2 pt-1 p-4')).toBe('p-4')
    expect(mergeClasses('p-4 px-2')).toBe('p-4 px-2')
    expect(mergeClasses('pl-3 px-0')).toBe('px-0')
    expect(mergeClasses('mt-2 my-3')).toBe('my-3')
    expect(mergeClasses('w-4 h-4 size-5')).toBe('size-5')
    expect(mergeClasses('gap-x-2 gap-4')).toBe('gap-4')
    expect(mergeClasses('rounded-t-2xl rounded-none')).toBe('rounded-none')
    expect(mergeClasses('border-t border-0')).toBe('border-0')
    expect(mergeClasses('top-0 left-0 inset-0')).toBe('inset-0')
    expect(mergeClasses('shrink-0 flex-1')).toBe('flex-1')
    // A font size sets the line height: an earlier leading goes, a later one stays.
    expect(mergeClasses('leading-6 text-sm')).toBe('text-sm')
    expect(mergeClasses('text-sm leading-6')).toBe('text-sm leading-6')
  })

  it('only classes under the same variants compete', () => {
    expect(mergeClasses('hover:bg-muted hover:bg-accent')).toBe('hover:bg-accent')
    expect(mergeClasses('bg-muted hover:bg-accent')).toBe('bg-muted hover:bg-accent')
    expect(mergeClasses('hidden lg:flex lg:block')).toBe('hidden lg:block')
    expect(mergeClasses('md:hover:text-red-600 hover:md:text-red-700')).toBe('hover:md:text-red-700')
    expect(mergeClasses('[&_svg]:size-4 [&_svg]:size-3')).toBe('[&_svg]:size-3')
    expect(mergeClasses('px-2 !px-4')).toBe('px-2 !px-4')
    expect(mergeClasses('-mt-2 mt-1')).toBe('mt-1')
  })

  it('keeps what it does not know, and the app’s own animations', () => {
    expect(mergeClasses('group foo bar-2 foo')).toBe('group foo bar-2 foo')
    expect(mergeClasses('animate-fade-in animate-spin')).toBe('animate-fade-in animate-spin')
    expect(mergeClasses('animate-pulse animate-spin')).toBe('animate-spin')
    expect(mergeClasses('[animation-delay:-0.3s] [animation-delay:-0.15s]')).toBe('[animation-delay:-0.15s]')
    expect(mergeClasses('  ')).toBe('')
  })
})

describe('cn', () => {
  it('a small button with its own colour, as the header and the forms write it', () => {
    // The small size's `rounded-md text-xs` replace the base's `rounded-lg text-sm`; the colour is added.
    const small = cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'text-muted-foreground')
    expect(small).toMatch(/\bh-8 rounded-md px-3 text-xs text-muted-foreground$/)
    expect(small).not.toMatch(/\brounded-lg\b|\btext-sm\b/)
    expect(small).toMatch(
      /^inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap font-medium /,
    )
    const icon = cn(buttonVariants({ size: 'icon' }), 'size-8 rounded-full')
    expect(icon).toContain('size-8 rounded-full')
    expect(icon).not.toMatch(/\bsize-10\b|\brounded-lg\b/)
    // The link variant's `h-auto px-0` gives way to the size's `h-10 px-4`, as before.
    const link = cn(buttonVariants({ variant: 'link' }))
    expect(link).toMatch(/\bh-10\b.*\bpx-4\b/)
    expect(link).not.toMatch(/\bh-auto\b|\bpx-0\b/)
  })

  it('joins conditional classes', () => {
    expect(cn('p-2', false, undefined, { 'p-3': true, hidden: false }, ['text-sm'])).toBe('p-3 text-sm')
  })
})
