import { useDeferredValue, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { NothingSavedError } from '../../../lib/offline/network';
import { useUser } from '../../../lib/auth';
import { useProfileToday } from '../../../lib/profile';
import { hasSettled } from '../../../lib/react-query';
import { useTopic } from '../../../lib/realtime';
import { athleteDashboardQuery } from '../api/dashboard';
import { useMyCoaches } from '../api/my-coaches';
import { useMyReadiness } from '../api/readiness';
import { myTrainingKey, useMyWorkouts } from '../api/my-workouts';
import { useWithQueued } from '../api/queued-actuals';
import { addDays } from '../utils/dates';
import { DashboardStats } from './dashboard-stats';
import { WorkoutList } from './workout-list';
import { CoachedBy } from './coached-by';
import { ReadinessCheckIn } from './readiness-check-in';
import { OfflineNotice, SyncStatus } from './sync-status';
import './athlete.css';
import { topicOf } from '@kernel';

const RECENT_DAYS = 14;
const UPCOMING_DAYS = 28;

/** My Training: today's, upcoming and recent workouts, and the dashboard. */
export function TrainingPage({ title = 'My Training', headerActions }: { title?: string; headerActions?: ReactNode } = {}) {
  // Today in the athlete's profile zone (Settings), never the browser's: the lists wait for
  // it. The header does not, so a phone shows the page's heading before any answer is in.
  const today = useProfileToday();
  // Answers update the page in one blocking render; drawing the whole first screen is
  // left to a deferred one, which React splits into slices a phone's taps can come between.
  const showFirstScreen = useDeferredValue(useFirstScreenReady(today));
  return (
    <div className="training-page">
      <PageHeader title={title} description="Log what you lift, set by set. Your coach sees it as you go." actions={headerActions} />
      {today && showFirstScreen ? <TrainingLists today={today} /> : <Spinner label="Loading workouts" />}
    </div>
  );
}

/**
 * The first screen (who coaches you, the check-in, the dashboard) shows at once when
 * all of its answers are in: shown one by one, each would push the others down under
 * the reader.
 */
function useFirstScreenReady(today: string | undefined): boolean {
  const user = useUser();
  const coaches = useMyCoaches();
  const readiness = useMyReadiness(user.id);
  const dashboard = useQuery({ ...athleteDashboardQuery(today ?? ''), enabled: today !== undefined });
  return today !== undefined && hasSettled(coaches) && hasSettled(readiness) && hasSettled(dashboard);
}

function TrainingLists({ today }: { today: string }) {
  const user = useUser();
  const range = { from: addDays(today, -RECENT_DAYS), to: addDays(today, UPCOMING_DAYS) };
  const workouts = useMyWorkouts(range, today);
  // The coach planning or editing, or this athlete logging in another tab.
  useTopic(topicOf.athlete(user.id), [myTrainingKey]);

  const list = useWithQueued(workouts.data?.workouts, workouts.data?.requestedAt ?? 0) ?? [];
  const todays = list.filter((w) => w.date === today);
  const upcoming = list.filter((w) => w.date > today);
  const recent = list.filter((w) => w.date < today).reverse();

  return (
    <>
      <CoachedBy />
      <SyncStatus />
      {workouts.data?.offline && <OfflineNotice savedAt={workouts.data.savedAt} />}
      <ReadinessCheckIn athleteId={user.id} />
      <DashboardStats today={today} />
      {workouts.isError && <Alert variant="error">{workouts.error instanceof NothingSavedError ? workouts.error.message : errorMessage(workouts.error)}</Alert>}
      {workouts.isPending ? (
        <Spinner label="Loading workouts" />
      ) : (
        <div className="training-lists">
          <WorkoutList title="Today" workouts={todays} empty="No workout today. Rest well." />
          <WorkoutList title="Upcoming" workouts={upcoming} empty={`Nothing planned in the next ${UPCOMING_DAYS} days.`} />
          <WorkoutList title="Recent" workouts={recent} empty={`No workouts in the last ${RECENT_DAYS} days.`} />
        </div>
      )}
    </>
  );
}
