// Redis stream entry ids, `<ms>-<seq>`, as the recovery log and the streams adapter compare them.

/** A stream entry id, `<ms>-<seq>`, as two numbers. */
export const parseId = (id: string): [number, number] => {
  const dash = id.indexOf('-')
  return [Number(id.slice(0, dash)), Number(id.slice(dash + 1))]
}
export const isAfter = (a: [number, number], b: [number, number]) =>
  a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])
export const STREAM_ID = /^[0-9]+-[0-9]+$/

/** The newer of two stream ids. */
export const newerId = (a: string, b: string) => (isAfter(parseId(a), parseId(b)) ? a : b)
