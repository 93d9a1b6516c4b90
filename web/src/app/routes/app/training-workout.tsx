import { useParams } from 'react-router-dom';
import { WorkoutLogger } from '../../../features/athlete/components/workout-logger';

export function Component() {
  const { workoutId = '' } = useParams();
  return (
    <>
      <title>Log Workout · Spotter</title>
      <WorkoutLogger key={workoutId} workoutId={workoutId} />
    </>
  );
}
