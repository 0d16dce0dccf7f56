// Joins Tailwind classes so that a later class overrides an earlier one of the same kind (`p-4` then `px-2`: both
// kept, `px-2` wins; `text-sm` then `text-base`: only `text-base`). What tailwind-merge did, for the utilities this
// app writes, at a fraction of its size: it was ~6 KB of the first download (ADR 079). The algorithm is
// tailwind-merge's (right to left, a class is dropped when a later class under the same variants already took its
// group); web/tooling/class-merge-agreement.test.ts checks that both give the same answer for every pair of classes
// Tailwind finds in web/src. A utility that no rule here knows is kept as it is, like any other class.

/** Sizes of the `text-*` scale (a font size, not a colour). */
const TEXT_SIZE = /^text-(xs|sm|base|lg|\d?xl|\[\d[\d.]*(px|r?em|%|vw|vh)\])(\/.+)?$/
const SHADOW_SIZE = /^(shadow|inset-shadow|drop-shadow)(-(2?xs|sm|md|lg|\d?xl|none|inner))?$/
const NUMBER = /^(\d+(\.\d+)?|px|\[.+\])$/

/**
 * The group a utility belongs to (without variants, `!` or a leading `-`), or nothing for a class it does not know.
 * Groups are tailwind-merge's names.
 */
