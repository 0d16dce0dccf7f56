import { useNavigate } from 'react-router'
import { ArrowRight, BadgeIndianRupee, Layers, Repeat } from 'lucide-react'
import { rupees } from '@/lib/rupees'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useT, type Translate } from '@/i18n'
import type { JobTemplate } from '../lib/templates'

const ICON = { 'one-time': BadgeIndianRupee, 'per-unit': Layers, recurring: Repeat } as const

/** How a template pays, in words: "₹600.00 per reel", "₹35,000.00", "₹25,000.00 a month", and its total. */
function terms(tpl: JobTemplate, tr: Translate): { headline: string; detail: string } {
  if (tpl.paymentType === 'one-time')
    return { headline: rupees(tpl.amount ?? 0), detail: tr('posting.templateCard.oneTimeDetail') }
  const rate = tpl.rate ?? 0
  if (tpl.paymentType === 'per-unit') {
    const units = tpl.units ?? 0
    const unit = (count: number) => tr(tpl.unit ?? 'posting.templateCard.unit', { count })
    return {
      headline: tr('posting.templateCard.perUnitHeadline', { price: rupees(rate), unit: unit(1) }),
      detail: tr('posting.templateCard.perUnitDetail', {
        units,
        unitName: unit(units),
        total: rupees(rate * units),
      }),
    }
  }
  const cycles = tpl.cycles ?? 1
  const weekly = tpl.frequency === 'weekly'
  return {
    headline: tr(weekly ? 'posting.templateCard.perWeek' : 'posting.templateCard.perMonth', {
      price: rupees(rate),
    }),
    detail: tr(weekly ? 'posting.templateCard.weeksDetail' : 'posting.templateCard.monthsDetail', {
      cycles,
      total: rupees(rate * cycles),
    }),
  }
}

/** One built-in template (product.md §3 "Job templates"); 'Use Template' opens the create form prefilled. */
export function TemplateCard({ template }: { template: JobTemplate }) {
  const navigate = useNavigate()
  const tr = useT()
  const Icon = ICON[template.paymentType]
  const { headline, detail } = terms(template, tr)
  const headingId = `template-${template.id}`
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border bg-card p-5 shadow-xs transition-shadow hover:shadow-md"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-primary">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="text-base leading-snug font-semibold text-slate-900">
            {template.name}
          </h2>
          <p className="text-sm text-muted-foreground">{template.summary}</p>
        </div>
      </div>
      <div className="rounded-xl bg-muted/60 px-4 py-3">
        <p className="text-lg font-semibold tracking-tight text-slate-900 tabular-nums">{headline}</p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={tr('posting.skills.label')}>
        {template.skills.map((s) => (
          <li
            key={s}
            className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium text-accent-foreground"
          >
            {s}
          </li>
        ))}
      </ul>
      <p className="line-clamp-3 text-sm text-slate-600">{template.description.split('\n')[0]}</p>
      <Button
        className="mt-auto"
        onClick={() => navigate(paths.adminJobsCreate.href(), { state: { template } })}
        aria-describedby={headingId}
      >
        {tr('posting.templateCard.use')} <ArrowRight aria-hidden />
      </Button>
    </article>
  )
}
