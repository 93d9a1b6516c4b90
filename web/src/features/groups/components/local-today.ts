const pad = (n: number) => String(n).padStart(2, '0');

/** Today on this device as YYYY-MM-DD: the default date of the assign forms. */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
