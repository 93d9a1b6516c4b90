import { COLORS, PRODUCT_NAME } from './brand.ts';
import { block, button, headline, layout, linkFallback, paragraph } from './layout.ts';
import { checkedLink, checkedText, mjml, optionalText, type Markup } from './markup.ts';
import { greeting, plainText, type EmailTemplate } from './template.ts';
import { recapReadinessLine, type RecapReadiness } from './recap-readiness.ts';

/**
 * The figures the mail shows. The WeeklyRecapSent event's payload (src/recaps/domain/recap.ts)
 * has the same fields today, but it is a stored schema and this is a view's input: each
 * may change without the other (the mail rule maps one onto the other).
 */
export interface RecapFigures {
  workoutsCompleted: number;
  /** Minutes trained in the week. */
  totalDuration: number;
  /** Consecutive training days. */
  streak: number;
  nextWorkout?: string;
  readiness?: RecapReadiness;
}

export interface WeeklyRecapData {
  name: string;
  summary: RecapFigures;
  /** Monday and Sunday (YYYY-MM-DD) of the week the figures are about; older mails have none. */
  period?: { start: string; end: string };
  /** Dashboard URL. */
  link: string;
}

/** The spec's line between the two recap messages. */
export const OUTSTANDING_THRESHOLD = 4;

export type RecapHeadline = 'Outstanding' | 'Keep Going';

export function recapHeadline(workoutsCompleted: number): RecapHeadline {
  return workoutsCompleted >= OUTSTANDING_THRESHOLD ? 'Outstanding' : 'Keep Going';
}

/** Minutes as the spec shows them: "2h 5m", "45m", "3h". */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.round(totalMinutes);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "16–22 November 2026", "30 November – 6 December 2026", "29 December 2025 – 4 January 2026". */
export function formatWeek(start: string, end: string): string {
  if (!DATE.test(start) || !DATE.test(end) || end < start) throw new TypeError('E-mail period must be two dates YYYY-MM-DD in order');
  const [sy, sm, sd] = start.split('-').map(Number);
  const [ey, em, ed] = end.split('-').map(Number);
  if (sy !== ey) return `${sd} ${MONTHS[sm - 1]} ${sy} – ${ed} ${MONTHS[em - 1]} ${ey}`;
  if (sm !== em) return `${sd} ${MONTHS[sm - 1]} – ${ed} ${MONTHS[em - 1]} ${ey}`;
  return `${sd}–${ed} ${MONTHS[em - 1]} ${ey}`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function count(value: unknown, field: string, wholeNumber = true): number {
  const valid = typeof value === 'number' && value >= 0 && (wholeNumber ? Number.isInteger(value) : Number.isFinite(value));
  if (!valid) {
    throw new TypeError(`E-mail summary.${field} must be a non-negative ${wholeNumber ? 'integer' : 'number'}`);
  }
  return value;
}

function fields(data: WeeklyRecapData) {
  const summary: unknown = data.summary;
  if (typeof summary !== 'object' || summary === null) {
    throw new TypeError('E-mail summary must be an object');
  }
  const workouts = count(data.summary.workoutsCompleted, 'workoutsCompleted');
  return {
    name: checkedText(data.name, 'name'),
    link: checkedLink(data.link),
    workouts,
    duration: formatDuration(count(data.summary.totalDuration, 'totalDuration', false)),
    streak: count(data.summary.streak, 'streak'),
    next: optionalText(data.summary.nextWorkout, 'summary.nextWorkout'),
    readiness: recapReadinessLine(data.summary.readiness),
    headline: recapHeadline(workouts),
    // The mail goes out after the week: it names the week's dates, never "this week".
    when: data.period ? `in the week of ${formatWeek(data.period.start, data.period.end)}` : 'last week',
  };
}

// Starts after "you" so the HTML can follow "Hi Ana," and the text can open with "You".
function encouragement(headline: RecapHeadline, workouts: number, when: string): string {
  return headline === 'Outstanding'
    ? `trained ${plural(workouts, 'workout')} ${when}. That is an outstanding week of training.`
    : `trained ${plural(workouts, 'workout')} ${when}. Every session counts, so let's build on it this week.`;
}

function stat(value: string, label: string): Markup {
  return mjml`<mj-column width="33.33%" padding="0 4px" inner-background-color="${COLORS.accentSoft}" border-radius="10px" inner-border-radius="10px">
  <mj-text align="center" color="${COLORS.ink}" font-size="26px" line-height="32px" font-weight="800" padding="16px 8px 0 8px">${value}</mj-text>
  <mj-text align="center" color="${COLORS.muted}" font-size="12px" line-height="18px" text-transform="uppercase" letter-spacing="0.5px" padding="0 8px 16px 8px">${label}</mj-text>
</mj-column>`;
}

export const weeklyRecap: EmailTemplate<WeeklyRecapData> = {
  subject: (data) => `Your week on ${PRODUCT_NAME}: ${fields(data).headline}`,

  mjml(data) {
    const f = fields(data);
    return layout({
      title: `Your week on ${PRODUCT_NAME}`,
      preview: `${f.headline}: ${plural(f.workouts, 'workout')}, ${f.duration} trained, ${f.streak}-day streak.`,
      sections: [
        block(headline(f.headline), paragraph(mjml`${greeting(f.name)} you ${encouragement(f.headline, f.workouts, f.when)}`)),
        mjml`<mj-section padding="0 0 24px 0"><mj-group>
  ${stat(String(f.workouts), f.workouts === 1 ? 'Workout' : 'Workouts')}
  ${stat(f.duration, 'Time trained')}
  ${stat(String(f.streak), 'Day streak')}
</mj-group></mj-section>`,
        block(
          f.next ? paragraph(mjml`<strong>Next up:</strong> ${f.next}`) : mjml``,
          f.readiness ? paragraph(mjml`${f.readiness}`) : mjml``,
          button('Open my dashboard', f.link),
          linkFallback(f.link),
        ),
      ],
    });
  },

  text(data) {
    const f = fields(data);
    return plainText(
      f.headline,
      greeting(f.name),
      `You ${encouragement(f.headline, f.workouts, f.when)}`,
      [`Workouts trained: ${f.workouts}`, `Time trained: ${f.duration}`, `Streak: ${plural(f.streak, 'day')}`, f.next ? `Next up: ${f.next}` : undefined, f.readiness]
        .filter(Boolean)
        .join('\n'),
      `Open your dashboard:\n${f.link}`,
    );
  },
};
