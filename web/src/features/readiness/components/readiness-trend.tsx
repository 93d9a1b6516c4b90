import { topicOf } from '@kernel';
import { useTopic } from '../../../lib/realtime';
import { readinessKey, useAthleteReadiness, type ReadinessStatus } from '../api/readiness';
import './readiness.css';

const WIDTH = 280;
const HEIGHT = 56;
const DAYS = 28;

const dayIndex = (from: string, date: string) => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** "3.25 (3 check-ins)" or "–". */
export const averageText = (value: number | null) => (value === null ? '–' : value.toFixed(2));

export function StatusFlag({ status }: { status: ReadinessStatus }) {
  if (status.belowBaseline) return <span className="readiness-flag readiness-flag--low">Below baseline</span>;
  if (status.baseline === null) return <span className="readiness-flag">No baseline yet</span>;
  return <span className="readiness-flag readiness-flag--ok">Normal</span>;
}

/** One athlete's readiness over the last 28 days (a sparkline of the daily score, 1–5) with the 3-day average and baseline. */
export function ReadinessTrend({ athleteId }: { athleteId: string }) {
  const readiness = useAthleteReadiness(athleteId);
  useTopic(topicOf.athlete(athleteId), [readinessKey]);
  if (readiness.isPending || readiness.isError) return null;
  const { trend, status, today } = readiness.data;
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const x = (date: string) => (dayIndex(from, date) / (DAYS - 1)) * (WIDTH - 8) + 4;
  const y = (score: number) => HEIGHT - 4 - ((score - 1) / 4) * (HEIGHT - 8);
  const points = trend.map((p) => `${x(p.date).toFixed(1)},${y(p.score).toFixed(1)}`).join(' ');
  const description = trend.length
    ? `Daily readiness, 1 to 5, over the last ${DAYS} days: ${trend.map((p) => `${p.date} ${p.score}`).join(', ')}`
    : `No check-ins in the last ${DAYS} days`;
  return (
    <section className="readiness-trend" aria-labelledby="readiness-trend-title">
      <h2 id="readiness-trend-title" className="readiness-trend__title">
        Readiness
      </h2>
      <dl className="readiness-trend__figures">
        <div>
          <dt>3-day average</dt>
          <dd>{averageText(status.recentAverage)}</dd>
        </div>
        <div>
          <dt>Baseline</dt>
          <dd>{averageText(status.baseline)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusFlag status={status} />
          </dd>
        </div>
      </dl>
      <svg className="readiness-trend__chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={description}>
        {status.baseline !== null && <line className="readiness-trend__baseline" x1={0} x2={WIDTH} y1={y(status.baseline)} y2={y(status.baseline)} />}
        {trend.length > 1 && <polyline className="readiness-trend__line" points={points} />}
        {trend.map((p) => (
          <circle key={p.date} className="readiness-trend__dot" cx={x(p.date)} cy={y(p.score)} r={2.5} />
        ))}
      </svg>
    </section>
  );
}
