import { Suspense, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useCalendarAthlete } from '../api/get-athlete';
import { TopNavActions } from '../../../components/layouts/dashboard-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useProfileToday } from '../../../lib/profile';
import { hasSettled } from '../../../lib/react-query';
import { useTopic } from '../../../lib/realtime';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { useWorkouts } from '../api/get-workouts';
import type { CalendarWorkout } from '../../../lib/calendar-workout';
import { trainingKey, type NewRecord } from '../api/types';
import { useClipboard } from '../utils/clipboard';
import { anchorForView, shiftAnchor, visibleDays, type CalendarView } from '../utils/dates';
import { useAssignments } from '../api/assignments';
import { isCalendarDate, type WeightUnit } from '@kernel';
import { loadText, useWeightUnit } from '../../../lib/weight-unit';
import { CalendarGrid } from './calendar-grid';
import { CalendarToolbar } from './calendar-toolbar';
import type { EditorTarget } from './editor/workout-editor';
import { LazyPanelsBelowCalendar, LazyWorkoutEditor } from './lazy-parts';
import { SelectionBar } from './selection-bar';
import { ToastRegion, useToasts } from './toasts';
import { useCalendarActions } from './use-calendar-actions';
import './calendar.css';
import { CommentCountsScope } from '../../../components/workout-comments/comment-badge';
import { topicOf } from '@kernel';

function recordText(r: NewRecord, unit: WeightUnit): string {
  return `New personal record: ${r.exercise_name} ${loadText(r.best_weight, unit)}${r.rep_range > 0 ? ` × ${r.rep_range}` : ''}`;
}

/** One athlete's training calendar (coach-core §2 Calendar) with the analytics below it. */
/** On a phone a month's cells are too narrow to read: the week (a list of days) comes first. */
const PHONE_QUERY = '(max-width: 760px)';
const defaultView = (): CalendarView => (typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches ? 'week' : 'month');

type CalendarPageProps = { clientId: string; title?: string; headerActions?: ReactNode };

export function CalendarPage(props: CalendarPageProps) {
  // Today in the coach's profile zone (Settings), never the browser's: it picks the opening month and the highlighted day.
  const today = useProfileToday();
  if (!today) return <Spinner label="Loading calendar" />;
  return <CalendarFor today={today} {...props} />;
}