function groupOf(u: string): string | undefined {
  const dash = u.indexOf('-')
  const head = dash < 0 ? u : u.slice(0, dash)
  const value = dash < 0 ? '' : u.slice(dash + 1)
  if (
    /^(block|inline(-block|-flex|-grid|-table)?|flex|grid|table(-\w+(-\w+)?)?|contents|list-item|hidden|flow-root)$/.test(
      u,
    )
  )
    return 'display'
  if (/^(static|fixed|absolute|relative|sticky)$/.test(u)) return 'position'
  if (/^(visible|invisible|collapse)$/.test(u)) return 'visibility'
  if (u === 'sr-only' || u === 'not-sr-only') return 'sr'
  if (u === 'truncate' || u === 'text-ellipsis' || u === 'text-clip') return 'text-overflow'
  if (/^(uppercase|lowercase|capitalize|normal-case)$/.test(u)) return 'text-transform'
  if (/^(underline|overline|line-through|no-underline)$/.test(u)) return 'text-decoration'
  if (/^(tabular|proportional)-nums$/.test(u)) return 'fvn-spacing'
  if (/^(italic|not-italic)$/.test(u)) return 'font-style'
  if (u === 'transform' || u === 'transform-none' || u === 'transform-gpu' || u === 'transform-cpu')
    return 'transform'
  if (u === 'group' || u === 'peer') return undefined
  // An arbitrary property, `[animation-delay:-0.3s]`: its property is its group.
  const property = /^\[([\w-]+):.+\]$/.exec(u)?.[1]
  if (property) return `[${property}]`
  if (SHADOW_SIZE.test(u)) return u.startsWith('shadow') ? 'shadow' : undefined
  if (
    value &&
    /^([pm][xysetrbl]?|w|h|size|z|order|basis|top|right|bottom|left|start|end|gap|inset)$/.test(head)
  )
    return /^(gap|inset)$/.test(head) && /^[xy]-/.test(value) ? `${head}-${value[0]}` : head
  switch (head) {
    case 'min':
    case 'max':
      return /^[wh]-/.test(value) ? `${head}-${value[0]}` : undefined
    case 'text':
      if (/^(left|center|right|justify|start|end)$/.test(value)) return 'text-alignment'
      if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return 'text-wrap'
      return TEXT_SIZE.test(u) ? 'font-size' : 'text-color'
    case 'font':
      if (/^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(value))
        return 'font-weight'
      return 'font-family'
    case 'leading':
      return 'leading'
    case 'tracking':
      return 'tracking'
    case 'whitespace':
      return 'whitespace'
    case 'break':
      return /^(normal|words|all|keep)$/.test(value) ? 'break' : undefined
    case 'line':
      return /^clamp-/.test(value) ? 'line-clamp' : undefined
    case 'list':
      return 'list-style-type'
    case 'align':
      return 'vertical-align'
    case 'items':
      return 'align-items'
    case 'self':
      return 'align-self'
    case 'justify':
      return /^(items|self)-/.test(value) ? `justify-${value.split('-')[0]}` : 'justify-content'
    case 'content':
      return value.startsWith('[') ? 'content' : 'align-content'
    case 'place':
      return `place-${value.split('-')[0]}`
    case 'flex':
      if (/^(row|col)(-reverse)?$/.test(value)) return 'flex-direction'
      if (/^(wrap|nowrap|wrap-reverse)$/.test(value)) return 'flex-wrap'
      return 'flex'
    case 'grow':
    case 'shrink':
    case 'aspect':
    case 'opacity':
    case 'cursor':
    case 'resize':
    case 'appearance':
    case 'duration':
    case 'ease':
    case 'delay':
    case 'rotate':
    case 'accent':
    case 'fill':
    case 'stroke':
      return head
    case 'animate':
      // tailwind-merge knows Tailwind's own animations only; the app's (`animate-fade-in`) are plain classes to it.
      return /^(spin|ping|pulse|bounce|none|\[.+\])$/.test(value) ? head : undefined
    case 'grid':
      return /^(cols|rows)-/.test(value) ? `grid-${value.slice(0, 4)}` : undefined
    case 'col':
    case 'row':
      return /^(span|start|end)-|^auto$/.test(value) ? `${head}-start-end` : undefined
    case 'pointer':
      return 'pointer-events'
    case 'select':
      return 'select'
    case 'overflow':
    case 'overscroll':
      return /^[xy]-/.test(value) ? `${head}-${value[0]}` : head
    case 'object':
      return /^(contain|cover|fill|none|scale-down)$/.test(value) ? 'object-fit' : 'object-position'
    case 'origin':
      return 'transform-origin'
    case 'translate':
      return /^[xyz]-/.test(value)
        ? `translate-${value[0]}`
        : value === 'none'
          ? 'translate-none'
          : 'translate'
    case 'scale':
      return /^[xyz]-/.test(value) ? `scale-${value[0]}` : 'scale'
    case 'transition':
      return 'transition'
    case 'space':
      return /^[xy](-reverse)?$/.test(value) ? `space-${value}` : `space-${value[0]}`
    case 'divide':
      if (/^[xy](-\d+|-reverse)?$/.test(value))
        return value.endsWith('reverse') ? `divide-${value}` : `divide-${value[0]}`
      return /^(solid|dashed|dotted|double|none)$/.test(value) ? 'divide-style' : 'divide-color'
    case 'underline':
      return value.startsWith('offset') ? 'underline-offset' : 'text-decoration-thickness'
    case 'scroll':
      return /^[mp][xytrblse]?-/.test(value) ? `scroll-${value.split('-')[0]}` : undefined
    case 'from':
    case 'via':
    case 'to':
      return /^\d+%$/.test(value) ? `gradient-${head}-pos` : `gradient-${head}`
    case 'backdrop':
    case 'blur':
      return head === 'blur' ? 'blur' : `backdrop-${value.split('-')[0]}`
    case 'outline':
      if (/^(none|hidden|solid|dashed|dotted|double)$/.test(value)) return 'outline-style'
      if (value.startsWith('offset')) return 'outline-offset'
      return !value || NUMBER.test(value) ? 'outline-w' : 'outline-color'
    case 'bg':
      // `bg-gradient-to-r` is Tailwind 3's spelling: tailwind-merge counts it as a colour, so it does here.
      if (/^(linear-|radial|conic|none$|\[(url\(|image:))/.test(value)) return 'bg-image'
      if (/^\[(length|size):/.test(value)) return 'bg-size'
      if (/^(no-repeat|repeat(-.+)?)$/.test(value)) return 'bg-repeat'
      if (/^(auto|cover|contain)$/.test(value)) return 'bg-size'
      if (/^(fixed|local|scroll)$/.test(value)) return 'bg-attachment'
      // An unlabelled arbitrary value (`bg-[right_0.6rem_center]`) counts as a colour, as in tailwind-merge.
      if (/^(bottom|center|left|right|top)(-.+)?$|^\[position:/.test(value)) return 'bg-position'
      return 'bg-color'
    case 'border': {
      // border, border-2, border-t, border-t-2: widths; border-dashed: style; border-slate-200: colour.
      const side = /^([xytrblse])(-|$)/.exec(value)?.[1]
      const rest = side ? value.slice(2) : value
      if (!rest || NUMBER.test(rest)) return side ? `border-w-${side}` : 'border-w'
      if (!side && /^(solid|dashed|dotted|double|hidden|none)$/.test(rest)) return 'border-style'
      if (!side && /^(collapse|separate)$/.test(rest)) return 'border-collapse'
      return side ? `border-color-${side}` : 'border-color'
    }
    case 'rounded':
      return value && /^(s|e|t|r|b|l|ss|se|ee|es|tl|tr|br|bl)(-|$)/.test(value)
        ? `rounded-${value.split('-')[0]}`
        : 'rounded'
    case 'shadow':
      return 'shadow-color'
    case 'ring': {
      if (!value || NUMBER.test(value)) return 'ring-w'
      if (value === 'inset') return 'ring-w-inset'
      if (value.startsWith('offset-'))
        return NUMBER.test(value.slice(7)) ? 'ring-offset-w' : 'ring-offset-color'
      return 'ring-color'
    }
  }
  return undefined
}

/** What a group overrides besides itself (tailwind-merge's `conflictingClassGroups` for the groups above). */
const SIDES: Record<string, string> = { x: 'serl', y: 'tb' }
function conflictsOf(group: string): string[] {
  const spacing = /^(p|m)([xy]?)$/.exec(group)
  if (spacing) {
    const [, p, axis] = spacing
    return [...(axis ? SIDES[axis] : 'xyseturbl')].map((s) => p + s).filter((g) => g !== group)
  }
  const bordered = /^(border-w|border-color)(-([xy]))?$/.exec(group)
  if (bordered) {
    const [, base, , axis] = bordered
    return [...(axis ? SIDES[axis] : 'xysetrbl')].map((s) => `${base}-${s}`)
  }
  switch (group) {
    case 'inset':
      return ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left']
    case 'inset-x':
      return ['start', 'end', 'right', 'left']
    case 'inset-y':
      return ['top', 'bottom']
    case 'flex':
      return ['basis', 'grow', 'shrink']
    case 'gap':
      return ['gap-x', 'gap-y']
    case 'size':
      return ['w', 'h']
    case 'font-size':
      return ['leading']
    case 'line-clamp':
      return ['display', 'overflow']
    case 'overflow':
    case 'overscroll':
      return [`${group}-x`, `${group}-y`]
    case 'translate':
      return ['translate-x', 'translate-y', 'translate-none']
    case 'translate-none':
      return ['translate', 'translate-x', 'translate-y', 'translate-z']
    case 'rounded':
      return ['s', 'e', 't', 'r', 'b', 'l', 'ss', 'se', 'ee', 'es', 'tl', 'tr', 'br', 'bl'].map(
        (s) => `rounded-${s}`,
      )
  }
  const corner = /^rounded-([setrbl])$/.exec(group)?.[1]
  if (corner)
    return {
      s: ['ss', 'es'],
      e: ['se', 'ee'],
      t: ['tl', 'tr'],
      r: ['tr', 'br'],
      b: ['br', 'bl'],
      l: ['tl', 'bl'],
    }[corner]!.map((s) => `rounded-${s}`)
  return []
}

/** Variants that keep their order (tailwind-merge's `orderSensitiveModifiers`); all others are sorted. */
const ORDERED = new Set([
  '*',
  '**',
  'after',
  'backdrop',
  'before',
  'details-content',
  'file',
  'first-letter',
  'first-line',
  'marker',
  'placeholder',
  'selection',
])

/** `md:hover:!px-2` → variants `hover:md:` (sorted), important, utility `px-2`. */
function parse(c: string): { variants: string; important: boolean; utility: string } {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < c.length; i++) {
    const ch = c[i]
    if (ch === '[' || ch === '(') depth++
    else if (ch === ']' || ch === ')') depth--
    else if (ch === ':' && depth === 0) {
      parts.push(c.slice(start, i))
      start = i + 1
    }
  }
  let utility = c.slice(start)
  const important = utility.startsWith('!') || utility.endsWith('!')
  if (important) utility = utility.startsWith('!') ? utility.slice(1) : utility.slice(0, -1)
  if (utility.startsWith('-') && utility.length > 1) utility = utility.slice(1)
  // Sorted between the variants that must keep their place, as tailwind-merge does.
  const sorted: string[] = []
  let run: string[] = []
  for (const p of parts) {
    if (p[0] === '[' || ORDERED.has(p)) {
      sorted.push(...run.sort(), p)
      run = []
    } else run.push(p)
  }
  sorted.push(...run.sort())
  return { variants: sorted.map((p) => p + ':').join(''), important, utility }
}

/** The classes of `list` (space-separated) without those a later class of the same kind overrides. */
export function mergeClasses(list: string): string {
  const classes = list.trim().split(/\s+/)
  const taken = new Set<string>()
  const kept: string[] = []
  for (let i = classes.length - 1; i >= 0; i--) {
    const c = classes[i]
    if (!c) continue
    const { variants, important, utility } = parse(c)
    // A colour or size with an opacity or line-height after the slash (`bg-accent/50`, `text-sm/6`) is its group too.
    const group =
      groupOf(utility) ?? (utility.includes('/') ? groupOf(utility.replace(/\/[^/\]]*$/, '')) : undefined)
    if (group) {
      const prefix = variants + (important ? '!' : '')
      if (taken.has(prefix + group)) continue
      taken.add(prefix + group)
      for (const g of conflictsOf(group)) taken.add(prefix + g)
    }
    kept.push(c)
  }
  return kept.reverse().join(' ')
}
