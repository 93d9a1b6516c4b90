/**
 * Which fields of which events are personal data, and whose key protects each
 * (issue 26). The one file to extend when an event gains a string field:
 * tests/personal-fields.unit.test.ts reads every event type from the TypeScript types
 * in src/<context>/domain/ and fails until each string field is listed here, either
 * under `personal` or under `plain`.
 *
 * Paths: `a.b`, `list[]` for array items, `map.*` for record values. A personal field
 * is encrypted by the event store with the key of its subject: a user (the id at a
 * top-level path of the event's data) or, for someone who may have no account (an
 * invitee), a pseudo-subject derived from the e-mail address at a path. `as` says
 * what the field reads as once the key is destroyed: 'name' → "Deleted user",
 * 'text' (e-mail addresses and free text) → "[erased]".
 *
 * Pure data: the event store (platform) and the erasure (src/privacy) read it.
 */

export type PersonalSubject = { user: string } | { emailAt: string };
export interface PersonalField {
  subject: PersonalSubject;
  as: 'name' | 'text';
}
export interface EventClassification {
  personal?: Record<string, PersonalField>;
  /** String fields that are not personal: ids, enums, dates, shared vocabulary. */
  plain: string[];
}

const nameOf = (user: string): PersonalField => ({ subject: { user }, as: 'name' });
const textOf = (user: string): PersonalField => ({ subject: { user }, as: 'text' });
/** Belongs to whoever holds the address at `emailAt`, account or not. */
const inviteeName = (emailAt: string): PersonalField => ({ subject: { emailAt }, as: 'name' });
const inviteeText = (emailAt: string): PersonalField => ({ subject: { emailAt }, as: 'text' });

/** A workout's content: its name and notes are the athlete's; exercise names are the library's vocabulary. */
const WORKOUT_PLAIN = [
  'date',
  'workoutId',
  'athleteId',
  'exercises[].exercise_name',
  'exercises[].category',
  'exercises[].superset_group',
  'exercises[].sets[].id',
  'exercises[].sets[].tempo',
  'exercises[].sets[].superset_with',
];
const WORKOUT_PERSONAL = { name: textOf('athleteId'), notes: textOf('athleteId'), 'exercises[].notes': textOf('athleteId'), 'exercises[].heading': textOf('athleteId') };

/** A program given to a group: a template (plain, as templates are) or one workout written for the group (the coach's). */
const GROUP_PROGRAM_PLAIN = [
  'groupId',
  'coachId',
  'groupAssignmentId',
  'program.templateId',
  'program.startDate',
  'program.endDate',
  'program.workout.date',
  'program.workout.exercises[].exercise_name',
  'program.workout.exercises[].category',
  'program.workout.exercises[].superset_group',
  'program.workout.exercises[].sets[].id',
  'program.workout.exercises[].sets[].tempo',
  'program.workout.exercises[].sets[].superset_with',
];
const GROUP_PROGRAM_PERSONAL = {
  'program.name': textOf('coachId'),
  'program.workout.name': textOf('coachId'),
  'program.workout.notes': textOf('coachId'),
  'program.workout.exercises[].heading': textOf('coachId'),
  'program.workout.exercises[].notes': textOf('coachId'),
};

/**
 * Template content (names, descriptions, notes) is a coach's published work, shared
 * and copied by others and relied on by assignments, so it stays readable; a workout
 * made from it carries its copy under the athlete's key.
 */
const TEMPLATE_WORKOUT = [
  'notes',
  'exercises[].exercise_name',
  'exercises[].heading',
  'exercises[].category',
  'exercises[].notes',
  'exercises[].superset_group',
  'exercises[].sets[].id',
  'exercises[].sets[].tempo',
  'exercises[].sets[].superset_with',
  'workoutId',
  'key',
  'dayKey',
  'targetDate',
  'name',
];
const TEMPLATE_CONTENT = [
  'name',
  'description',
  'templateId',
  'ownerId',
  ...[
    'id',
    'name',
    'notes',
    'exercises[].exercise_name',
    'exercises[].heading',
    'exercises[].category',
    'exercises[].notes',
    'exercises[].superset_group',
    'exercises[].sets[].id',
    'exercises[].sets[].tempo',
    'exercises[].sets[].superset_with',
  ].map((p) => `workouts.*[].${p}`),
];

