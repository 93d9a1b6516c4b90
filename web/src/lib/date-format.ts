/**
 * Calendar dates ('YYYY-MM-DD') in words, read as UTC so the date never shifts with
 * the browser's zone. Formatters are cached per set of options: building an
 * Intl.DateTimeFormat costs far more than using one, and a calendar or a training
 * list formats hundreds of dates in one render (a phone felt it as a long task).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatCalendarDate(date: string, options: Intl.DateTimeFormatOptions): string {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(`${date}T00:00:00Z`));
}
