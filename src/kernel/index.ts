/**
 * The pure code the dashboard shares with the server, reached from web/ as `@kernel`
 * (the only server path the web may import; ESLint enforces it). Each line names what
 * the web uses, so the bundle takes nothing with I/O.
 */
export {
  WEIGHT_UNITS,
  KG_PER_LB,
  PLATE_STEP,
  convertLoad,
  defaultWeightUnit,
  displayLoad,
  formatLoad,
  fromLbs,
  isWeightUnit,
  maxLoadIn,
  roundToPlates,
  toLbs,
  type WeightUnit,
} from './units.ts';
export { firstGraphemes, initialOf, initialsOf } from './initials.ts';
export { MESSAGE_SEARCH_LIMIT, TEXT_LIMITS } from './limits.ts';
export { SET_LIMITS } from '../training/domain/limits.ts';
export { topicOf, topicId, TOPIC_KINDS, type Topic, type TopicKind } from './topics.ts';
export { parseYouTubeId, youTubeEmbedUrl } from '../library/domain/youtube.ts';
export { UNIT_OF, exerciseType, type ExerciseType } from '../performance/domain/exercise-type.ts';
export { categoryOf } from '../performance/domain/scores.ts';
export { PERFORMANCE_TEXTS, dateError, repsError, valueError } from '../performance/domain/validation.ts';
export { TEMPLATE_CATEGORIES, type TemplateCategory, type TemplateDays } from '../templates/domain/events.ts';
export { DAYS_PER_WEEK, DURATION_WEEKS, MAX_WEEKS, dayNumber, endDate, highestDay, schedulePreview, workoutCount } from '../templates/domain/schedule.ts';
export { EXERCISE_INTENTS, INTENT_PROFILES, guessIntent, isTimeBased, nextHeading, type ExerciseIntent } from '../training/domain/intents.ts';
export {
  METRIC_GROUPS,
  METRIC_LABELS,
  SET_TYPES,
  SET_TYPE_FIELDS,
  SET_TYPE_LABELS,
  STATUS_LABELS,
  addDays,
  bulkGenerate,
  daysBetween,
  isCalendarDate,
  linkSuperset,
  pasteOffsets,
  placeAt,
  stripEmpty,
  unlinkSuperset,
  workoutMetrics,
  type MetricKey,
  type SetActual,
  type SetField,
  type SetType,
  type Workout,
  type WorkoutExercise,
  type WorkoutMetrics,
  type WorkoutSet,
  type WorkoutStatus,
} from '../training/domain/workout-rules.ts';
export { CHART_MAX_REPS, RIR_MAX, RPE_MAX, RPE_MIN, isChartRpe, percentOfOneRm, rpeOfRir, type LoadSuggestion } from './load-suggestion.ts';
