import type { WorkoutStatus } from '../../../../../src/training/domain/workout-rules';

export const STATUS_LABELS: Record<WorkoutStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  partial: 'Partial',
  missed: 'Missed',
};
