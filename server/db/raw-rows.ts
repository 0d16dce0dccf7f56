/** A timestamp from a raw `db.execute` row: the drivers hand back a Date or its text. */
export const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)))
