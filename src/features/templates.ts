/**
 * Program templates (issue #9, templates context): the template and assignment
 * deciders behind /api/program-templates and /api/assignments, the `templates`
 * read model, the assignment reactor that schedules the workouts, and the
 * "new workout assigned" e-mail once per assignment.
 */
import type { Feature } from '../features.ts';
import { templatesProjection } from '../../projections/templates.ts';
import { assignmentReactor, useStoreForAssignments } from '../domain/templates/assignment-reactor.ts';
import { assignedMailRule } from '../domain/templates/mail.ts';
import { templateRoutes } from '../routes/templates.ts';

export const templatesFeature: Feature = {
  name: 'templates',
  projections: [templatesProjection, assignmentReactor()],
  routes: templateRoutes,
  mailRules: { TemplateAssigned: assignedMailRule },
  async start({ pool, store }) {
    const client = await pool.connect();
    try {
      useStoreForAssignments(client.database, store);
    } finally {
      client.release();
    }
  },
};
