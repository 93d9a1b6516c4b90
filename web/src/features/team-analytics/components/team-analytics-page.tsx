import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { fromLbs } from '@kernel';
import { useUser } from '../../../lib/auth';
import { useWeightUnit } from '../../../lib/weight-unit';
import { TEAM_RANGES, useTeamAnalytics, type CompletionMode, type TeamRange } from '../api/get-team-analytics';
import { useTeam } from '../api/get-team';
import { AthleteCards } from './athlete-cards';
import { AthletePicker, type PickerAthlete } from './athlete-picker';
import { GroupFilter } from './group-filter';
import { DownloadTeamCsv } from './download-team-csv';
import { PRESELECTED_ATHLETES, SELECTABLE_EXERCISES } from './constants';
import { TeamSummaryCard } from './team-summary';
import { TopExercises } from './top-exercises';
import { useLiveTeam } from './use-live-team';
import './team-analytics.css';

const VolumeComparisonChart = lazy(() => import('./volume-comparison-chart'));

const toggled = <T,>(set: ReadonlySet<T>, value: T): Set<T> => {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
};

/** Team analytics (spec performance-messaging-templates §2): only for coaches with athletes. */
export function TeamAnalyticsPage() {
  const user = useUser();
  const team = useTeam();

  if (team.isPending) {
    return (
      <div className="team-page team-page--centered" role="status">
        <Spinner /> Loading team analytics...
      </div>
    );
  }
  if (team.isError) {
    return (
      <Card className="team-page team-error" role="alert">
        <CardHeader>
          <CardTitle>Error</CardTitle>
        </CardHeader>
        <CardContent>
          <p>Error checking coach status</p>
          <Button onClick={() => window.location.reload()}>Retry</Button>
        </CardContent>
      </Card>
    );
  }
  // Most recently active first (the server's order): the preselection takes the top.
  const athletes: PickerAthlete[] = team.data.athletes.map((a) => ({ id: a.id, name: a.name }));
  if (athletes.length === 0) {
    return (
      <div className="team-page team-empty">
        <p className="team-empty__title">This feature is only available for coaches with athletes.</p>
        <p>Connect with athletes to access team volume analytics and performance insights.</p>
      </div>
    );
  }
  return <TeamPanel coachId={user.id} athletes={athletes} />;
}

function TeamPanel({ coachId, athletes }: { coachId: string; athletes: PickerAthlete[] }) {
  const [range, setRange] = useState<TeamRange>('30d');
  const unit = useWeightUnit();
  const [mode, setMode] = useState<CompletionMode>('reps');
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const [exercises, setExercises] = useState<ReadonlySet<string>>(new Set());

  // Everyone preselected, up to PRESELECTED_ATHLETES (the most recently active);
  // athletes who left the team leave the selection.
  const known = useMemo(() => new Set(athletes.map((a) => a.id)), [athletes]);
  const selected = useMemo(
    () => (picked ? new Set([...picked].filter((id) => known.has(id))) : new Set(athletes.slice(0, PRESELECTED_ATHLETES).map((a) => a.id))),
    [picked, known, athletes],
  );
  const byName = useMemo(() => [...athletes].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)), [athletes]);
  const selectedIds = useMemo(() => byName.filter((a) => selected.has(a.id)).map((a) => a.id), [byName, selected]);

  const everyone = selectedIds.length === athletes.length;
  const analytics = useTeamAnalytics(range, everyone ? null : selectedIds, selectedIds.length > 0);
  useLiveTeam(coachId, selectedIds);
  useEffect(() => {
    // Spec: an analytics load failure is only logged; the loading flags clear.
    if (analytics.error) console.error('Failed to load team analytics', analytics.error);
  }, [analytics.error]);

  const data = selectedIds.length > 0 ? analytics.data : undefined;
  const topExercises = (data?.exercise_rankings ?? []).slice(0, SELECTABLE_EXERCISES);
  const chartExercises = topExercises.filter((r) => exercises.has(r.exercise_name));
  const rangeLabel = TEAM_RANGES.find((r) => r.id === range)!.label;
  const names = new Map(athletes.map((a) => [a.id, a.name]));
  // Where each athlete's volume is in a ranking's athlete_volumes (the answer's athlete order).
  const placeInAnswer = new Map((data?.athletes ?? []).map((a, i) => [a.athlete_id, i]));
  // The chart's volumes in the reader's unit (the server's are pounds).
  const series = selectedIds.map((id) => ({
    name: names.get(id) ?? id,
    data: chartExercises.map((r) => fromLbs(r.athlete_volumes?.[placeInAnswer.get(id) ?? -1] ?? 0, unit)),
  }));

  return (
    <div className="team-page">
      <h1 className="team-page__title">Team Analytics</h1>
      <div className="team-panel" role="toolbar" aria-label="Team analytics controls">
        <Button variant="outline" disabled={analytics.isFetching} onClick={() => void analytics.refetch()}>
          Refresh
        </Button>
        <div className="team-toggle" role="group" aria-label="Time range">
          {TEAM_RANGES.map((r) => (
            <button key={r.id} type="button" aria-pressed={range === r.id} onClick={() => setRange(r.id)}>
              {r.label}
            </button>
          ))}
        </div>
        <div className="team-toggle" role="group" aria-label="Completion tracking">
          <button type="button" aria-pressed={mode === 'reps'} onClick={() => setMode('reps')}>
            Rep Completion
          </button>
          <button type="button" aria-pressed={mode === 'sets'} onClick={() => setMode('sets')}>
            Set Completion
          </button>
        </div>
        <AthletePicker athletes={byName} selected={selected} onToggle={(id) => setPicked(toggled(selected, id))} />
        <GroupFilter onChoose={(ids) => setPicked(ids && new Set(ids))} />
        <DownloadTeamCsv range={range} mode={mode} athleteIds={everyone ? null : selectedIds} disabled={selectedIds.length === 0} />
      </div>

      {analytics.isLoading && (
        <p role="status" className="team-page__loading">
          <Spinner /> Loading team analytics...
        </p>
      )}

      {data && (
        <>
          <TeamSummaryCard summary={data.team_summary} mode={mode} rangeLabel={rangeLabel} />

          <div className="team-chips" role="group" aria-label="Exercises for the chart">
            {topExercises.map((r) => (
              <button
                key={r.exercise_name}
                type="button"
                className="team-chip"
                aria-pressed={exercises.has(r.exercise_name)}
                onClick={() => setExercises(toggled(exercises, r.exercise_name))}
              >
                {r.exercise_name}
              </button>
            ))}
          </div>

          {selectedIds.length > 0 && chartExercises.length > 0 && (
            <Card role="region" aria-label="Team Volume Comparison">
              <CardHeader>
                <CardTitle>Team Volume Comparison</CardTitle>
              </CardHeader>
              <CardContent>
                <Suspense fallback={<Spinner />}>
                  <VolumeComparisonChart exercises={chartExercises.map((r) => r.exercise_name)} series={series} />
                </Suspense>
              </CardContent>
            </Card>
          )}

          <AthleteCards athletes={data.athletes} mode={mode} />
          <TopExercises rankings={data.exercise_rankings} />
        </>
      )}
    </div>
  );
}
