/** Files and folders converted to the catalogues by the money work (see ../converted.ts). */
export const CONVERTED_MONEY: string[] = []
