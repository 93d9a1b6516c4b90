import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/api-client';
import { useProfileToday } from '../../../lib/profile';
import type { Workout } from '@kernel';
import { DURATION_WEEKS, MAX_WEEKS, TEXT_LIMITS } from '@kernel';
import { getTemplate, useSaveTemplate, type TemplateSummary } from '../api/templates';
import {
  addWorkout,
  DEFAULT_WEEKS,
  draftStats,
  emptyDraft,
  fromTemplate,
  hasUnsavedChanges,
  toSavePayload,
  updateWorkout,
  type DraftWorkout,
  type TemplateDraft,
} from '../utils/template-draft';
import { AssignDialog } from './assign-dialog';
import { TemplateBuilder } from './builder/template-builder';
import { SaveTemplateDialog, type SaveForm } from './manager/save-template-dialog';
import { TemplateManager } from './manager/template-manager';
import './program-templates.css';

export const UNSAVED_LOAD = 'You have unsaved changes. Loading a new template will discard them. Continue?';
export const UNSAVED_NEW = 'You have unsaved changes. Creating a new template will discard them. Continue?';

/** What the page needs from a workout editor; the app hands in the calendar's (features do not import each other). */
export type WorkoutEditorSlot = (props: {
  open: boolean;
  workout: Workout | null;
  title: string;
  description: string;
  onSave: (workout: Workout) => void;
  onClose: () => void;
}) => ReactNode;

export function ProgramTemplatesPage({ renderEditor }: { renderEditor: WorkoutEditorSlot }) {
  const { status, user } = useAuth();
  if (status !== 'loading' && !user) {
    return (
      <div className="tpl-page">
        <h1>Authentication Required</h1>
        <p>Please sign in to access program templates.</p>
        <Link className={buttonClasses({})} to={paths.auth.signIn.getHref()}>
          Sign In
        </Link>
      </div>
    );
  }
  if (!user) return null;
  return <TemplatesWorkspace userId={user.id} renderEditor={renderEditor} />;
}

