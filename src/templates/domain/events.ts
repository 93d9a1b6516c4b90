/**
 * The templates context's events: the contract between the template and assignment
 * deciders (writers), the templates projection and the assignment reactor.
 * Streams: `template-<templateId>` and `assignment-<assignmentId>`.
 */
import type { WorkoutExercise } from '../../training/domain/workout-rules.ts';

export const TEMPLATE_CATEGORIES = ['general', 'strength', 'conditioning', 'rehabilitation', 'sport-specific', 'beginner', 'intermediate', 'advanced'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** One workout of a template day. `id` is its key across revisions (re-sync matches by it). */
export interface TemplateWorkout {
  id: string;
  name: string;
  notes: string | null;
  exercises: WorkoutExercise[];
}

/** `day-{n}` (n from 1) → that day's workouts. */
export type TemplateDays = Record<string, TemplateWorkout[]>;

export interface TemplateContent {
  name: string;
  description: string;
  category: TemplateCategory;
  isPublic: boolean;
  workouts: TemplateDays;
}

/**
 * A workout of an assignment and the day it lands on. Its content stays in the
 * template's stream at the assigned revision (TemplateAssigned names the revision),
 * so an assignment event stays small whatever the program's size.
 */
export interface AssignedSlot {
  /** The calendar workout it becomes (its stream is `workout-<workoutId>`). */
  workoutId: string;
  key: string;
  dayKey: string;
  targetDate: string;
  name: string;
}

/** A slot with its content: what a re-sync revises or adds. */
export interface AssignedWorkout extends AssignedSlot {
  notes: string | null;
  exercises: WorkoutExercise[];
}

export interface KeptWorkout {
  workoutId: string;
  key: string;
  date: string;
  reason: 'logged' | 'edited';
}

export type TemplateEvent =
  | { type: 'TemplateCreated'; data: TemplateContent & { templateId: string; ownerId: string; revision: number; copiedFrom?: string } }
  | { type: 'TemplateRevised'; data: TemplateContent & { templateId: string; ownerId: string; revision: number } }
  | { type: 'TemplateDeleted'; data: { templateId: string; ownerId: string } };

export type AssignmentEvent =
  | {
      type: 'TemplateAssigned';
      data: {
        assignmentId: string;
        templateId: string;
        templateName: string;
        revision: number;
        coachId: string;
        athleteId: string;
        startDate: string;
        endDate: string;
        workouts: AssignedSlot[];
      };
    }
  | {
      type: 'TemplateUnassigned';
      data: { assignmentId: string; templateId: string; coachId: string; athleteId: string; deletedWorkoutIds: string[]; keptCount: number };
    }
  | {
      type: 'AssignmentResynced';
      data: {
        assignmentId: string;
        templateId: string;
        athleteId: string;
        fromRevision: number;
        revision: number;
        endDate: string;
        /** Workouts that take the new content (and date). */
        revised: AssignedWorkout[];
        /** Workouts the new revision adds. */
        added: AssignedWorkout[];
        removedWorkoutIds: string[];
        kept: KeptWorkout[];
      };
    };

export const TEMPLATE_EVENT_TYPES: TemplateEvent['type'][] = ['TemplateCreated', 'TemplateRevised', 'TemplateDeleted'];
export const ASSIGNMENT_EVENT_TYPES: AssignmentEvent['type'][] = ['TemplateAssigned', 'TemplateUnassigned', 'AssignmentResynced'];

export const templateStream = (templateId: string) => `template-${templateId}`;
export const assignmentStream = (assignmentId: string) => `assignment-${assignmentId}`;
