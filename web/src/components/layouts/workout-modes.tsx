import { useSearchParams } from 'react-router-dom';
import { Button } from '../ui/button';

export type WorkoutMode = 'workouts' | 'performance';

/** Spec §2: the athlete workout page's title follows its mode. */
export const MODE_TITLES: Record<WorkoutMode, string> = { workouts: 'Workout Calendar', performance: 'Performance Analytics' };

/** The mode lives in the address (`?mode=performance`), so a link or reload keeps it. */
export function useWorkoutMode(): [WorkoutMode, (mode: WorkoutMode) => void] {
  const [params, setParams] = useSearchParams();
  const mode: WorkoutMode = params.get('mode') === 'performance' ? 'performance' : 'workouts';
  const set = (next: WorkoutMode) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next === 'performance') copy.set('mode', 'performance');
        else copy.delete('mode');
        return copy;
      },
      { replace: true },
    );
  return [mode, set];
}

/** Workouts / Performance toggle of the athlete workout page. */
export function ModeSwitch({ mode, onChange }: { mode: WorkoutMode; onChange: (mode: WorkoutMode) => void }) {
  return (
    <div role="group" aria-label="Page mode" className="mode-switch" style={{ display: 'inline-flex', gap: '0.25rem' }}>
      <Button size="sm" variant={mode === 'workouts' ? 'primary' : 'outline'} aria-pressed={mode === 'workouts'} onClick={() => onChange('workouts')}>
        Workouts
      </Button>
      <Button size="sm" variant={mode === 'performance' ? 'primary' : 'outline'} aria-pressed={mode === 'performance'} onClick={() => onChange('performance')}>
        Performance
      </Button>
    </div>
  );
}
