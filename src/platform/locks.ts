/**
 * Every PostgreSQL advisory lock the system takes, in one list, so that no number is
 * used for two things and the CLI's status reads the same numbers as the server.
 * A lock with a second key uses hashtext(<name>) of what it guards.
 */

/** Migrations: one process migrates at a time. */
export const MIGRATION_LOCK = 7321001;
/** Held by the process that runs (owns) a projection (second key: the projection's name). */
export const OWNERSHIP_LOCK = 7321002;
/** Creating a projection's generation of tables (second key: the projection's name). */
export const SCHEMA_LOCK = 7321003;
/** One durable rate-limit bucket at a time (second key: the bucket). */
export const RATE_LIMIT_LOCK = 7321004;
/** The per-recipient mail limit of the e-mail demo page (second key: the recipient). */
export const MAIL_LIMIT_LOCK = 7321005;
/** Held for the whole of a rebuild, so two rebuilds of one projection cannot overlap. */
export const REBUILD_LOCK = 7321006;
/**
 * Retired: migration 011's es_append took it shared (migration 014 replaced that with
 * the table lock). Listed so that nothing takes it again while an old function may exist.
 */
export const RETIRED_APPEND_LOCK = 7321010;
/** The demo seed at start-up: two servers starting together seed once. */
export const SEED_LOCK = 7321011;
/** One pass of the unread workout comment mail at a time, across servers. */
export const COMMENT_MAIL_LOCK = 7321021;
