import { describe, expect, it } from 'vitest';
import { deciderSpec } from './support/decider-spec.ts';
import {
  BAD_YOUTUBE_URL,
  CATALOGUE_READ_ONLY,
  EXERCISE_DELETED,
  EXERCISE_NOT_FOUND,
  NAME_REQUIRED,
  NOT_YOUR_EXERCISE,
  catalogueExerciseId,
  exerciseDecider,
  type ExerciseCommand,
  type ExerciseEvent,
} from '../src/library/domain/exercise.ts';

const COACH = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const ID = '33333333-3333-4333-8333-333333333333';
const VIDEO = 'https://youtu.be/dQw4w9WgXcQ';

const given = deciderSpec(exerciseDecider, { userId: COACH });

const squat = { name: 'Tempo Squat', pattern: 'Squat', muscles: ['Quadriceps', 'Glutes'], joints: ['Knee', 'Hip'], useCase: 'Control', youtubeUrl: VIDEO };
const added: ExerciseEvent = { type: 'ExerciseAdded', data: { exerciseId: ID, createdBy: COACH, exerciseType: null, ...squat } };
const catalogueId = catalogueExerciseId('Bench Press');
const catalogueAdded: ExerciseEvent = {
  type: 'ExerciseAdded',
  data: {
    exerciseId: catalogueId,
    createdBy: null,
    exerciseType: 'strength',
    name: 'Bench Press',
    pattern: 'Horizontal Push',
    muscles: ['Chest'],
    joints: ['Shoulder'],
    useCase: 'Press',
    youtubeUrl: null,
  },
};
const removed: ExerciseEvent = { type: 'ExerciseRemoved', data: { exerciseId: ID, createdBy: COACH } };

