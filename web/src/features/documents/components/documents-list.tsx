import { useState } from 'react'
import { Download, FileSpreadsheet, FileText } from 'lucide-react'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { useT, type MessageKey } from '@/i18n'
import { formatDate } from '@/i18n/format'
import { rupees } from '@/lib/rupees'
import { toastError } from '@/lib/toast-error'
import { useDocuments, type DocumentKind, type MoneyDocument } from '../api/get-documents'
import { downloadFile, safeName } from '../lib/download'

const KIND_KEYS: Record<DocumentKind, MessageKey> = {
  invoice: 'money.documents.kind.invoice',
  receipt: 'money.documents.kind.receipt',
  advice: 'money.documents.kind.advice',
  statement: 'money.documents.kind.statement',
}
/** The server writes titles in English: a title that already names its kind in English needs no kind beside it. */
const ENGLISH_KIND: Record<DocumentKind, string> = {
  invoice: 'gst tax invoice',
  receipt: 'receipt',
  advice: 'payment advice',
  statement: 'statement',
}
/** A file type reads the same in every language. */
const PDF = 'PDF'

/** The CSV of a year's statement (ADR 050). */
const csvUrl = (year: string) => `/api/v1/documents?year=${encodeURIComponent(year)}&format=csv`

/** One download at a time per button, with its own busy state and a toast when it fails. */
function useDownload() {
  const [busy, setBusy] = useState<string | null>(null)
  const t = useT()
  const start = (id: string, url: string, name: string) => {
    setBusy(id)
    downloadFile(url, name)
      .catch((e: unknown) => toastError(e, t('money.documents.downloadFailed')))
      .finally(() => setBusy(null))
  }
  return { busy, start }
}

function DocumentRow({
  doc,
  busy,
  onDownload,
}: {
  doc: MoneyDocument
  busy: boolean
  onDownload: () => void
}) {
  const t = useT()
  // The kind and number are said once: not again when the title already names them.
  const kind = KIND_KEYS[doc.kind] ? t(KIND_KEYS[doc.kind]) : doc.kind
  const titleNamesKind = doc.title.toLowerCase().includes(ENGLISH_KIND[doc.kind] ?? doc.kind)
  return (
    <li className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{doc.title}</p>
          <p className="text-xs text-muted-foreground">
            {[
              titleNamesKind ? null : kind,
              doc.number && !doc.title.includes(doc.number) ? doc.number : null,
              formatDate(doc.date),
            ]
              .filter(Boolean)
              .join(' · ')}{' '}
            · <span className="tabular-nums">{rupees(doc.amount)}</span>
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-auto"
        disabled={busy}
        aria-label={t('money.documents.downloadPdf', { title: doc.title })}
        onClick={onDownload}
      >
        {busy ? <Spinner /> : <Download aria-hidden />} {PDF}
      </Button>
    </li>
  )
}

/** A year's money documents (invoices, receipts, payment advices, the statement) as PDFs, and the statement as CSV. */
export function DocumentsList({ year }: { year: string }) {
  const q = useDocuments(year)
  const download = useDownload()
  const t = useT()
  const heading = (
    <h2 id="documents-h" className="text-base font-semibold text-slate-900">
      {t('money.documents.title', { year })}
    </h2>
  )
  let body
  if (q.isPending)
    body = <Skeleton className="h-32 rounded-xl bg-slate-100" aria-label={t('money.documents.loading')} />
  else if (q.isError)
    body = (
      <LoadError
        error={q.error}
        fallback={t('money.documents.loadFailed')}
        onRetry={() => void q.refetch()}
      />
    )
  else if (!q.data.documents.length)
    body = (
      <p className="rounded-xl border border-dashed bg-white px-4 py-6 text-center text-sm text-muted-foreground">
        {t('money.documents.empty', { year })}
      </p>
    )
  else
    body = (
      <ul aria-label={t('money.documents.title', { year })} className="divide-y rounded-xl border bg-white">
        {q.data.documents.map((d) => (
          <DocumentRow
            key={`${d.kind}-${d._id}`}
            doc={d}
            busy={download.busy === d.url}
            onDownload={() =>
              download.start(d.url, d.url, safeName(`${d.number ?? `${d.kind}-${d._id}`}.pdf`))
            }
          />
        ))}
      </ul>
    )
  return (
    <section aria-labelledby="documents-h" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {heading}
        <Button
          variant="outline"
          size="sm"
          disabled={download.busy === 'csv'}
          onClick={() => download.start('csv', csvUrl(year), `statement-${year}.csv`)}
        >
          {download.busy === 'csv' ? <Spinner /> : <FileSpreadsheet aria-hidden />}{' '}
          {t('money.documents.downloadCsv')}
        </Button>
      </div>
      {body}
    </section>
  )
}
