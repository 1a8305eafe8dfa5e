/**
 * The tables, typed for Kysely. One schema serves SQLite and PostgreSQL: times are epoch
 * milliseconds (bigint), booleans are 0/1 integers, ids are UUID text.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_failures: LoginFailuresTable;
}

export interface UsersTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  marketing_opt_in: number;
  created_at: number;
  updated_at: number;
}

/** A session is one family of refresh tokens, begun by a sign-in. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  last_used_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  first_failed_at: number;
  locked_until: number | null;
}
