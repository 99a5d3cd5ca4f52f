export const iso = (v: Date | string) => new Date(v).toISOString();
export const isoOrNull = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);