function TemplatesWorkspace({ userId, renderEditor }: { userId: string; renderEditor: WorkoutEditorSlot }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const athleteParam = search.get('athleteId');
  // The coach's today in their profile zone: the server refuses an assignment starting before it.
  const today = useProfileToday();
  const [tab, setTab] = useState('builder');
  const [draft, setDraft] = useState<TemplateDraft>(emptyDraft);
  const [weeks, setWeeks] = useState(DEFAULT_WEEKS);
  const [editing, setEditing] = useState<{ dayKey: string; workout: DraftWorkout | null } | null>(null);
  const [saveOpen, setSaveOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveTemplate();
  const stats = draftStats(draft);
  const unsaved = hasUnsavedChanges(draft);

  const change = (next: TemplateDraft) => {
    setDraft(next);
    // The grid grows with the program: a workout pasted or loaded past the last week stays visible.
    if (next !== draft && draftStats(next).weeks > weeks) setWeeks(Math.min(MAX_WEEKS, draftStats(next).weeks));
  };

  const startNew = () => {
    if (unsaved && !window.confirm(UNSAVED_NEW)) return;
    setDraft(emptyDraft());
    setWeeks(DEFAULT_WEEKS);
    setTab('builder');
  };

  const load = async (summary: TemplateSummary) => {
    if (unsaved && !window.confirm(UNSAVED_LOAD)) return;
    try {
      const full = summary.workouts ? summary : await getTemplate(summary.id);
      const loaded = fromTemplate(full);
      // Another coach's public template is loaded as a copy: saving makes it the coach's own.
      setDraft(summary.is_own ? loaded : { ...loaded, id: null });
      setWeeks(Math.max(DEFAULT_WEEKS, Math.min(MAX_WEEKS, draftStats(loaded).weeks)));
      setTab('builder');
      setNotice(null);
    } catch (e) {
      setNotice(`Loading the template failed: ${errorMessage(e)}`);
    }
  };

  const onSave = (form: SaveForm) => {
    save.mutate(
      { id: draft.id, payload: toSavePayload(draft, form, userId) },
      {
        onSuccess: (r) => {
          setDraft((d) => ({ ...d, id: r.id, name: form.name.trim(), description: form.description.trim(), category: form.category, isPublic: form.isPublic, isModified: false }));
          setSaveOpen(false);
          setNotice('Template saved.');
        },
      },
    );
  };

  const onEditorSave = (w: Workout) => {
    if (!editing) return;
    const content = { name: w.name?.trim() || (editing.workout ? 'Workout' : 'New Workout'), notes: w.notes ?? null, exercises: w.exercises };
    change(editing.workout ? updateWorkout(draft, editing.workout.id, content) : addWorkout(draft, editing.dayKey, content));
    setEditing(null);
  };

  const back = athleteParam ? paths.app.calendar.getHref(athleteParam) : paths.home.getHref();

  return (
    <div className="tpl-page">
      <header className="tpl-header">
        <div>
          <h1>Program Templates</h1>
          <div className="tpl-header__meta">
            {unsaved && <span className="tpl-badge tpl-badge--warning">Unsaved changes</span>}
            {stats.workouts > 0 && (
              <span className="tpl-stats">
                {stats.days} days · {stats.workouts} workouts · {stats.weeks} weeks
              </span>
            )}
          </div>
        </div>
        <div className="tpl-header__actions">
          <Link className={buttonClasses({ variant: 'ghost' })} to={paths.app.helpTemplates.getHref()}>
            Help
          </Link>
          <Button variant="outline" onClick={() => void navigate(back)}>
            Back
          </Button>
        </div>
      </header>

      <p className="tpl-info" role="note">
        Build a program on relative days (day 1, day 2, …) instead of dates, then assign it to any athlete from any start date in one step. Copy and paste workouts between days to
        fill weeks quickly.
      </p>
      {notice && (
        <div role="status">
          <Alert variant={notice.includes('failed') ? 'error' : 'success'}>{notice}</Alert>
        </div>
      )}

      <Tabs
        label="Program templates"
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            id: 'builder',
            label: 'Builder',
            content: (
              <>
                <details className="tpl-advanced">
                  <summary>Advanced Options</summary>
                  <div className="tpl-form tpl-form--row">
                    <label className="tpl-form__field">
                      <span>Program Duration</span>
                      <select className="input" value={weeks} onChange={(e) => setWeeks(Number(e.target.value))}>
                        {DURATION_WEEKS.map((w) => (
                          <option key={w} value={w}>
                            {w} weeks
                          </option>
                        ))}
                      </select>
                    </label>
                    <label className="tpl-form__field">
                      <span>Template Name</span>
                      <input
                        className="input"
                        maxLength={TEXT_LIMITS.templateName}
                        value={draft.name}
                        onChange={(e) => change({ ...draft, name: e.target.value, isModified: true })}
                      />
                    </label>
                    <label className="tpl-form__field">
                      <span>Description</span>
                      <input
                        className="input"
                        maxLength={TEXT_LIMITS.templateDescription}
                        value={draft.description}
                        onChange={(e) => change({ ...draft, description: e.target.value, isModified: true })}
                      />
                    </label>
                  </div>
                </details>
                <h2 className="tpl-title">{draft.name || 'New Program Template'}</h2>
                <p className="tpl-subtitle">{draft.description}</p>
                <TemplateBuilder
                  draft={draft}
                  weeks={weeks}
                  onChange={change}
                  onEdit={setEditing}
                  onAssign={() => setAssignOpen(true)}
                  onSave={() => setSaveOpen(true)}
                  notify={setNotice}
                />
              </>
            ),
          },
          {
            id: 'manager',
            label: 'Manager',
            content: (
              <TemplateManager
                canSaveCurrent={stats.workouts > 0}
                onNew={startNew}
                onSaveCurrent={() => setSaveOpen(true)}
                onLoad={(summary) => void load(summary)}
                notify={setNotice}
              />
            ),
          },
        ]}
      />

      {renderEditor({
        open: editing !== null,
        workout: editing?.workout ? { date: today ?? '', name: editing.workout.name, notes: editing.workout.notes, exercises: editing.workout.exercises } : null,
        title: editing?.workout ? 'Edit Template Workout' : 'New Template Workout',
        description: editing ? `Program ${editing.dayKey.replace('-', ' ')}` : '',
        onSave: onEditorSave,
        onClose: () => setEditing(null),
      })}

      <SaveTemplateDialog
        open={saveOpen}
        initial={{ name: draft.name === 'New Program Template' ? '' : draft.name, description: draft.description, category: draft.category, isPublic: draft.isPublic }}
        saving={save.isPending}
        error={save.isError ? `Saving failed: ${errorMessage(save.error)}` : null}
        onCancel={() => setSaveOpen(false)}
        onSave={onSave}
      />

      {assignOpen && today && (
        <AssignDialog
          open={assignOpen}
          draft={draft.isModified ? { ...draft, id: null } : draft}
          today={today}
          onClose={() => setAssignOpen(false)}
          onAssigned={(r) => void navigate(paths.app.calendarAssigned.getHref(r.athleteId, r.start_date))}
        />
      )}
    </div>
  );
}
