/**
 * A template as the builder sends it → TemplateContent. Each template workout's
 * exercises and sets go through the training context's own workout validation
 * (parseWorkout), so a template can hold exactly what a calendar workout can.
 */
import { DomainError } from '../../kernel/decider.ts';
import { parseWorkout } from '../../training/domain/payload.ts';
import { stripEmpty } from '../../training/domain/workout-rules.ts';
import { TEMPLATE_CATEGORIES, type TemplateCategory, type TemplateContent, type TemplateDays, type TemplateWorkout } from './events.ts';
import { dayNumber, MAX_DAY } from './schedule.ts';
import { TEXT_LIMITS } from '../../kernel/limits.ts';

export const TEMPLATE_LIMITS = { name: TEXT_LIMITS.templateName, description: TEXT_LIMITS.templateDescription, workoutsPerDay: 10, workouts: 500, workoutId: 64 } as const;

export const TEMPLATE_MESSAGES = {
  nameRequired: 'Template name is required.',
  needsWorkouts: 'A template needs at least one workout.',
  badCategory: `Category must be one of ${TEMPLATE_CATEGORIES.join(', ')}.`,
  badDayKey: `Workout days must be named day-1 to day-${MAX_DAY}.`,
} as const;

const bad = (message: string): never => {
  throw new DomainError(400, message);
};

/** Fields of a template workout that belong to the builder, not to the workout. */
const BUILDER_FIELDS = new Set(['id', 'dayKey', 'isTemplate', 'targetDate', 'user_id', 'date', 'templateName']);

function parseTemplateWorkout(raw: unknown, dayKey: string, i: number): TemplateWorkout {
  const where = `workouts.${dayKey}[${i}]`;
  const w = stripEmpty(raw);
  if (typeof w !== 'object' || w === null || Array.isArray(w)) return bad(`${where} must be an object.`);
  const rec = w as Record<string, unknown>;
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rec)) if (!BUILDER_FIELDS.has(k)) rest[k] = v;
  let id = rec.id;
  if (id === undefined) id = `${dayKey}-${i + 1}`;
  if (typeof id !== 'string' || id.length > TEMPLATE_LIMITS.workoutId) bad(`${where}.id must be a string of at most ${TEMPLATE_LIMITS.workoutId} characters.`);
  try {
    // The date is the assignment's business; any real date lets the shared rules run.
    const parsed = parseWorkout({ ...rest, date: '2000-01-01' }, { requireUserId: false });
    return { id: id as string, name: parsed.content.name ?? 'Workout', notes: parsed.content.notes, exercises: parsed.content.exercises };
  } catch (e) {
    if (e instanceof DomainError) throw new DomainError(400, `${where}: ${e.message}`);
    throw e;
  }
}

export function parseTemplateDays(raw: unknown): TemplateDays {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('workouts must be an object of day-{n} lists.');
  const days: TemplateDays = {};
  const ids = new Set<string>();
  let total = 0;
  for (const [dayKey, list] of Object.entries(raw as Record<string, unknown>)) {
    if (dayNumber(dayKey) === null) bad(TEMPLATE_MESSAGES.badDayKey);
    if (!Array.isArray(list)) return bad(`workouts.${dayKey} must be an array.`);
    if (list.length > TEMPLATE_LIMITS.workoutsPerDay) bad(`workouts.${dayKey} has more than ${TEMPLATE_LIMITS.workoutsPerDay} workouts.`);
    total += list.length;
    if (total > TEMPLATE_LIMITS.workouts) bad(`A template can have at most ${TEMPLATE_LIMITS.workouts} workouts.`);
    if (list.length === 0) continue;
    days[dayKey] = list.map((w, i) => {
      const parsed = parseTemplateWorkout(w, dayKey, i);
      // Two workouts with one id could not be told apart by a re-sync.
      if (ids.has(parsed.id)) parsed.id = `${parsed.id}~${dayKey}-${i + 1}`;
      ids.add(parsed.id);
      return parsed;
    });
  }
  return days;
}

export function parseTemplate(body: { name?: unknown; description?: unknown; category?: unknown; is_public?: unknown; workouts?: unknown }): TemplateContent {
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) bad(TEMPLATE_MESSAGES.nameRequired);
  if (name.length > TEMPLATE_LIMITS.name) bad(`Template name must be at most ${TEMPLATE_LIMITS.name} characters.`);
  const description = typeof body.description === 'string' ? body.description.trim() : '';
  if (description.length > TEMPLATE_LIMITS.description) bad(`Description must be at most ${TEMPLATE_LIMITS.description} characters.`);
  const category = body.category ?? 'general';
  if (!TEMPLATE_CATEGORIES.includes(category as TemplateCategory)) bad(TEMPLATE_MESSAGES.badCategory);
  return {
    name,
    description,
    category: category as TemplateCategory,
    isPublic: body.is_public === true,
    workouts: parseTemplateDays(body.workouts ?? {}),
  };
}
