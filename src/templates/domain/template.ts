/**
 * The template aggregate (stream `template-<id>`): a coach's program of day-{n}
 * workouts. Only its owner changes or deletes it; a public template is read by
 * every coach and copied (CreateTemplate with `copiedFrom`), never edited by them.
 */
import { assertNever, DomainError, type Decider } from '../../kernel/decider.ts';
import type { TemplateContent, TemplateEvent } from './events.ts';
import { TEMPLATE_MESSAGES } from './payload.ts';
import { workoutCount } from './schedule.ts';

export interface TemplateState {
  templateId: string | null;
  ownerId: string | null;
  revision: number;
  content: TemplateContent | null;
  deleted: boolean;
}

export type TemplateCommand =
  { type: 'CreateTemplate'; templateId: string; content: TemplateContent; copiedFrom?: string } | { type: 'ReviseTemplate'; content: TemplateContent } | { type: 'DeleteTemplate' };

export const MESSAGES = {
  notFound: 'Template not found.',
  exists: 'This template already exists.',
  notOwner: 'Only the coach who made this template can change it. Copy it to your templates instead.',
  signIn: 'Please sign in to manage program templates.',
} as const;

const initialState = (): TemplateState => ({ templateId: null, ownerId: null, revision: 0, content: null, deleted: false });

function checkContent(content: TemplateContent): void {
  if (!content.name.trim()) throw new DomainError(400, TEMPLATE_MESSAGES.nameRequired);
  if (workoutCount(content.workouts) === 0) throw new DomainError(400, TEMPLATE_MESSAGES.needsWorkouts);
}

/** The template exists, is not deleted, and the actor owns it. Others' private templates look missing. */
function owned(state: TemplateState, userId: string): asserts state is TemplateState & { templateId: string; ownerId: string; content: TemplateContent } {
  if (!state.templateId || state.deleted || !state.content) throw new DomainError(404, MESSAGES.notFound);
  if (state.ownerId !== userId) {
    if (!state.content.isPublic) throw new DomainError(404, MESSAGES.notFound);
    throw new DomainError(403, MESSAGES.notOwner);
  }
}

const sameContent = (a: TemplateContent, b: TemplateContent) => JSON.stringify(a) === JSON.stringify(b);

export const templateDecider: Decider<TemplateState, TemplateCommand, TemplateEvent> = {
  initialState,

  evolve(state, event) {
    switch (event.type) {
      case 'TemplateCreated':
      case 'TemplateRevised': {
        const { templateId, ownerId, revision, name, description, category, isPublic, workouts } = event.data;
        return { ...state, templateId, ownerId, revision, content: { name, description, category, isPublic, workouts } };
      }
      case 'TemplateDeleted':
        return { ...state, deleted: true };
      default:
        return assertNever(event);
    }
  },

  decide(command, state, ctx) {
    if (!ctx.userId) throw new DomainError(401, MESSAGES.signIn);
    switch (command.type) {
      case 'CreateTemplate': {
        if (state.templateId) throw new DomainError(409, MESSAGES.exists);
        checkContent(command.content);
        return [
          {
            type: 'TemplateCreated',
            data: {
              templateId: command.templateId,
              ownerId: ctx.userId,
              revision: 1,
              ...command.content,
              ...(command.copiedFrom ? { copiedFrom: command.copiedFrom, isPublic: false } : {}),
            },
          },
        ];
      }
      case 'ReviseTemplate': {
        owned(state, ctx.userId);
        checkContent(command.content);
        if (sameContent(command.content, state.content)) return [];
        return [{ type: 'TemplateRevised', data: { templateId: state.templateId, ownerId: state.ownerId, revision: state.revision + 1, ...command.content } }];
      }
      case 'DeleteTemplate':
        owned(state, ctx.userId);
        return [{ type: 'TemplateDeleted', data: { templateId: state.templateId, ownerId: state.ownerId } }];
      default:
        return assertNever(command);
    }
  },
};
