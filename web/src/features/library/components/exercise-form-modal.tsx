import { useId, useRef, useState, type FormEvent } from 'react';
import { parseYouTubeId, TEXT_LIMITS } from '@kernel';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { VideoPreview } from '../../../components/exercise-library-overlay/video-preview';
import { useFocusAfterOpen } from '../../../components/exercise-library-overlay/use-focus-after-open';
import type { LibraryExercise } from '../../../components/exercise-library-overlay/use-exercise-library';
import { saveErrorMessage, useCreateExercise, useUpdateExercise, type ExerciseInput } from '../api/manage-exercise';
import { JOINTS, mergeOptions, MOVEMENT_PATTERNS, MUSCLE_GROUPS } from './vocabulary';

export const NAME_REQUIRED = 'Exercise must have a name.';
/** Same rule as the server; said before the round trip. */
export const BAD_VIDEO_LINK = 'Enter a YouTube watch, embed or youtu.be link with an 11-character video id.';

type ExerciseFormModalProps = {
  /** `null` adds a new exercise; an exercise edits it. Closed when `open` is false. */
  exercise: LibraryExercise | null;
  open: boolean;
  onClose: () => void;
  /** Muscles and patterns in use in the library, offered next to the fixed vocabulary. */
  knownMuscles: readonly string[];
  knownPatterns: readonly string[];
};

export function ExerciseFormModal({ exercise, open, onClose, ...known }: ExerciseFormModalProps) {
  const create = useCreateExercise();
  const update = useUpdateExercise();
  const save = exercise ? update : create;
  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={exercise ? 'Edit Exercise' : 'Add New Exercise'}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} isLoading={save.isPending} loadingText="Saving...">
            {exercise ? 'Update Exercise' : 'Save Exercise'}
          </Button>
        </>
      }
    >
      {/* Keyed, so each opening starts from the exercise as it is now. */}
      {open && (
        <ExerciseForm
          key={exercise?.id ?? 'new'}
          exercise={exercise}
          onSave={(input) => (exercise ? update.mutate({ id: exercise.id, ...input }, { onSuccess: close }) : create.mutate(input, { onSuccess: close }))}
          error={save.isError ? saveErrorMessage(save.error) : null}
          {...known}
        />
      )}
    </Modal>
  );
}

const FORM_ID = 'exercise-form';

function toInput(exercise: LibraryExercise | null): ExerciseInput {
  return {
    name: exercise?.name ?? '',
    pattern: exercise?.pattern ?? '',
    muscles: exercise?.muscles ?? [],
    joints: exercise?.joints ?? [],
    use_case: exercise?.use_case ?? '',
    youtube_url: exercise?.youtube_url ?? '',
  };
}

type ExerciseFormProps = {
  exercise: LibraryExercise | null;
  onSave: (input: ExerciseInput) => void;
  error: string | null;
  knownMuscles: readonly string[];
  knownPatterns: readonly string[];
};

function ExerciseForm({ exercise, onSave, error, knownMuscles, knownPatterns }: ExerciseFormProps) {
  const [values, setValues] = useState(() => toInput(exercise));
  const [nameError, setNameError] = useState<string | null>(null);
  const [videoTouched, setVideoTouched] = useState(false);
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  useFocusAfterOpen(nameRef);

  const set = <K extends keyof ExerciseInput>(key: K, value: ExerciseInput[K]) => setValues((v) => ({ ...v, [key]: value }));
  const toggle = (key: 'muscles' | 'joints', item: string) => setValues((v) => ({ ...v, [key]: v[key].includes(item) ? v[key].filter((x) => x !== item) : [...v[key], item] }));

  const video = values.youtube_url.trim();
  const videoOk = video === '' || parseYouTubeId(video) !== null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = values.name.trim();
    setNameError(name ? null : NAME_REQUIRED);
    setVideoTouched(true);
    if (!name || !videoOk) return;
    onSave({ ...values, name, youtube_url: video });
  };

  return (
    <form id={FORM_ID} className="form exercise-form" noValidate onSubmit={onSubmit}>
      {error && <Alert variant="error">{error}</Alert>}
      <div className="exercise-form__row">
        <TextField
          label="Name"
          required
          ref={nameRef}
          value={values.name}
          error={nameError}
          maxLength={TEXT_LIMITS.exerciseName}
          onChange={(e) => {
            set('name', e.target.value);
            if (nameError && e.target.value.trim()) setNameError(null);
          }}
        />
        <Field label="Movement pattern" id={`${id}-pattern`}>
          {(control) => (
            <select className="input exercise-select" value={values.pattern} onChange={(e) => set('pattern', e.target.value)} {...control}>
              <option value="">No pattern</option>
              {mergeOptions(MOVEMENT_PATTERNS, knownPatterns, values.pattern ? [values.pattern] : []).map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <CheckboxGroup legend="Muscles" options={mergeOptions(MUSCLE_GROUPS, knownMuscles, values.muscles)} selected={values.muscles} onToggle={(m) => toggle('muscles', m)} />
      <CheckboxGroup legend="Joints" options={mergeOptions(JOINTS, values.joints)} selected={values.joints} onToggle={(j) => toggle('joints', j)} />
      <Field label="Use case" id={`${id}-use`} helperText="When and why a coach would program it.">
        {(control) => (
          <textarea className="input exercise-form__textarea" rows={3} maxLength={2000} value={values.use_case} onChange={(e) => set('use_case', e.target.value)} {...control} />
        )}
      </Field>
      <TextField
        label="YouTube URL"
        type="url"
        inputMode="url"
        placeholder="https://www.youtube.com/watch?v=…"
        value={values.youtube_url}
        error={videoTouched && !videoOk ? BAD_VIDEO_LINK : null}
        helperText="Watch, embed or youtu.be link. A preview appears below."
        onChange={(e) => set('youtube_url', e.target.value)}
        onBlur={() => setVideoTouched(true)}
      />
      {video && videoOk && (
        <div className="exercise-form__preview">
          <VideoPreview url={video} title={`Preview of ${values.name.trim() || 'the exercise'} video`} />
        </div>
      )}
    </form>
  );
}

type CheckboxGroupProps = { legend: string; options: string[]; selected: string[]; onToggle: (value: string) => void };

function CheckboxGroup({ legend, options, selected, onToggle }: CheckboxGroupProps) {
  return (
    <fieldset className="checkbox-group">
      <legend className="field__label">{legend}</legend>
      <div className="checkbox-group__options">
        {options.map((option) => (
          <label key={option} className="checkbox-pill">
            <input type="checkbox" checked={selected.includes(option)} onChange={() => onToggle(option)} />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
