const dateTimeInIndia = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
})

/** "26 Nov 2026, 7:05 pm", in India's time zone. */
export const formatDateTime = (iso: string) => dateTimeInIndia.format(new Date(iso))

/** A mismatch kind as words: "contract_mirror" → "Contract mirror". */
export const kindLabel = (kind: string) => {
  const words = kind.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
