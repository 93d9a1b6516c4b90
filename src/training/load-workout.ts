import type { EventStore } from '../platform/eventstore/port.ts';
import { foldWorkout, workoutStream, type WorkoutState } from './domain/workout.ts';

/** A workout's current state, folded from its stream (the write side's truth; read models may lag). */
export async function loadWorkout(store: EventStore, workoutId: string): Promise<WorkoutState> {
  return foldWorkout(await store.readStream(workoutStream(workoutId)));
}
