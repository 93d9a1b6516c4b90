import { TrainingPage } from '../../../features/athlete/components/training-page';
import { MODE_TITLES, ModeSwitch, useWorkoutMode } from '../../../components/layouts/workout-modes';
import { PageHeader } from '../../../components/ui/page-header';
import { Suspense } from 'react';
import { LazyPerformancePanel as PerformancePanel } from '../../../features/performance/components/lazy-performance-panel';
import { Spinner } from '../../../components/ui/spinner';
import { useProfileToday } from '../../../lib/profile';
import { useUser } from '../../../lib/auth';
import { InvitationsForYou } from '../../../features/clients/components/invitations-for-you';
import '../../../features/clients/components/clients.css';

/** The athlete's own training area: their workouts, or their performance analytics. */
export function Component() {
  const user = useUser();
  const [mode, setMode] = useWorkoutMode();
  // The viewer's today in their profile zone; the panel notes when the athlete's differs.
  const today = useProfileToday();
  const modeSwitch = <ModeSwitch mode={mode} onChange={setMode} />;
  return (
    <>
      <title>{`${mode === 'workouts' ? 'My Training' : MODE_TITLES.performance} · Spotter`}</title>
      {mode === 'workouts' ? (
        <>
          {/* An athlete-only account has no Clients page: a new coach's invitation shows here. */}
          {!user.isCoach && <InvitationsForYou />}
          <TrainingPage headerActions={modeSwitch} />
        </>
      ) : (
        <>
          <PageHeader title={MODE_TITLES.performance} description="Your records, scores and progression." actions={modeSwitch} />
          <Suspense fallback={<Spinner label="Loading performance" />}>
            {today ? <PerformancePanel athleteId={user.id} today={today} /> : <Spinner label="Loading performance" />}
          </Suspense>
        </>
      )}
    </>
  );
}
