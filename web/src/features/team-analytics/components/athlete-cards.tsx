import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { AthleteEntry, CompletionMode } from '../api/get-team-analytics';
import { useWeightUnit } from '../../../lib/weight-unit';
import { completionBand, loadIn, oneDecimal, whole } from './constants';

/** 'Individual Athletes': one card per selected athlete, completion in the chosen mode with its colour band. */
export function AthleteCards({ athletes, mode }: { athletes: AthleteEntry[]; mode: CompletionMode }) {
  const unit = useWeightUnit();
  return (
    <section aria-labelledby="team-individual" className="team-section">
      <h2 id="team-individual" className="team-section__title">
        Individual Athletes
      </h2>
      <ul className="team-athletes">
        {athletes.map((a) => {
          const rate = mode === 'reps' ? a.rep_completion_rate : a.set_completion_rate;
          const ratio = mode === 'reps' ? `${whole(a.completed_volume)}/${whole(a.prescribed_volume)} reps` : `${whole(a.completed_sets)}/${whole(a.total_sets)} sets`;
          return (
            <li key={a.athlete_id}>
              <Card role="article" aria-label={a.athlete_name}>
                <CardHeader>
                  <CardTitle as="h3">{a.athlete_name}</CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="team-athlete__facts">
                    <dt>Recent Workouts</dt>
                    <dd>{whole(a.recent_workouts)}</dd>
                    <dt>Total Reps</dt>
                    <dd>{whole(a.prescribed_volume)}</dd>
                    <dt>Total Sets</dt>
                    <dd>{whole(a.total_sets)}</dd>
                    <dt>Completed</dt>
                    <dd>{ratio}</dd>
                    <dt>Completion</dt>
                    <dd className={`team-band team-band--${completionBand(rate)}`}>{oneDecimal(rate)}%</dd>
                    <dt>Avg Intensity</dt>
                    <dd>{loadIn(a.avg_intensity, unit, { min: 1, max: 1 })}</dd>
                    <dt>Active Exercises</dt>
                    <dd>{whole(a.active_exercises)}</dd>
                  </dl>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
