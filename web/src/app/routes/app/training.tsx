import { TrainingPage } from '../../../features/athlete/components/training-page';
import { MODE_TITLES, ModeSwitch, useWorkoutMode } from '../../../components/layouts/workout-modes';
import { PageHeader } from '../../../components/ui/page-header';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useProfileToday } from '../../../lib/profile';
import { useUser } from '../../../lib/auth';
import { InvitationsForYou } from '../../../features/clients/components/invitations-for-you';
import '../../../features/clients/components/clients.css';

/** Performance (records, charts, the metrics table) loads when that view is opened: the workouts view comes first. */
const PerformancePanel = lazy(() => import('../../../features/performance/components/performance-panel').then((m) => ({ default: m.PerformancePanel })));

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