/** The library's exercises are shared vocabulary (workouts and team figures group by their names), not anyone's personal data. */
const EXERCISE = ['exerciseId', 'createdBy', 'name', 'pattern', 'muscles[]', 'joints[]', 'useCase', 'youtubeUrl'];

export const EVENT_CLASSIFICATION: Record<string, EventClassification> = {
  // accounts
  UserRegistered: { personal: { email: textOf('userId'), fullName: nameOf('userId') }, plain: ['userId', 'inviteId'] },
  EmailConfirmationRequested: { personal: { email: textOf('userId'), name: nameOf('userId') }, plain: ['userId'] },
  EmailConfirmed: { personal: { email: textOf('userId'), name: nameOf('userId') }, plain: ['userId'] },
  PasswordResetRequested: { personal: { email: textOf('userId'), name: nameOf('userId') }, plain: ['userId'] },
  PasswordReset: { plain: ['userId'] },
  BecameCoach: { plain: ['userId'] },
  ProfileUpdated: { personal: { displayName: nameOf('userId'), firstName: nameOf('userId'), lastName: nameOf('userId') }, plain: ['userId', 'timeZone'] },
  CoachBrandingSet: { plain: ['userId', 'primary', 'secondary', 'accent'] },
  CoachBrandingCleared: { plain: ['userId'] },
  // coaching: an invitation's address and name are the invitee's, who may have no account yet
  InviteSent: { personal: { email: inviteeText('email'), athleteName: inviteeName('email'), coachName: nameOf('coachId') }, plain: ['inviteId', 'coachId'] },
  InviteResent: { personal: { email: inviteeText('email'), athleteName: inviteeName('email'), coachName: nameOf('coachId') }, plain: ['inviteId', 'coachId'] },
  InviteAccepted: { personal: { email: textOf('athleteId') }, plain: ['inviteId', 'coachId', 'athleteId'] },
  InviteRevoked: { personal: { email: inviteeText('email') }, plain: ['inviteId', 'coachId'] },
  ClientLinked: { personal: { email: textOf('athleteId') }, plain: ['linkId', 'coachId', 'athleteId'] },
  ClientUnlinked: { plain: ['linkId', 'coachId', 'athleteId'] },
  // network
  ConnectionRequested: { personal: { notes: textOf('requesterId') }, plain: ['connectionId', 'requesterId', 'recipientId', 'connectionType'] },
  ConnectionAccepted: { plain: ['connectionId', 'requesterId', 'recipientId', 'by'] },
  ConnectionRejected: { plain: ['connectionId', 'requesterId', 'recipientId', 'by'] },
  ConnectionRemoved: { plain: ['connectionId', 'requesterId', 'recipientId', 'by'] },
  UserBlocked: { plain: ['blockerId', 'blockedId'] },
  UserUnblocked: { plain: ['blockerId', 'blockedId'] },
  // messaging: a message is its sender's
  ConversationStarted: { plain: ['conversationId', 'participantIds[]', 'startedBy', 'startedAt'] },
  ConversationReopened: { plain: ['conversationId', 'userId'] },
  MessageSent: {
    personal: { content: textOf('senderId'), 'metadata.*': textOf('senderId') },
    plain: ['conversationId', 'messageId', 'senderId', 'messageType', 'replyToId', 'sentAt'],
  },
  MessageDeleted: { plain: ['conversationId', 'messageId', 'deletedBy', 'deletedAt'] },
  ConversationRead: { plain: ['conversationId', 'userId', 'readAt'] },
  ConversationDeleted: { plain: ['conversationId', 'userId'] },
  // training
  WorkoutScheduled: { personal: WORKOUT_PERSONAL, plain: [...WORKOUT_PLAIN, 'scheduledBy', 'templateId', 'assignmentId', 'importId'] },
  WorkoutRevised: { personal: WORKOUT_PERSONAL, plain: [...WORKOUT_PLAIN, 'assignmentId'] },
  WorkoutMoved: { plain: ['workoutId', 'athleteId', 'fromDate', 'toDate'] },
  WorkoutDeleted: { plain: ['workoutId', 'athleteId', 'date'] },
  WorkoutRestored: { plain: ['workoutId', 'athleteId', 'date'] },
  SetActualRecorded: { plain: ['workoutId', 'athleteId', 'date', 'exerciseName', 'setId', 'doneAt'] },
  // performance
  PerformanceLogged: { plain: ['entryId', 'athleteId', 'exerciseName', 'date', 'loggedBy'] },
  PerformanceEntryRemoved: { plain: ['entryId', 'athleteId', 'removedBy'] },
  // recaps: the mail's address and name, and the next workout's name
  WeeklyRecapSent: { personal: { email: textOf('athleteId'), name: nameOf('athleteId'), 'summary.nextWorkout': textOf('athleteId') }, plain: ['athleteId', 'week'] },
  // library
  ExerciseAdded: { plain: [...EXERCISE, 'exerciseType'] },
  ExerciseEdited: { plain: EXERCISE },
  ExerciseRemoved: { plain: ['exerciseId', 'createdBy'] },
  // templates
  TemplateCreated: { plain: [...TEMPLATE_CONTENT, 'copiedFrom'] },
  TemplateRevised: { plain: TEMPLATE_CONTENT },
  TemplateDeleted: { plain: ['templateId', 'ownerId'] },
  TemplateAssigned: {
    plain: [
      'assignmentId',
      'templateId',
      'templateName',
      'coachId',
      'athleteId',
      'startDate',
      'endDate',
      ...['workoutId', 'key', 'dayKey', 'targetDate', 'name'].map((p) => `workouts[].${p}`),
    ],
  },
  TemplateUnassigned: { plain: ['assignmentId', 'templateId', 'coachId', 'athleteId', 'deletedWorkoutIds[]'] },
  AssignmentResynced: {
    plain: [
      'assignmentId',
      'templateId',
      'athleteId',
      'endDate',
      'removedWorkoutIds[]',
      'kept[].workoutId',
      'kept[].key',
      'kept[].date',
      ...TEMPLATE_WORKOUT.flatMap((p) => [`revised[].${p}`, `added[].${p}`]),
    ],
  },
  // comments: a comment is its author's
  WorkoutCommentPosted: {
    personal: { text: textOf('authorId') },
    plain: ['commentId', 'workoutId', 'athleteId', 'coachId', 'authorId', 'setId', 'postedAt'],
  },
  WorkoutCommentsRead: { plain: ['workoutId', 'readerId', 'readUpTo'] },
  // readiness: the note is the athlete's
  ReadinessCheckedIn: { personal: { note: textOf('athleteId') }, plain: ['athleteId', 'date'] },
  ReadinessCheckInCorrected: { personal: { note: textOf('athleteId') }, plain: ['athleteId', 'date'] },
  // groups: a group's name and a single workout given to it are the coach's free text (a
  // label may name people: "Sam's rehab"); a template's name stays plain, as above.
  GroupCreated: { personal: { name: textOf('coachId') }, plain: ['groupId', 'coachId'] },
  GroupRenamed: { personal: { name: textOf('coachId') }, plain: ['groupId', 'coachId'] },
  GroupArchived: { plain: ['groupId', 'coachId'] },
  AthleteAddedToGroup: { plain: ['groupId', 'coachId', 'athleteId'] },
  AthleteRemovedFromGroup: { plain: ['groupId', 'coachId', 'athleteId'] },
  GroupProgramAssigned: { personal: GROUP_PROGRAM_PERSONAL, plain: [...GROUP_PROGRAM_PLAIN, 'athleteIds[]'] },
  GroupProgramJoined: { personal: GROUP_PROGRAM_PERSONAL, plain: [...GROUP_PROGRAM_PLAIN, 'athleteId', 'fromDate'] },
  // privacy
  AccountErased: { plain: ['userId', 'at', 'coachIds[]'] },
};

/** The personal fields of an event type, or none. */
export function personalFieldsOf(type: string): [string, PersonalField][] {
  const personal = EVENT_CLASSIFICATION[type]?.personal;
  return personal ? Object.entries(personal) : [];
}
