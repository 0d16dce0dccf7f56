import { PageHeader } from '@/components/page-header'
import { TemplateCard } from '@/features/job-posting/components/template-card'
import { jobTemplates } from '@/features/job-posting/lib/templates'
import { useT } from '@/i18n'

/** /admin/job-templates — three built-in templates, each opening the create form prefilled (product.md §3). */
export function Component() {
  const tr = useT()
  return (
    <div className="mx-auto w-full max-w-6xl">
      <title>{tr('posting.templates.docTitle')}</title>
      <PageHeader title={tr('posting.templates.title')} description={tr('posting.templates.description')} />
      <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
        {jobTemplates().map((t) => (
          <TemplateCard key={t.id} template={t} />
        ))}
      </div>
    </div>
  )
}
