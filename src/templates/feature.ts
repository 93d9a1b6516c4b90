/**
 * Program templates (issue #9, templates context): the template and assignment
 * deciders behind /api/program-templates and /api/assignments, the `templates`
 * read model, the assignment reactor that schedules the workouts, and the
 * "new workout assigned" e-mail once per assignment.
 */
import type { Feature } from '../feature.ts';
import { templatesProjection } from '../../projections/templates/templates.ts';
import { assignmentReactor } from './assignment-reactor.ts';
import { assignedMailRule } from './mail.ts';
import { templateRoutes } from './routes.ts';

export const templatesFeature: Feature = {
  name: 'templates',
  projections: [templatesProjection],
  // It issues commands, so it is built once the event store exists (no global).
  reactors: ({ store }) => [assignmentReactor({ store })],
  routes: templateRoutes,
  mailRules: { TemplateAssigned: assignedMailRule },
};
