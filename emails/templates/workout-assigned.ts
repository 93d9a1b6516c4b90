import { PRODUCT_NAME } from './brand.ts';
import { block, button, callout, headline, layout, linkFallback, paragraph } from './layout.ts';
import { checkedLink, checkedText, mjml } from './markup.ts';
import { greeting, plainText, type EmailTemplate } from './template.ts';

export interface WorkoutAssignedData {
  athleteName: string;
  workoutName: string;
  coachName: string;
  /** Caller-supplied link to the workout; its shape is not fixed by the spec. */
  link: string;
  /**
   * The hourly batch (src/training/workout-mail.ts): one line per workout that was
   * planned or changed, e.g. "Mon, Mar 3: Lower Body (New)". `workoutName` then sums it up.
   */
  changes?: string[];
  /**
   * A template assignment (src/templates/mail.ts): its workouts, one line each with the
   * date ("Mon 7 Dec 2026: Lower"), so the mail says how many and when.
   */
  schedule?: string[];
}

/** Lines of a schedule shown in the mail; the rest is summed up. */
export const SCHEDULE_LINES = 14;

function fields(data: WorkoutAssignedData) {
  return {
    athlete: checkedText(data.athleteName, 'athleteName'),
    workout: checkedText(data.workoutName, 'workoutName'),
    coach: checkedText(data.coachName, 'coachName'),
    link: checkedLink(data.link),
    changes: (data.changes ?? []).map((line, i) => checkedText(line, `changes[${i}]`)),
    schedule: (data.schedule ?? []).map((line, i) => checkedText(line, `schedule[${i}]`)),
  };
}

function workouts(count: number): string {
  return count === 1 ? 'a workout' : `${count} workouts`;
}

/** The schedule's lines as shown: the first SCHEDULE_LINES, then "… and N more". */
function shown(schedule: string[]): string[] {
  return schedule.length > SCHEDULE_LINES ? [...schedule.slice(0, SCHEDULE_LINES), `… and ${schedule.length - SCHEDULE_LINES} more`] : schedule;
}

export const workoutAssigned: EmailTemplate<WorkoutAssignedData> = {
  subject: (data) =>
    (data.schedule?.length ?? 0) > 1
      ? `New workouts from ${checkedText(data.coachName, 'coachName')}: ${checkedText(data.workoutName, 'workoutName')}`
      : (data.changes?.length ?? 0) > 1
        ? `${checkedText(data.coachName, 'coachName')} updated your training plan: ${checkedText(data.workoutName, 'workoutName')}`
        : `New workout from ${checkedText(data.coachName, 'coachName')}: ${checkedText(data.workoutName, 'workoutName')}`,

  mjml(data) {
    const { athlete, workout, coach, link, changes, schedule } = fields(data);
    const listed = changes.length > 1;
    if (schedule.length > 0) {
      return layout({
        title: `New workouts: ${workout}`,
        preview: `${coach} assigned you ${workouts(schedule.length)}: ${workout}.`,
        sections: [
          block(
            headline(schedule.length === 1 ? 'You have a new workout' : 'You have new workouts'),
            paragraph(mjml`${greeting(athlete)} <strong>${coach}</strong> just assigned you ${workouts(schedule.length)} (${workout}):`),
            ...shown(schedule).map((line) => callout(line)),
            button(schedule.length === 1 ? 'View workout' : 'View my workouts', link),
            paragraph(mjml`Log your sets as you go so ${coach} can follow your progress.`),
            linkFallback(link),
          ),
        ],
      });
    }
    return layout({
      title: `New workout: ${workout}`,
      preview: `${coach} assigned you ${workout}.`,
      sections: [
        block(
          headline(listed ? 'Your training plan changed' : 'You have a new workout'),
          paragraph(
            listed
              ? mjml`${greeting(athlete)} <strong>${coach}</strong> planned or changed these workouts:`
              : mjml`${greeting(athlete)} <strong>${coach}</strong> just assigned you a workout:`,
          ),
          ...(listed ? changes.map((line) => callout(line)) : [callout(workout)]),
          button('View workout', link),
          paragraph(mjml`Log your sets as you go so ${coach} can follow your progress.`),
          linkFallback(link),
        ),
      ],
    });
  },

  text(data) {
    const { athlete, workout, coach, link, changes, schedule } = fields(data);
    return plainText(
      greeting(athlete),
      schedule.length > 0
        ? `${coach} just assigned you ${workouts(schedule.length)} on ${PRODUCT_NAME} (${workout}):\n\n${shown(schedule)
            .map((line) => `  ${line}`)
            .join('\n')}`
        : changes.length > 1
          ? `${coach} planned or changed these workouts on ${PRODUCT_NAME}:\n\n${changes.map((line) => `  ${line}`).join('\n')}`
          : `${coach} just assigned you a workout on ${PRODUCT_NAME}:\n\n  ${workout}`,
      `View it here:\n${link}`,
      `Log your sets as you go so ${coach} can follow your progress.`,
    );
  },
};
