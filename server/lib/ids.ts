const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** True for a UUID, the form of every `_id`; repos answer "not found" for anything else without asking SQL. */
export const isUuid = (s: string) => UUID.test(s)
