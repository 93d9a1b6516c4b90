import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { CompletionMode, TeamSummary } from '../api/get-team-analytics';
import { useWeightUnit } from '../../../lib/weight-unit';
import { completionBand, loadIn, oneDecimal, whole } from './constants';

function Stat({ label, value, detail, band }: { label: string; value: string; detail?: string; band?: string }) {
  return (
    // A named group around its own term and description: a <dl> may hold only <dt>/<dd> (or plain <div>) groups.
    <div className={`team-stat${band ? ` team-stat--${band}` : ''}`} role="group" aria-label={label}>
      <dl className="team-stat__pair">
        <dt className="team-stat__label">{label}</dt>
        <dd className="team-stat__value">{value}</dd>
        {detail && <dd className="team-stat__detail">{detail}</dd>}
      </dl>
    </div>
  );
}

const trendText = (trend: number | null, rangeLabel: string) =>
  trend === null ? `Trend: — (no earlier ${rangeLabel})` : `Trend: ${trend > 0 ? '+' : ''}${oneDecimal(trend)} pts vs previous ${rangeLabel}`;

/** Team Summary (spec: two rows). Completion in the chosen mode carries the trend against the previous period. */
export function TeamSummaryCard({ summary, mode, rangeLabel }: { summary: TeamSummary; mode: CompletionMode; rangeLabel: string }) {
  const count = summary.athlete_count;
  const unit = useWeightUnit();
  const perAthlete = count > 0 ? summary.total_sets / count : 0;
  return (
    <Card className="team-summary" aria-label="Team Summary" role="region">
      <CardHeader>
        <CardTitle>
          Team Summary ({count} {count === 1 ? 'athlete' : 'athletes'})
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div className="team-summary__row">
          <Stat label="Total Volume (Reps)" value={whole(summary.prescribed_volume)} />
          <Stat label="Completed Volume" value={whole(summary.completed_volume)} />
          <Stat
            label="Rep Completion"
            value={`${oneDecimal(summary.rep_completion_rate)}%`}
            detail={`${whole(summary.completed_volume)}/${whole(summary.prescribed_volume)} reps`}
            band={completionBand(summary.rep_completion_rate)}
          />
          <Stat label="Avg Team Intensity" value={loadIn(summary.avg_team_intensity, unit, { min: 1, max: 1 })} />
          <Stat label="Most Active" value={summary.most_active_athlete ?? 'N/A'} />
        </div>
        <div className="team-summary__row">
          <Stat label="Total Sets" value={whole(summary.total_sets)} />
          <Stat label="Completed Sets" value={whole(summary.completed_sets)} />
          <Stat
            label="Set Completion"
            value={`${oneDecimal(summary.set_completion_rate)}%`}
            detail={`${whole(summary.completed_sets)}/${whole(summary.total_sets)} sets`}
            band={completionBand(summary.set_completion_rate)}
          />
          <Stat label="Avg Sets/Athlete" value={oneDecimal(perAthlete)} />
          <Stat label="Active Athletes" value={whole(summary.active_athletes)} />
        </div>
        <p className="team-summary__trend" aria-label="Team Trend">
          {mode === 'reps' ? 'Rep' : 'Set'} completion {oneDecimal(mode === 'reps' ? summary.rep_completion_rate : summary.set_completion_rate)}% ·{' '}
          {trendText(summary.team_trend, rangeLabel)}
        </p>
      </CardContent>
    </Card>
  );
}
