import type { WorkoutStatus } from '@shared';

export const STATUS_LABELS: Record<WorkoutStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  partial: 'Partial',
  missed: 'Missed',
};
