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
}

function fields(data: WorkoutAssignedData) {
  return {
    athlete: checkedText(data.athleteName, 'athleteName'),
    workout: checkedText(data.workoutName, 'workoutName'),
    coach: checkedText(data.coachName, 'coachName'),
    link: checkedLink(data.link),
  };
}

export const workoutAssigned: EmailTemplate<WorkoutAssignedData> = {
  subject: (data) =>
    `New workout from ${checkedText(data.coachName, 'coachName')}: ${checkedText(data.workoutName, 'workoutName')}`,

  mjml(data) {
    const { athlete, workout, coach, link } = fields(data);
    return layout({
      title: `New workout: ${workout}`,
      preview: `${coach} assigned you ${workout}.`,
      sections: [
        block(
          headline('You have a new workout'),
          paragraph(mjml`${greeting(athlete)} <strong>${coach}</strong> just assigned you a workout:`),
          callout(workout),
          button('View workout', link),
          paragraph(mjml`Log your sets as you go so ${coach} can follow your progress.`),
          linkFallback(link),
        ),
      ],
    });
  },

  text(data) {
    const { athlete, workout, coach, link } = fields(data);
    return plainText(
      greeting(athlete),
      `${coach} just assigned you a workout on ${PRODUCT_NAME}:\n\n  ${workout}`,
      `View it here:\n${link}`,
      `Log your sets as you go so ${coach} can follow your progress.`,
    );
  },
};
