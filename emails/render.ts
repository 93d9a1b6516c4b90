/**
 * Turns an e-mail kind and its data into subject, HTML and text. Pure apart from
 * MJML itself: no sending, no clock, no I/O.
 */
import mjml2html from 'mjml';
import { confirmation, type ConfirmationData } from './templates/confirmation.ts';
import { invitation, type InvitationData } from './templates/invitation.ts';
import { passwordReset, type PasswordResetData } from './templates/password-reset.ts';
import type { EmailTemplate } from './templates/template.ts';
import { weeklyRecap, type WeeklyRecapData } from './templates/weekly-recap.ts';
import { welcome, type WelcomeData } from './templates/welcome.ts';
import { workoutAssigned, type WorkoutAssignedData } from './templates/workout-assigned.ts';
import { webhookDisabled, type WebhookDisabledData } from './templates/webhook-disabled.ts';
import { commentsUnread, type CommentsUnreadData } from './templates/comments-unread.ts';

export { EMAIL_FROM } from './templates/brand.ts';
export type { ConfirmationData, InvitationData, PasswordResetData, WeeklyRecapData, WebhookDisabledData, WelcomeData, WorkoutAssignedData };
export type { CommentsUnreadData };
export type { RecapFigures } from './templates/weekly-recap.ts';

export type EmailKind = 'welcome' | 'confirmation' | 'password-reset' | 'invitation' | 'workout-assigned' | 'weekly-recap' | 'webhook-disabled' | 'comments-unread';

export interface EmailData {
  welcome: WelcomeData;
  confirmation: ConfirmationData;
  'password-reset': PasswordResetData;
  invitation: InvitationData;
  'workout-assigned': WorkoutAssignedData;
  'weekly-recap': WeeklyRecapData;
  'webhook-disabled': WebhookDisabledData;
  'comments-unread': CommentsUnreadData;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const templates: { [K in EmailKind]: EmailTemplate<EmailData[K]> } = {
  welcome,
  confirmation,
  'password-reset': passwordReset,
  invitation,
  'workout-assigned': workoutAssigned,
  'weekly-recap': weeklyRecap,
  'webhook-disabled': webhookDisabled,
  'comments-unread': commentsUnread,
};

export const EMAIL_KINDS = Object.keys(templates) as EmailKind[];

export class EmailRenderError extends Error {
  constructor(
    /** The e-mail kind, or whatever label the caller of compileMjml gave. */
    readonly template: string,
    readonly details: string[],
    options?: { cause?: unknown },
  ) {
    super(`The ${template} e-mail template is not valid MJML:\n${details.join('\n')}`, options);
    this.name = 'EmailRenderError';
  }
}

/**
 * MJML to HTML with strict validation, so a broken layout fails loudly here
 * instead of reaching an inbox half-rendered. mjml 5's compiler is async.
 */
export async function compileMjml(source: string, template: string): Promise<string> {
  let result: Awaited<ReturnType<typeof mjml2html>>;
  try {
    result = await mjml2html(source, { validationLevel: 'strict', keepComments: false });
  } catch (error) {
    const errors = (error as { errors?: Array<{ formattedMessage?: string }> }).errors;
    if (!Array.isArray(errors)) throw error;
    // mjml's validation errors carry formattedMessage; without it, the error as JSON.
    throw new EmailRenderError(
      template,
      errors.map((e) => e.formattedMessage ?? JSON.stringify(e)),
      { cause: error },
    );
  }
  // Strict already throws on these; kept so a change of MJML's behaviour cannot let errors through.
  if (result.errors.length > 0) {
    throw new EmailRenderError(
      template,
      result.errors.map((e) => e.formattedMessage),
    );
  }
  return result.html;
}

/**
 * No compiled-template cache: after MJML warms up a render takes roughly 4-10 ms,
 * and caching HTML per data shape would need placeholder substitution that could
 * sidestep the escaping. Revisit if recaps are ever sent in large batches.
 */
export async function renderEmail<K extends EmailKind>(kind: K, data: EmailData[K]): Promise<RenderedEmail> {
  const template: EmailTemplate<EmailData[K]> | undefined = templates[kind];
  if (!template) throw new TypeError(`Unknown e-mail kind: ${String(kind)}`);
  const html = await compileMjml(template.mjml(data).source, kind);
  return { subject: template.subject(data), html, text: template.text(data) };
}
