import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/offline/network';
import { useAthleteDashboard } from '../api/dashboard';
import './dashboard.css';
import { duration, shortDate } from '../utils/dates';

/** The athlete dashboard: workouts, progress, time totals and day streaks. */
export function DashboardStats({ today }: { today: string }) {
  const dashboard = useAthleteDashboard(today);
  if (dashboard.isPending) return <Spinner label="Loading dashboard" />;
  // Gym mode: with no connection the workouts come from the phone; the dashboard waits for one.
  if (dashboard.isError && isNetworkError(dashboard.error)) return <p className="muted">The dashboard needs a connection.</p>;
  if (dashboard.isError) return <Alert variant="error">{errorMessage(dashboard.error)}</Alert>;
  const { totals, streak, progress } = dashboard.data;
  const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

  return (
    <section className="athlete-dashboard" aria-label="Dashboard">
      {/* Each stat: its term, its value and its hints, all <dt>/<dd> (a <dl> holds nothing else). */}
      <dl className="stat-grid">
        <div className="stat">
          <dt>Workouts</dt>
          <dd className="stat__value">
            {totals.completed}
            <span className="stat__of"> / {totals.workouts}</span>
          </dd>
          <dd className="stat__hint">done so far (completed or partly)</dd>
        </div>
        <div className="stat">
          <dt>Time trained</dt>
          <dd className="stat__value">{duration(totals.minutes)}</dd>
          <dd className="stat__hint">in logged workouts</dd>
        </div>
        <div className="stat">
          <dt>Day streak</dt>
          <dd className="stat__value">{days(streak.current)}</dd>
          <dd className="stat__hint">best {days(streak.best)}</dd>
          <dd className="stat__hint">{streak.definition}</dd>
        </div>
      </dl>
      <div className="progress-card">
        <h2 className="training-list__title">Progress</h2>
        <p className="muted stat__hint">Workouts done each week (weeks start Sunday)</p>
        <ol className="progress-bars" aria-label="Weekly completion">
          {progress.map((week) => (
            <li key={week.week_start} aria-label={`Week of ${shortDate(week.week_start)}: ${week.completed} of ${week.workouts} done`}>
              <span className="progress-bars__bar" aria-hidden="true">
                <span style={{ height: `${week.completion ?? 0}%` }} />
              </span>
              <span className="progress-bars__label" aria-hidden="true">
                {shortDate(week.week_start)
                  .split(' ')
                  .map((part) => (
                    <span key={part}>{part}</span>
                  ))}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
