/**
 * The authorisation matrix's vocabulary. A row names one registered route, builds a
 * request against the OWN tenant's objects (ownCoach and their linked ownAthlete),
 * and says what each caller must get. `request` runs afresh for every caller, so a
 * row may create what it acts on (a DELETE row deletes a new object each time).
 */
export type Caller = 'anonymous' | 'ownCoach' | 'otherCoach' | 'ownAthlete' | 'otherAthlete';

export const CALLERS: readonly Caller[] = ['anonymous', 'ownCoach', 'otherCoach', 'ownAthlete', 'otherAthlete'];

export interface Account {
  id: string;
  email: string;
  password: string;
  accessToken: string;
}

export interface AuthzWorld {
  ids: { ownCoach: string; ownAthlete: string; otherCoach: string; otherAthlete: string };
  emails: { ownCoach: string; ownAthlete: string; otherCoach: string; otherAthlete: string };
  /** Every account's password is this one. */
  password: string;
  call(caller: Caller, method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; json: any }>;

  /** A new confirmed, signed-in account made with the access code (a coach), in no tenant. */
  freshUser(name?: string): Promise<Account>;
  /** A new athlete who signed up from ownCoach's invitation and is linked to ownCoach. */
  newLinkedAthlete(): Promise<Account>;
  /** A new account that accepted ownCoach's invitation but is not linked yet. */
  acceptedInvitee(): Promise<Account>;
  /** A workout of ownAthlete, scheduled by ownCoach; resolves once readable. */
  linkedWorkout(date?: string): Promise<string>;
  /** A workout body for ownAthlete (what POST/PUT /api/manage-workouts take). */
  workoutBody(date?: string): Record<string, unknown>;
  /** A custom exercise made by ownCoach. */
  ownExercise(): Promise<string>;
  /** Waits until the read models have applied a command's checkpoint. */
  settled(checkpoint: string | null | undefined): Promise<void>;
  /** Sends a command as a given account and fails loudly unless it succeeds. */
  as(account: Account | Caller, method: string, url: string, body?: unknown): Promise<any>;
}

export interface AuthzRequest {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface AuthzRow {
  /** 'METHOD /path/:param' exactly as registered in Fastify. */
  route: string;
  /** `headers` for a body that is not JSON (a CSV file: `content-type: text/csv`). */
  request(w: AuthzWorld): Promise<AuthzRequest> | AuthzRequest;
  expect: Record<Caller, number | number[]>;
}

/** Shorthands for the common shapes of a row's expectations. */
export const signedIn = (status: number | number[]): Record<Caller, number | number[]> => ({
  anonymous: 401,
  ownCoach: status,
  otherCoach: status,
  ownAthlete: status,
  otherAthlete: status,
});

export const everyone = (status: number | number[]): Record<Caller, number | number[]> => ({
  anonymous: status,
  ownCoach: status,
  otherCoach: status,
  ownAthlete: status,
  otherAthlete: status,
});
