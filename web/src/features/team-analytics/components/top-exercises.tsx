import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { ExerciseRanking } from '../api/get-team-analytics';
import { useWeightUnit } from '../../../lib/weight-unit';
import { LISTED_EXERCISES, loadIn } from './constants';

/** 'Top Team Exercises': the top 5 by team volume with the top performer (or N/A). */
export function TopExercises({ rankings }: { rankings: ExerciseRanking[] }) {
  const unit = useWeightUnit();
  return (
    <Card role="region" aria-label="Top Team Exercises">
      <CardHeader>
        <CardTitle>Top Team Exercises</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="team-top">
          {rankings.slice(0, LISTED_EXERCISES).map((r) => (
            <li key={r.exercise_name} className="team-top__item">
              <span className="team-top__name">{r.exercise_name}</span>
              <span className="team-top__volume">{loadIn(r.total_team_volume, unit)}</span>
              <span className="team-top__performer">Top: {r.top_performers[0]?.athlete_name ?? 'N/A'}</span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
