import type { MismatchDto } from '@common/schemas/operator-money'
import { useT } from '@/i18n'
import { kindLabel } from './format'

/** What the latest run found: each difference with what was expected and what is there. */
export function MismatchList({ mismatches }: { mismatches: MismatchDto[] }) {
  const t = useT()
  return (
    <ul className="flex flex-col gap-2">
      {mismatches.map((m) => (
        <li
          key={m._id}
          className="flex flex-col gap-1.5 rounded-xl border border-amber-200 bg-amber-50/60 p-4"
        >
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-semibold text-slate-900">{kindLabel(m.kind)}</span>
            <code className="text-xs break-all text-slate-600">{m.subject}</code>
          </div>
          <p className="text-sm text-slate-700">{m.detail}</p>
          {m.expected !== null || m.actual !== null ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-muted-foreground">{t('money.ops.expected')}</dt>
              <dd className="font-mono break-all">{m.expected ?? '—'}</dd>
              <dt className="text-muted-foreground">{t('money.ops.found')}</dt>
              <dd className="font-mono break-all">{m.actual ?? '—'}</dd>
            </dl>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
