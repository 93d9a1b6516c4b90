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
}

function fields(data: WorkoutAssignedData) {
  return {
    athlete: checkedText(data.athleteName, 'athleteName'),
    workout: checkedText(data.workoutName, 'workoutName'),
    coach: checkedText(data.coachName, 'coachName'),
    link: checkedLink(data.link),
    changes: (data.changes ?? []).map((line, i) => checkedText(line, `changes[${i}]`)),
  };
}

export const workoutAssigned: EmailTemplate<WorkoutAssignedData> = {
  subject: (data) =>
    (data.changes?.length ?? 0) > 1
      ? `${checkedText(data.coachName, 'coachName')} updated your training plan: ${checkedText(data.workoutName, 'workoutName')}`
      : `New workout from ${checkedText(data.coachName, 'coachName')}: ${checkedText(data.workoutName, 'workoutName')}`,

  mjml(data) {
    const { athlete, workout, coach, link, changes } = fields(data);
    const listed = changes.length > 1;
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
    const { athlete, workout, coach, link, changes } = fields(data);
    return plainText(
      greeting(athlete),
      changes.length > 1
        ? `${coach} planned or changed these workouts on ${PRODUCT_NAME}:\n\n${changes.map((line) => `  ${line}`).join('\n')}`
        : `${coach} just assigned you a workout on ${PRODUCT_NAME}:\n\n  ${workout}`,
      `View it here:\n${link}`,
      `Log your sets as you go so ${coach} can follow your progress.`,
    );
  },
};
