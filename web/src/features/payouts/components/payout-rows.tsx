import { Link } from 'react-router'
import { TableCard } from '@/components/table-card'
import { paths } from '@/config/paths'
import { useT, type Translate } from '@/i18n'
import { formatDate } from '@/i18n/format'
import { payoutStateText, payoutStatusWord, payoutTone } from '@/lib/payout-state'
import { rupees } from '@/lib/rupees'
import { cn } from '@/lib/utils'
import type { Payout } from '../api/get-payouts'
import { byContract, rupeesOrDash, totalsOf } from '../lib/payout-figures'

const TONE_CLASSES = {
  waiting: 'text-amber-800',
  moving: 'text-sky-800',
  done: 'text-emerald-800',
  failed: 'text-red-700',
} as const

/** Tax names read the same in every language (the forms and the law use them as they are). */
const GST = 'GST'
const TDS = 'TDS'
const TCS = 'TCS'
const UTR = 'UTR'
const columnsOf = (t: Translate) => [
  t('money.rows.contract'),
  t('money.rows.gross'),
  t('money.rows.fee'),
  GST,
  TDS,
  TCS,
  t('money.rows.net'),
  t('money.rows.status'),
  UTR,
]
/** The figures' columns (the second to the seventh) align right. */
const numericAt = (columns: string[]) => (c: string) => {
  const i = columns.indexOf(c)
  return i >= 1 && i <= 6 ? 'px-3 py-2.5 text-right' : 'px-3 py-2.5'
}

type Group = { contractId: string; payouts: Payout[] }

function Title({ group }: { group: Group }) {
  const t = useT()
  const first = group.payouts[0]
  const title = first.jobTitle ?? t('money.rows.contract')
  return first.jobId ? (
    <Link to={paths.jobDescription.href(first.jobId)} className="font-medium break-words hover:text-primary">
      {title}
    </Link>
  ) : (
    <span className="font-medium break-words">{title}</span>
  )
}

/** Each release of a contract on a line of its own: its net, state and date (one release: just the state). */
function States({ group, withUtr }: { group: Group; withUtr: boolean }) {
  useT()
  return (
    <ul className="flex flex-col gap-0.5">
      {group.payouts.map((p) => (
        <li key={p._id} className={cn('text-xs font-medium', TONE_CLASSES[payoutTone(p.status)])}>
          {group.payouts.length > 1 ? `${rupees(p.amount)}: ` : ''}
          {withUtr ? payoutStateText(p) : payoutStatusWord(p.status)}
        </li>
      ))}
    </ul>
  )
}

/** Desktop: one row per contract with its split summed; phones get a card per contract instead. */
export function PayoutRows({ payouts, year }: { payouts: Payout[]; year: string }) {
  const t = useT()
  const groups = byContract(payouts)
  const columns = columnsOf(t)
  return (
    <>
      <div className="hidden md:block">
        <TableCard
          label={t('money.rows.label', { year })}
          columns={columns}
          minWidthClass="min-w-[56rem]"
          headerClass={numericAt(columns)}
        >
          {groups.map((g) => {
            const sums = totalsOf(g.payouts)
            const utrs = g.payouts.map((p) => p.utr).filter(Boolean)
            return (
              <tr key={g.contractId} data-testid="earning-row">
                <td className="px-3 py-2.5">
                  <Title group={g} />
                  <span className="block text-xs text-muted-foreground">
                    {g.payouts.length > 1
                      ? `${t('money.rows.releases', { count: g.payouts.length })} · `
                      : ''}
                    {formatDate(g.payouts[0].createdAt)}
                  </span>
                </td>
                <td className="px-3 py-2.5 text-right tabular-nums">{rupees(sums.gross)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{rupeesOrDash(sums.fee)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{rupeesOrDash(sums.gst)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{rupeesOrDash(sums.tds)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{rupeesOrDash(sums.tcs)}</td>
                <td className="px-3 py-2.5 text-right font-semibold tabular-nums">{rupees(sums.net)}</td>
                <td className="px-3 py-2.5">
                  <States group={g} withUtr={false} />
                </td>
                <td className="px-3 py-2.5 font-mono text-xs break-all">
                  {utrs.length ? utrs.join(', ') : '—'}
                </td>
              </tr>
            )
          })}
        </TableCard>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={t('money.rows.label', { year })}>
        {groups.map((g) => {
          const sums = totalsOf(g.payouts)
          const figures: [string, number][] = [
            [t('money.rows.gross'), sums.gross],
            [t('money.rows.fee'), sums.fee],
            [GST, sums.gst],
            [TDS, sums.tds],
            [TCS, sums.tcs],
          ]
          return (
            <li
              key={g.contractId}
              data-testid="earning-row"
              className="rounded-xl border bg-white p-4 text-sm"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <Title group={g} />
                  <span className="block text-xs text-muted-foreground">
                    {formatDate(g.payouts[0].createdAt)}
                  </span>
                </div>
                <span className="shrink-0 text-right">
                  <span className="block text-xs text-muted-foreground">{t('money.rows.net')}</span>
                  <span className="font-semibold tabular-nums">{rupees(sums.net)}</span>
                </span>
              </div>
              <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2 text-xs">
                {figures.map(([label, value], i) => (
                  <div key={label}>
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="tabular-nums">{i === 0 ? rupees(value) : rupeesOrDash(value)}</dd>
                  </div>
                ))}
              </dl>
              <div className="mt-3 border-t pt-2">
                <States group={g} withUtr />
              </div>
            </li>
          )
        })}
      </ul>
    </>
  )
}