function CalendarFor({ today, clientId, title = 'Workout Calendar', headerActions }: CalendarPageProps & { today: string }) {
  // `?date=&highlight=assigned` (after assigning a program): open on that date and mark the new workouts.
  const [search] = useSearchParams();
  const dateParam = search.get('date');
  const highlightAssigned = search.get('highlight') === 'assigned';
  const [view, setView] = useState<CalendarView>(defaultView);
  const [anchor, setAnchor] = useState(dateParam && isCalendarDate(dateParam) ? dateParam : today);
  const athlete = useCalendarAthlete(clientId);
  const athleteName = athlete.data?.name;
  const assignments = useAssignments(clientId);
  const { templateNames, highlighted } = useMemo(() => {
    const names = new Map<string, string>();
    const list = assignments.data?.data ?? [];
    for (const a of list) for (const w of a.workouts) names.set(w.workout_id, a.template_name);
    const newest = highlightAssigned ? list.find((a) => a.status !== 'unassigned' && a.start_date === dateParam) : undefined;
    return { templateNames: names, highlighted: new Set(newest?.workouts.map((w) => w.workout_id) ?? []) };
  }, [assignments.data, highlightAssigned, dateParam]);
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const [selection, setSelection] = useState<Map<string, CalendarWorkout>>(new Map());
  const { toasts, show } = useToasts();
  const clipboard = useClipboard();

  const days = visibleDays(view, anchor);
  const workouts = useWorkouts(clientId, { from: days[0], to: days[days.length - 1], today });
  // Empty days while the first answer is on its way would read as "nothing planned", and
  // would grow under the reader when it came. Later ranges keep the previous days until theirs arrive.
  // The days are drawn in a deferred render, which React splits into slices (a phone stays responsive).
  const firstLoad = useDeferredValue(!hasSettled(workouts) && clientId !== '');
  // The panels below the month, and the editor's code, come once the month has been drawn.
  const monthDrawn = useAfterPaint(!firstLoad);
  // Whatever changes this athlete's training (the athlete logging, another coach tab) refreshes the calendar.
  useTopic(clientId ? topicOf.athlete(clientId) : null, [trainingKey(clientId), ['workout']]);

  const clearSelection = () => setSelection(new Map());
  const actions = useCalendarActions(clientId, clipboard, show, clearSelection);
  const selected = [...selection.values()];

  const toggleSelect = (workout: CalendarWorkout) =>
    setSelection((current) => {
      const next = new Map(current);
      if (next.has(workout.id)) next.delete(workout.id);
      else next.set(workout.id, workout);
      return next;
    });

  const unit = useWeightUnit();
  const onSaved = ({ newRecords }: { newRecords: NewRecord[] }) => {
    setEditor(null);
    show('Workout saved.', { variant: 'success' });
    for (const record of newRecords) show(recordText(record, unit), { variant: 'success', durationMs: 6000 });
  };

  // The header names the athlete, and a longer title wraps to more lines on a phone: the
  // page shows once the name is known, so nothing below the header moves when it arrives.
  if (clientId !== '' && athlete.isPending) return <Spinner label="Loading the calendar" />;

  return (
    <div className="calendar-page">
      <TopNavActions>
        {selection.size > 0 && (
          <Button variant="destructive" size="sm" onClick={() => actions.deleteWorkouts(selected)} disabled={actions.busy}>
            Delete
          </Button>
        )}
        {actions.undoRecord && (
          <Button variant="outline" size="sm" onClick={actions.undoDelete} disabled={actions.busy} title="Restore the workouts you deleted">
            Undo
          </Button>
        )}
      </TopNavActions>

      <nav aria-label="Breadcrumb" className="calendar-breadcrumb">
        <Link to={paths.app.clients.getHref()}>← Back to Clients</Link>
      </nav>
      <PageHeader
        title={athleteName ? `${athleteName} · ${title}` : title}
        description={
          athleteName
            ? `Plan ${athleteName}'s workouts, follow what they log, and review the training load.`
            : 'Plan workouts, follow what the athlete logs, and review the training load.'
        }
        actions={headerActions}
      />

      <section aria-label="Calendar" className="calendar-card">
        <CalendarToolbar
          view={view}
          anchor={anchor}
          onView={(next) => {
            setAnchor((a) => anchorForView(view, a, today));
            setView(next);
          }}
          onShift={(direction) => setAnchor((a) => shiftAnchor(view, a, direction))}
          onToday={() => setAnchor(today)}
        />
        {workouts.isError && <Alert variant="error">{errorMessage(workouts.error)}</Alert>}
        {firstLoad ? (
          <Spinner label="Loading workouts" />
        ) : (
          <CommentCountsScope athleteId={clientId} from={days[0]} to={days[days.length - 1]} aria-busy={workouts.isFetching || undefined}>
            <CalendarGrid
              view={view}
              anchor={anchor}
              today={today}
              workouts={workouts.data?.workouts ?? []}
              selected={new Set(selection.keys())}
              canPaste={clipboard !== null}
              onAdd={(date) => setEditor({ workoutId: null, date })}
              onPaste={actions.paste}
              onOpen={(w) => setEditor({ workoutId: w.id, date: w.date })}
              onCopy={(w) => actions.copy([w])}
              onToggleSelect={toggleSelect}
              onDelete={(w) => actions.deleteWorkouts([w])}
              onMove={actions.moveTo}
              templateNames={templateNames}
              highlighted={highlighted}
            />
          </CommentCountsScope>
        )}
      </section>

      {/* Below the calendar, once it has its days: shown earlier they would be pushed down under the reader. */}
      {monthDrawn && (
        <Suspense fallback={null}>
          <LazyPanelsBelowCalendar clientId={clientId} today={today} athleteName={athleteName} />
        </Suspense>
      )}

      {selection.size > 0 && (
        <SelectionBar
          dates={selected.map((w) => w.date)}
          busy={actions.busy}
          onClear={clearSelection}
          onCopy={() => actions.copy(selected)}
          onCut={() => actions.cut(selected)}
          onDelete={() => actions.deleteWorkouts(selected)}
        />
      )}

      {/* Its code loads with the month (a day is opened from there), and it stays mounted
          afterwards, so closing it can hand focus back. */}
      {(monthDrawn || editor !== null) && (
        <Suspense fallback={null}>
          <LazyWorkoutEditor
            target={editor}
            clientId={clientId}
            onClose={() => setEditor(null)}
            onSaved={onSaved}
            templateName={editor?.workoutId ? templateNames.get(editor.workoutId) : undefined}
          />
        </Suspense>
      )}
      <ToastRegion toasts={toasts} />
    </div>
  );
}
