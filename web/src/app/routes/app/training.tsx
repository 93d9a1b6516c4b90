import { useMemo } from 'react';
import { TrainingPage } from '../../../features/athlete/components/training-page';
import { PerformancePanel } from '../../../features/performance/components/performance-panel';
import { MODE_TITLES, ModeSwitch, useWorkoutMode } from '../../../components/layouts/workout-modes';
import { PageHeader } from '../../../components/ui/page-header';
import { useUser } from '../../../lib/auth';

const localToday = () => new Date().toLocaleDateString('en-CA');

/** The athlete's own training area: their workouts, or their performance analytics. */
export function Component() {
  const user = useUser();
  const [mode, setMode] = useWorkoutMode();
  const today = useMemo(localToday, []);
  const modeSwitch = <ModeSwitch mode={mode} onChange={setMode} />;
  return (
    <>
      <title>{`${mode === 'workouts' ? 'My Training' : MODE_TITLES.performance} · Spotter`}</title>
      {mode === 'workouts' ? (
        <TrainingPage headerActions={modeSwitch} />
      ) : (
        <>
          <PageHeader title={MODE_TITLES.performance} description="Your records, scores and progression." actions={modeSwitch} />
          <PerformancePanel athleteId={user.id} today={today} />
        </>
      )}
    </>
  );
}
