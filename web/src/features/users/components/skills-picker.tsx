import { useMemo, useState } from 'react'
import { Check, Save } from 'lucide-react'
import { toast } from 'sonner'
import { SKILL_CATEGORIES } from '@common/skills'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useT, type MessageKey } from '@/i18n'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import { useUpdateSkills } from '../api/update-skills'
import type { User } from '@common/schemas/user'

const OTHER = 'other'

/** The categories' names in the catalogue (the skills themselves are names people search by, kept as they are). */
const CATEGORY: Record<string, MessageKey> = {
  'Technology / IT': 'account.skills.cat.tech',
  'Design & Creative': 'account.skills.cat.design',
  'Social Media & Marketing': 'account.skills.cat.marketing',
  'Life Skills / Personal Development': 'account.skills.cat.life',
  [OTHER]: 'account.skills.other',
}

/** product.md §5 Skills: an accordion of the four categories with toggleable chips and 'Save Skills'. */
export function SkillsPicker({ user, onSaved }: { user: User; onSaved?: () => void }) {
  const [selected, setSelected] = useState<string[]>(() => user.profile.skills)
  const update = useUpdateSkills()
  const t = useT()
  const groupName = (name: string) => (CATEGORY[name] ? t(CATEGORY[name]) : name)

  // Skills typed on the profile that no category offers stay visible (and removable) instead of being dropped.
  const others = useMemo(() => {
    const known = new Set(SKILL_CATEGORIES.flatMap((c) => c.skills))
    return user.profile.skills.filter((s) => !known.has(s))
  }, [user.profile.skills])

  const groups = others.length ? [...SKILL_CATEGORIES, { name: OTHER, skills: others }] : SKILL_CATEGORIES

  function toggle(skill: string) {
    setSelected((prev) => (prev.includes(skill) ? prev.filter((s) => s !== skill) : [...prev, skill]))
  }

  async function save() {
    if (selected.length === 0) {
      toast.error(t('account.skills.atLeastOne'))
      return
    }
    try {
      const answer = await update.mutateAsync(selected)
      if (!answer.success) {
        toast.error(answer.message || t('account.skills.saveFailed'))
        return
      }
      toast.success(t('account.skills.saved'))
      onSaved?.()
    } catch (error) {
      toastError(error, t('account.skills.saveFailed'))
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-2xl border bg-card px-4 shadow-xs sm:px-6">
        <Accordion type="multiple" defaultValue={[SKILL_CATEGORIES[0].name]}>
          {groups.map((group) => {
            const count = group.skills.filter((s) => selected.includes(s)).length
            return (
              <AccordionItem key={group.name} value={group.name}>
                <AccordionTrigger>
                  <span className="flex items-center gap-2">
                    {groupName(group.name)}
                    {count ? (
                      <Badge variant="accent" aria-label={t('account.skills.selectedCount', { count })}>
                        {count}
                      </Badge>
                    ) : null}
                  </span>
                </AccordionTrigger>
                <AccordionContent>
                  <div role="group" aria-label={groupName(group.name)} className="flex flex-wrap gap-2">
                    {group.skills.map((skill) => {
                      const on = selected.includes(skill)
                      return (
                        <button
                          key={skill}
                          type="button"
                          aria-pressed={on}
                          onClick={() => toggle(skill)}
                          className={cn(
                            'inline-flex items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
                            on
                              ? 'border-primary bg-primary text-primary-foreground hover:bg-primary-hover'
                              : 'border-border bg-background text-slate-700 hover:border-slate-300 hover:bg-muted',
                          )}
                        >
                          {on ? <Check className="size-3.5" aria-hidden /> : null}
                          {skill}
                        </button>
                      )
                    })}
                  </div>
                </AccordionContent>
              </AccordionItem>
            )
          })}
        </Accordion>
      </div>

      <div className="sticky bottom-20 z-10 flex flex-wrap items-center justify-between gap-3 rounded-2xl border bg-card/95 p-4 shadow-lg backdrop-blur md:bottom-4">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {selected.length === 0
            ? t('account.skills.none')
            : t('account.skills.count', { count: selected.length })}
        </p>
        <Button onClick={save} disabled={update.isPending}>
          {update.isPending ? <Spinner /> : <Save aria-hidden />}
          {t('account.skills.save')}
        </Button>
      </div>
    </div>
  )
}
