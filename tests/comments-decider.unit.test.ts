import { describe, expect, it } from 'vitest';
import { deciderSpec } from './support/decider-spec.ts';
import { workoutCommentsDecider, type PostComment } from '../src/comments/domain/workout-comments.ts';
import { COMMENT_MESSAGES as M, type WorkoutCommentEvent } from '../src/comments/domain/events.ts';

const WORKOUT = '99999999-9999-4999-8999-999999999999';
const ATHLETE = '11111111-1111-4111-8111-111111111111';
const COACH = '22222222-2222-4222-8222-222222222222';
const SET_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const SET_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const C1 = 'c1c1c1c1-c1c1-4c1c-8c1c-c1c1c1c1c1c1';
const C2 = 'c2c2c2c2-c2c2-4c2c-8c2c-c2c2c2c2c2c2';
const NOW = new Date('2025-03-01T10:00:00.000Z');

const given = deciderSpec(workoutCommentsDecider, { userId: ATHLETE, now: NOW });

const post = (extra: Partial<PostComment> = {}): PostComment => ({
  type: 'PostWorkoutComment',
  commentId: C1,
  workoutId: WORKOUT,
  athleteId: ATHLETE,
  coachId: COACH,
  authorId: ATHLETE,
  authorRole: 'athlete',
  text: 'Left knee hurt on this one',
  setId: SET_A,
  workoutSetIds: [SET_A, SET_B],
  workoutDeleted: false,
  linked: true,
  blocked: false,
  ...extra,
});

const posted = (commentId: string, authorId: string, postedAt: string, text = 'Left knee hurt on this one', setId: string | null = SET_A): WorkoutCommentEvent => ({
  type: 'WorkoutCommentPosted',
  data: {
    commentId,
    workoutId: WORKOUT,
    athleteId: ATHLETE,
    coachId: COACH,
    authorId,
    authorRole: authorId === ATHLETE ? 'athlete' : 'coach',
    text,
    setId,
    postedAt,
  },
});
const read = (readerId: string, readUpTo: string): WorkoutCommentEvent => ({ type: 'WorkoutCommentsRead', data: { workoutId: WORKOUT, readerId, readUpTo } });

describe('posting a workout comment', () => {
  it('posts on a set of the workout, the text trimmed', () => {
    given([])
      .when(post({ text: '  Left knee hurt on this one \n' }))
      .then([posted(C1, ATHLETE, NOW.toISOString())]);
  });

  it('posts on the workout as a whole', () => {
    given([])
      .when(post({ setId: null, text: 'Great session' }))
      .then([posted(C1, ATHLETE, NOW.toISOString(), 'Great session', null)]);
  });

  it('keeps posting times strictly increasing within a thread', () => {
    given([posted(C1, COACH, NOW.toISOString())])
      .when(post({ commentId: C2 }))
      .then([posted(C2, ATHLETE, '2025-03-01T10:00:00.001Z')]);
  });

  it('posts nothing for a retry of the same comment, and refuses the id for another', () => {
    given([posted(C1, ATHLETE, NOW.toISOString())])
      .when(post())
      .then([]);
    given([posted(C1, ATHLETE, NOW.toISOString())])
      .when(post({ text: 'Something else' }))
      .thenThrows(409, M.idTaken);
    given([posted(C1, ATHLETE, NOW.toISOString())])
      .when(post({ authorId: COACH, authorRole: 'coach' }))
      .thenThrows(409, M.idTaken);
  });

  it('refuses a set that is not in the workout', () => {
    given([])
      .when(post({ setId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd' }))
      .thenThrows(400, M.setNotInWorkout);
  });

  it('refuses empty, too long and invalid text', () => {
    given([])
      .when(post({ text: ' \n\t ' }))
      .thenThrows(400, M.empty);
    given([])
      .when(post({ text: 'x'.repeat(2001) }))
      .thenThrows(400, M.tooLong);
    given([])
      .when(post({ text: 'knee\u0000' }))
      .thenThrows(400, M.invalidText);
    given([])
      .when(post({ text: 'knee \ud83d' }))
      .thenThrows(400, M.invalidText);
  });

  it('counts characters, not UTF-16 units: 2,000 emoji fit', () => {
    const text = '💪'.repeat(2000);
    given([])
      .when(post({ text }))
      .then([posted(C1, ATHLETE, NOW.toISOString(), text)]);
  });

  it('stops posting without a link, with a block, without a coach, on a deleted workout', () => {
    given([])
      .when(post({ linked: false }))
      .thenThrows(403, M.notLinked);
    given([])
      .when(post({ blocked: true }))
      .thenThrows(403, M.blocked);
    given([])
      .when(post({ coachId: null, linked: false }))
      .thenThrows(403, M.noCoach);
    given([])
      .when(post({ workoutDeleted: true }))
      .thenThrows(409, M.workoutDeleted);
  });
});

describe('marking a thread read', () => {
  const t1 = '2025-03-01T09:00:00.000Z';
  const t2 = '2025-03-01T09:30:00.000Z';
  const t3 = '2025-03-01T09:45:00.000Z';
  const markRead = (readerId: string, upTo: string | null = null) => ({ type: 'MarkWorkoutCommentsRead' as const, workoutId: WORKOUT, readerId, upTo });

  it('reads up to the newest comment', () => {
    given([posted(C1, ATHLETE, t1), posted(C2, COACH, t2)])
      .when(markRead(COACH))
      .then([read(COACH, t2)]);
  });

  it('reads only up to what the reader has seen', () => {
    const C3 = 'c3c3c3c3-c3c3-4c3c-8c3c-c3c3c3c3c3c3';
    given([posted(C1, ATHLETE, t1), posted(C2, ATHLETE, t2), posted(C3, ATHLETE, t3)])
      .when(markRead(COACH, t2))
      .then([read(COACH, t2)]);
  });

  it('says nothing when nothing from the other side is unread', () => {
    given([posted(C1, ATHLETE, t1)])
      .when(markRead(ATHLETE))
      .then([]);
    given([posted(C1, ATHLETE, t1), read(COACH, t1)])
      .when(markRead(COACH))
      .then([]);
    given([]).when(markRead(COACH)).then([]);
  });

  it('never moves a read mark back', () => {
    const state = [posted(C1, ATHLETE, t1), read(COACH, t2), read(COACH, t1)].reduce(workoutCommentsDecider.evolve, workoutCommentsDecider.initialState());
    expect(state.readUpTo[COACH]).toBe(t2);
  });
});
