const dateInIndia = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
})

/** "22 Nov 2026", in India's time zone. */
export const formatDate = (iso: string) => dateInIndia.format(new Date(iso))
