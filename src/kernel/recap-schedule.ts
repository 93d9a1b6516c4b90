/** `RECAP_SCHEDULE`: when the server sends weekly recaps by itself (read by src/platform/config.ts, so no other imports). */

export const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

export interface RecapSchedule {
  /** 0 = Sunday … 6 = Saturday, in each athlete's time zone. */
  weekday: number;
  /** Minutes after local midnight. */
  minute: number;
}

/** `off`, or `<day> HH:MM` such as `mon 08:00`. */
export function parseRecapSchedule(text: string): RecapSchedule | null {
  const value = text.trim().toLowerCase();
  if (value === 'off') return null;
  const m = /^(sun|mon|tue|wed|thu|fri|sat)[a-z]* (\d{1,2}):(\d{2})$/.exec(value);
  if (!m || Number(m[2]) > 23 || Number(m[3]) > 59) throw new Error(`RECAP_SCHEDULE must be "off" or like "mon 08:00", got "${text}"`);
  return { weekday: DAYS.indexOf(m[1] as (typeof DAYS)[number]), minute: Number(m[2]) * 60 + Number(m[3]) };
}
