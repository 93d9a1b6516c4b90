/**
 * The longest text each field takes, in characters, as the server enforces it: one
 * definition the server's schemas and deciders check and the web's inputs carry as
 * `maxLength`, so a form never lets someone type what the server then refuses.
 */
export const TEXT_LIMITS = {
  /** An e-mail address (RFC 5321's 254). */
  email: 254,
  /** A password (the schema allows 4× for multi-byte text; the rule counts characters). */
  password: 128,
  /** Sign-up's full name. */
  fullName: 200,
  /** First and last name in the profile, each. */
  profileName: 100,
  /** A coach access code or an invitation token. */
  accessCode: 200,
  /** A workout's title. */
  workoutName: 200,
  /** A workout's notes. */
  workoutNotes: 5000,
  /** An exercise's name, in a workout and in the library. */
  exerciseName: 200,
  /** An exercise's heading in a workout ("A1"). */
  exerciseHeading: 10,
  /** An exercise's notes in a workout. */
  exerciseNotes: 2000,
  /** A program template's name. */
  templateName: 200,
  /** A program template's description. */
  templateDescription: 2000,
  /** A chat message, after trimming. */
  message: 4000,
  /** What message search looks for. */
  messageSearch: 200,
  /** An access token's name. */
  accessTokenName: 100,
} as const;

/** Message search answers at most this many, newest first. */
export const MESSAGE_SEARCH_LIMIT = 20;
