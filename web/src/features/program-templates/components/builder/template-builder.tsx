import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import {
  allWorkouts,
  dayCells,
  dayKeysOfWeek,
  moveWorkout,
  pasteWorkouts,
  removeWorkouts,
  restoreWorkouts,
  type DraftWorkout,
  type TemplateDraft,
} from '../../utils/template-draft';
import { SidePanels } from './side-panels';
import { TemplateDay } from './template-day';
import { TemplateWorkoutCard } from './template-workout-card';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

type Props = {
  draft: TemplateDraft;
  weeks: number;
  onChange: (next: TemplateDraft) => void;
  onEdit: (target: { dayKey: string; workout: DraftWorkout | null }) => void;
  onAssign: () => void;
  onSave: () => void;
  notify: (message: string) => void;
};

/** The Builder tab: Weeks (Mon–Sun rows) or Days (at most 21 cells), day cells with workouts, selection toolbar, side panels. */
export function TemplateBuilder({ draft, weeks, onChange, onEdit, onAssign, onSave, notify }: Props) {
  const [view, setView] = useState<'weeks' | 'days'>('weeks');
  const [clipboard, setClipboard] = useState<DraftWorkout[] | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [undo, setUndo] = useState<DraftWorkout[] | null>(null);
  const hasWorkouts = allWorkouts(draft).length > 0;

  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const copy = (list: DraftWorkout[]) => {
    setClipboard(list);
    notify(`${list.length} workout${list.length === 1 ? '' : 's'} copied. Use Paste on a day.`);
  };
  const remove = (ids: Set<string>) => {
    const { draft: next, removed } = removeWorkouts(draft, ids);
    onChange(next);
    setSelected(new Set());
    if (removed.length > 1) setUndo(removed);
  };
  const paste = (dayKey: string) => {
    if (!clipboard) return;
    try {
      onChange(pasteWorkouts(draft, dayKey, clipboard));
    } catch (e) {
      notify(`Paste failed: ${(e as Error).message}`);
    }
  };

  const day = (dayKey: string, label: string) => {
    const list = draft.workouts[dayKey] ?? [];
    return (
      <TemplateDay
        key={dayKey}
        dayKey={dayKey}
        label={label}
        shortLabel={`Day ${dayKey.slice(4)}`}
        canPaste={clipboard !== null}
        empty={list.length === 0}
        onAdd={() => onEdit({ dayKey, workout: null })}
        onPaste={() => paste(dayKey)}
        onDropWorkout={(id) => onChange(moveWorkout(draft, id, dayKey))}
      >
        {list.map((w) => (
          <TemplateWorkoutCard
            key={w.id}
            workout={w}
            selected={selected.has(w.id)}
            onOpen={() => onEdit({ dayKey, workout: w })}
            onCopy={() => copy([w])}
            onToggleSelect={() => toggle(w.id)}
            onDelete={() => remove(new Set([w.id]))}
          />
        ))}
      </TemplateDay>
    );
  };

  return (
    <div className="tpl-builder">
      <div className="tpl-toolbar">
        <Button onClick={onAssign} disabled={!hasWorkouts}>
          Assign to Athlete
        </Button>
        <Button variant="outline" onClick={onSave} disabled={!hasWorkouts}>
          Save Template
        </Button>
        <span className="tpl-toolbar__spacer" />
        <div role="group" aria-label="View" className="tpl-toggle">
          <Button size="sm" variant={view === 'weeks' ? 'secondary' : 'ghost'} aria-pressed={view === 'weeks'} onClick={() => setView('weeks')}>
            Weeks
          </Button>
          <Button size="sm" variant={view === 'days' ? 'secondary' : 'ghost'} aria-pressed={view === 'days'} onClick={() => setView('days')}>
            Days
          </Button>
        </div>
      </div>

      {(selected.size > 0 || undo) && (
        <div className="tpl-selection" role="toolbar" aria-label="Selection">
          {selected.size > 0 && <span>{selected.size} selected</span>}
          {selected.size > 0 && (
            <>
              <Button size="sm" variant="outline" onClick={() => copy(allWorkouts(draft).filter((w) => selected.has(w.id)))}>
                Copy Selected
              </Button>
              <Button size="sm" variant="destructive" onClick={() => remove(selected)}>
                Delete Selected
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                Clear Selection
              </Button>
            </>
          )}
          {undo && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                onChange(restoreWorkouts(draft, undo));
                setUndo(null);
              }}
            >
              Undo Delete
            </Button>
          )}
        </div>
      )}

      <div className="tpl-layout">
        <div className="tpl-grid-wrap">
          {view === 'weeks' ? (
            <div className="tpl-weeks">
              <div className="tpl-weeks__head" aria-hidden="true">
                <span />
                {WEEKDAYS.map((d) => (
                  <span key={d}>{d}</span>
                ))}
              </div>
              {Array.from({ length: weeks }, (_, i) => i + 1).map((week) => (
                <div key={week} className="tpl-week" role="group" aria-label={`Week ${week}`}>
                  <span className="tpl-week__label">Week {week}</span>
                  {dayKeysOfWeek(week).map((k, i) => day(k, `Week ${week} ${WEEKDAYS[i]} (${k.replace('-', ' ')})`))}
                </div>
              ))}
            </div>
          ) : (
            <div className="tpl-days">{dayCells(weeks).map((k) => day(k, `Day ${k.slice(4)}`))}</div>
          )}
        </div>
        <SidePanels draft={draft} />
      </div>
    </div>
  );
}
