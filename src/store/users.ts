// Dashboard users and their sessions. A user belongs to one account and signs in with an email
// and a password; the password is kept as a scrypt hash (node:crypto) with its own salt and
// cost parameters, so the cost can be raised later without breaking stored hashes. A session
// is a random cookie token of which only the SHA-256 is stored, with the CSRF token its forms
// carry and an expiry.
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { statement, type Db } from './db';
import { newId, nowIso, randomBase62 } from './ids';

export interface User {
  readonly id: string;
  readonly accountId: string;
  readonly email: string;
  readonly createdAt: string;
}

interface UserRow { id: string; account_id: string; email: string; password_hash: string; created_at: string }

const toUser = (r: UserRow): User => ({ id: r.id, accountId: r.account_id, email: r.email, createdAt: r.created_at });

/** scrypt cost: N = 2^15, r = 8, p = 1 (32 MiB, tens of ms), 64-byte key, 16-byte salt. */
const SCRYPT = { N: 32768, r: 8, p: 1, keyLength: 64, saltLength: 16 } as const;

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;
const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

export class UserInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserInputError';
  }
}

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 128 * params.N * params.r * params.p + 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLength);
  const hash = await derive(password, salt, SCRYPT, SCRYPT.keyLength);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Whether `password` matches a stored hash; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (expected.length === 0) return false;
  const actual = await derive(password, salt, { N, r, p }, expected.length);
  return timingSafeEqual(actual, expected);
}

/** Compared against when the email is unknown, so both answers take as long. */
let decoyHash: Promise<string> | undefined;

export interface SessionInfo {
  readonly user: User;
  readonly csrfToken: string;
  readonly expiresAt: string;
}

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

export class UserStore {
  constructor(private readonly db: Db) {}

  async create(input: { accountId: string; email: string; password: string }): Promise<User> {
    const email = input.email.trim();
    if (!EMAIL_PATTERN.test(email)) throw new UserInputError(`"${email}" is not an email address`);
    if ([...input.password].length < MIN_PASSWORD_LENGTH) throw new UserInputError(`the password must have at least ${MIN_PASSWORD_LENGTH} characters`);
    if (input.password.length > MAX_PASSWORD_LENGTH) throw new UserInputError(`the password may have at most ${MAX_PASSWORD_LENGTH} characters`);
    const passwordHash = await hashPassword(input.password);
    const id = newId('usr');
    try {
      statement(this.db, 'INSERT INTO users (id, account_id, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(id, input.accountId, email, passwordHash, nowIso());
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new UserInputError(`a user with the email ${email} already exists`);
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw new UserInputError(`no account ${input.accountId}`);
      throw err;
    }
    return this.get(id)!;
  }

  get(id: string): User | undefined {
    const row = statement(this.db, 'SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
    return row && toUser(row);
  }

  byEmail(email: string): User | undefined {
    const row = statement(this.db, 'SELECT * FROM users WHERE email = ?').get(email.trim()) as UserRow | undefined;
    return row && toUser(row);
  }

  list(accountId: string): User[] {
    return (statement(this.db, 'SELECT * FROM users WHERE account_id = ? ORDER BY created_at, id').all(accountId) as UserRow[]).map(toUser);
  }

  /** The user with this email and password; undefined otherwise, in about the same time either way. */
  async authenticate(email: string, password: string): Promise<User | undefined> {
    if (password.length > MAX_PASSWORD_LENGTH) return undefined;
    const row = statement(this.db, 'SELECT * FROM users WHERE email = ?').get(email.trim()) as UserRow | undefined;
    if (!row) {
      decoyHash ??= hashPassword(randomBase62(20));
      await verifyPassword(password, await decoyHash);
      return undefined;
    }
    return (await verifyPassword(password, row.password_hash)) ? toUser(row) : undefined;
  }

  /** A new session: the cookie token (returned once, only its hash is kept) and its CSRF token. */
  createSession(userId: string, now: Date = new Date()): { token: string; csrfToken: string } {
    const token = randomBase62(43);
    const csrfToken = randomBase62(32);
    statement(this.db, 'INSERT INTO sessions (token_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(hashToken(token), userId, csrfToken, nowIso(now), nowIso(new Date(now.getTime() + SESSION_TTL_MS)));
    // expired sessions go whenever a new one starts
    statement(this.db, 'DELETE FROM sessions WHERE expires_at < ?').run(nowIso(now));
    return { token, csrfToken };
  }

  /** The session of a cookie token, unless unknown or expired. */
  session(token: string, now: Date = new Date()): SessionInfo | undefined {
    if (!/^[0-9A-Za-z]{43}$/.test(token)) return undefined;
    const row = statement(this.db, `SELECT s.csrf_token, s.expires_at, u.* FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = ? AND s.expires_at > ?`).get(hashToken(token), nowIso(now)) as (UserRow & { csrf_token: string; expires_at: string }) | undefined;
    return row && { user: toUser(row), csrfToken: row.csrf_token, expiresAt: row.expires_at };
  }

  endSession(token: string): void {
    statement(this.db, 'DELETE FROM sessions WHERE token_hash = ?').run(hashToken(token));
  }
}
