import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/api-client';
import { endDate, highestDay, schedulePreview, workoutCount } from '@kernel';
import type { TemplateDays } from '@kernel';
import { useAssignTemplate, useTemplateAthletes, type AssignResult } from '../api/templates';
import { allWorkouts, type TemplateDraft } from '../utils/template-draft';

type Props = {
  open: boolean;
  draft: TemplateDraft;
  today: string;
  onClose: () => void;
  onAssigned: (result: AssignResult & { athleteId: string }) => void;
};

const previewDate = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Assign Program Template': athlete, start date (today or later), the dates it runs and a 7-day preview. */
export function AssignDialog({ open, draft, today, onClose, onAssigned }: Props) {
  const athletes = useTemplateAthletes(open);
  const assign = useAssignTemplate();
  const [athleteId, setAthleteId] = useState('');
  const [start, setStart] = useState(today);
  const days: TemplateDays = draft.workouts;
  const total = workoutCount(days);
  const preview = schedulePreview(start || today, days);
  const count = allWorkouts(draft).length;

  const submit = () => {
    if (!draft.id || !athleteId || !start) return;
    assign.mutate({ templateId: draft.id, athleteId, startDate: start }, { onSuccess: (r) => onAssigned({ ...r, athleteId }) });
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Assign Program Template"
      description={draft.name.trim() || 'Untitled Template'}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!athleteId || !start || !draft.id || assign.isPending}>
            {assign.isPending ? 'Assigning...' : 'Assign Program'}
          </Button>
        </>
      }
    >
      <div className="tpl-form">
        <dl className="tpl-overview">
          <div>
            <dt>Duration</dt>
            <dd>{highestDay(days)} days</dd>
          </div>
          <div>
            <dt>Total workouts</dt>
            <dd>{total}</dd>
          </div>
          {draft.description && (
            <div>
              <dt>Description</dt>
              <dd>{draft.description}</dd>
            </div>
          )}
        </dl>
        {!draft.id && <Alert variant="warning">Save the template before assigning it.</Alert>}
        <label className="tpl-form__field">
          <span>Athlete</span>
          <select className="input" value={athleteId} onChange={(e) => setAthleteId(e.target.value)} disabled={athletes.isPending}>
            <option value="">{athletes.isPending ? 'Loading athletes...' : 'Choose an athlete'}</option>
            {(athletes.data?.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name.trim() || 'Unnamed Athlete'}
              </option>
            ))}
          </select>
        </label>
        {athletes.isError && <Alert variant="error">{errorMessage(athletes.error)}</Alert>}
        <label className="tpl-form__field">
          <span>Start Date</span>
          <input className="input" type="date" min={today} value={start} onChange={(e) => setStart(e.target.value)} />
        </label>
        {start && total > 0 && (
          <p>
            Program will run from {start} to {endDate(start, days)}
          </p>
        )}
        <section aria-label="Schedule preview" className="tpl-preview">
          <ul>
            {preview.days.map((d) => (
              <li key={d.dayKey}>
                <span>{previewDate(d.date)}</span> <span>{d.workouts.length === 0 ? 'Rest Day' : `${d.workouts.length} workout${d.workouts.length === 1 ? '' : 's'}`}</span>
              </li>
            ))}
          </ul>
          {preview.moreDays > 0 && <p>... and {preview.moreDays} more days</p>}
        </section>
        <Alert variant="warning">This will create {count} new workouts in the athlete's calendar. Existing workouts on those dates will not be affected.</Alert>
        {assign.isError && <Alert variant="error">{errorMessage(assign.error)}</Alert>}
      </div>
    </Modal>
  );
}
