import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { CalendarPage } from '../../../features/calendar/components/calendar-page';
import { PerformancePanel } from '../../../features/performance/components/performance-panel';
import { MODE_TITLES, ModeSwitch, useWorkoutMode } from '../../../components/layouts/workout-modes';
import { PageHeader } from '../../../components/ui/page-header';

const localToday = () => new Date().toLocaleDateString('en-CA');

/** The athlete workout page (spec §2): Workouts (the calendar) or Performance (analytics). */
export function Component() {
  const { clientId = '' } = useParams();
  const [mode, setMode] = useWorkoutMode();
  const today = useMemo(localToday, []);
  const modeSwitch = <ModeSwitch mode={mode} onChange={setMode} />;
  return (
    <>
      <title>{`${MODE_TITLES[mode]} · Spotter`}</title>
      {mode === 'workouts' ? (
        <CalendarPage clientId={clientId} title={MODE_TITLES.workouts} headerActions={modeSwitch} />
      ) : (
        <>
          <PageHeader title={MODE_TITLES.performance} description="Records, scores and progression from workouts and logged entries." actions={modeSwitch} />
          <PerformancePanel athleteId={clientId} today={today} />
        </>
      )}
    </>
  );
}
