import { useParams } from 'react-router-dom';
import { CalendarPage } from '../../../features/calendar/components/calendar-page';
import { ReadinessTrend } from '../../../features/readiness/components/readiness-trend';
import { MODE_TITLES, ModeSwitch, useWorkoutMode } from '../../../components/layouts/workout-modes';
import { PageHeader } from '../../../components/ui/page-header';
import { Suspense } from 'react';
import { LazyPerformancePanel as PerformancePanel } from '../../../features/performance/components/lazy-performance-panel';
import { Spinner } from '../../../components/ui/spinner';
import { useProfileToday } from '../../../lib/profile';

/** The athlete workout page (spec §2): Workouts (the calendar) or Performance (analytics). */
export function Component() {
  const { clientId = '' } = useParams();
  const [mode, setMode] = useWorkoutMode();
  // The viewer's today in their profile zone; the panel notes when the athlete's differs.
  const today = useProfileToday();
  const modeSwitch = <ModeSwitch mode={mode} onChange={setMode} />;
  return (
    <>
      <title>{`${MODE_TITLES[mode]} · Spotter`}</title>
      {mode === 'workouts' ? (
        <CalendarPage clientId={clientId} title={MODE_TITLES.workouts} headerActions={modeSwitch} />
      ) : (
        <>
          <PageHeader title={MODE_TITLES.performance} description="Records, scores and progression from workouts and logged entries." actions={modeSwitch} />
          <ReadinessTrend athleteId={clientId} />
          <Suspense fallback={<Spinner label="Loading performance" />}>
            {today ? <PerformancePanel athleteId={clientId} today={today} /> : <Spinner label="Loading performance" />}
          </Suspense>
        </>
      )}
    </>
  );
}