describe('AddExercise', () => {
  it('adds an exercise owned by the acting user, tidying its fields', () => {
    given([])
      .when({
        type: 'AddExercise',
        exerciseId: ID,
        details: { name: '  Tempo Squat ', pattern: ' Squat', muscles: ['Quadriceps', ' glutes ', 'Quadriceps', ''], joints: ['Knee'], youtubeUrl: '  ' },
      })
      .then([
        {
          type: 'ExerciseAdded',
          data: {
            exerciseId: ID,
            createdBy: COACH,
            exerciseType: null,
            name: 'Tempo Squat',
            pattern: 'Squat',
            muscles: ['Quadriceps', 'glutes'],
            joints: ['Knee'],
            useCase: '',
            youtubeUrl: null,
          },
        },
      ]);
  });

  it('keeps a YouTube link in watch, embed or short form', () => {
    for (const url of [VIDEO, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ']) {
      const [event] = exerciseDecider.decide({ type: 'AddExercise', exerciseId: ID, details: { name: 'A', youtubeUrl: url } }, exerciseDecider.initialState(), {
        userId: COACH,
        now: new Date(),
        newId: () => '',
      });
      expect(event?.type === 'ExerciseAdded' && event.data.youtubeUrl).toBe(url);
    }
  });

  it.each([undefined, null, '', '   '])('refuses the name %j with the spec text', (name) => {
    given([]).when({ type: 'AddExercise', exerciseId: ID, details: { name } }).thenThrows(400, NAME_REQUIRED);
  });

  it.each(['https://vimeo.com/123', 'https://youtu.be/short', 'javascript:alert(1)'])('refuses the video link %s', (youtubeUrl) => {
    given([])
      .when({ type: 'AddExercise', exerciseId: ID, details: { name: 'A', youtubeUrl } })
      .thenThrows(400, BAD_YOUTUBE_URL);
  });

  it('needs a signed-in user and a fresh id', () => {
    given([])
      .when({ type: 'AddExercise', exerciseId: ID, details: { name: 'A' } }, null)
      .thenThrows(401, 'No authentication token available');
    given([added])
      .when({ type: 'AddExercise', exerciseId: ID, details: { name: 'A' } })
      .thenThrows(409, 'An exercise with this id already exists.');
  });
});

describe('AddCatalogueExercise', () => {
  const command: ExerciseCommand = {
    type: 'AddCatalogueExercise',
    exerciseId: catalogueId,
    exerciseType: 'strength',
    details: { name: 'Bench Press', pattern: 'Horizontal Push', muscles: ['Chest'], joints: ['Shoulder'], useCase: 'Press' },
  };

  it('adds a catalogue row without a creator', () => {
    given([]).when(command, null).then([catalogueAdded]);
  });

  it('does nothing when the entry is already there (restarts, a second server)', () => {
    given([catalogueAdded]).when(command, null).then([]);
  });
});

describe('EditExercise', () => {
  it('records the whole exercise after the change, keeping fields left out', () => {
    given([added])
      .when({ type: 'EditExercise', changes: { name: 'Tempo Back Squat', youtubeUrl: null } })
      .then([{ type: 'ExerciseEdited', data: { exerciseId: ID, createdBy: COACH, ...squat, name: 'Tempo Back Squat', youtubeUrl: null } }]);
  });

  it('decides nothing when nothing changes', () => {
    given([added])
      .when({ type: 'EditExercise', changes: { name: 'Tempo Squat ' } })
      .then([]);
  });

  it('refuses an empty name and a bad link', () => {
    given([added])
      .when({ type: 'EditExercise', changes: { name: ' ' } })
      .thenThrows(400, NAME_REQUIRED);
    given([added])
      .when({ type: 'EditExercise', changes: { youtubeUrl: 'https://example.com' } })
      .thenThrows(400, BAD_YOUTUBE_URL);
  });

  it("refuses to edit someone else's exercise", () => {
    given([added])
      .when({ type: 'EditExercise', changes: { name: 'Mine now' } }, OTHER)
      .thenThrows(403, NOT_YOUR_EXERCISE);
  });

  it('refuses to edit the catalogue, for everyone', () => {
    given([catalogueAdded])
      .when({ type: 'EditExercise', changes: { name: 'Flat Bench' } })
      .thenThrows(403, CATALOGUE_READ_ONLY);
  });

  it('refuses to edit a removed exercise, and one that never existed', () => {
    given([added, removed])
      .when({ type: 'EditExercise', changes: { name: 'Back again' } })
      .thenThrows(409, EXERCISE_DELETED);
    given([])
      .when({ type: 'EditExercise', changes: { name: 'Ghost' } })
      .thenThrows(404, EXERCISE_NOT_FOUND);
  });

  it('does not tell another user that an exercise was removed', () => {
    given([added, removed])
      .when({ type: 'EditExercise', changes: { name: 'X' } }, OTHER)
      .thenThrows(403, NOT_YOUR_EXERCISE);
  });
});

describe('RemoveExercise', () => {
  it('removes the creator’s own exercise', () => {
    given([added]).when({ type: 'RemoveExercise' }).then([removed]);
  });

  it("refuses someone else's, the catalogue's, a removed and a missing one", () => {
    given([added]).when({ type: 'RemoveExercise' }, OTHER).thenThrows(403, NOT_YOUR_EXERCISE);
    given([catalogueAdded]).when({ type: 'RemoveExercise' }).thenThrows(403, CATALOGUE_READ_ONLY);
    given([added, removed]).when({ type: 'RemoveExercise' }).thenThrows(409, EXERCISE_DELETED);
    given([]).when({ type: 'RemoveExercise' }).thenThrows(404, EXERCISE_NOT_FOUND);
  });
});

describe('catalogue ids', () => {
  it('are stable slugs of the name', () => {
    expect(catalogueExerciseId('Back Squat (High Bar)')).toBe('catalogue-back-squat-high-bar');
    expect(catalogueExerciseId("Farmer's Carry")).toBe('catalogue-farmer-s-carry');
  });
});
