import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useTeamReadiness } from '../api/readiness';
import { averageText, StatusFlag } from './readiness-trend';
import './readiness.css';

/** The team's readiness (issue 27): every athlete's 3-day average against their own baseline, flagged ones first. */
export function TeamReadiness() {
  const team = useTeamReadiness();
  return (
    <section className="team-readiness" aria-labelledby="team-readiness-title">
      <h2 id="team-readiness-title" className="team-readiness__title">
        Team readiness
      </h2>
      <p className="muted team-readiness__hint">Flagged when the last 3 days average at least 0.75 below the athlete’s own 28-day baseline (scores 1–5, 5 best).</p>
      {team.isPending && <Spinner label="Loading team readiness" />}
      {team.isError && <Alert variant="error">{errorMessage(team.error)}</Alert>}
      {team.data && team.data.athletes.length === 0 && <p className="muted">No athletes yet.</p>}
      {team.data && team.data.athletes.length > 0 && (
        // Focusable, so a keyboard user can scroll the table sideways on a phone.
        <div className="team-readiness__scroll" tabIndex={0} role="region" aria-label="Team readiness table">
          <table className="team-readiness__table">
            <thead>
              <tr>
                <th scope="col">Athlete</th>
                <th scope="col">3-day average</th>
                <th scope="col">Baseline</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {team.data.athletes.map((a) => (
                <tr key={a.athlete_id} className={a.belowBaseline ? 'team-readiness__row--low' : undefined}>
                  <th scope="row">{a.name}</th>
                  <td>{averageText(a.recentAverage)}</td>
                  <td>{averageText(a.baseline)}</td>
                  <td>
                    <StatusFlag status={a} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
