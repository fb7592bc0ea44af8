// The store: one SQLite file (accounts, keys, templates with their versions and asset blobs, dashboard users and sessions, usage). http and cli reach the data only through here.
import { AccountStore } from './accounts';
import { ApiKeyStore } from './apiKeys';
import type { Db } from './db';
import { TemplateStore } from './templates';
import { UsageStore } from './usage';
import { UserStore } from './users';

export { openDatabase, isReachable, schemaVersion, MIGRATIONS, DB_FILE_NAME, type Db } from './db';
export { AccountStore, hasActiveSubscription, SUBSCRIPTION_STATUSES, type Account, type SubscriptionStatus } from './accounts';
export { ApiKeyStore, KEY_PATTERN, hashKey, type ApiKey } from './apiKeys';
export {
  TemplateStore, TemplateIdTakenError, TemplateVersionMismatchError, TemplateAssetsTooLargeError, TEMPLATE_ID_PATTERN, sha256Hex,
  type Template, type SaveTemplateInput, type TemplateContent, type TemplateVersion, type TemplateVersionSummary, type AssetRef,
  type AssetChange, type PutAssetInput, type ListOptions, type UpdateOptions, type TemplateSummary,
} from './templates';
export { UserStore, UserInputError, MIN_PASSWORD_LENGTH, SESSION_TTL_MS, hashPassword, verifyPassword, type User, type SessionInfo } from './users';
export { UsageStore, type UsageRecord, type DayCount, type Failure, type DurationSummary } from './usage';

export interface Store {
  readonly db: Db;
  readonly accounts: AccountStore;
  readonly apiKeys: ApiKeyStore;
  readonly templates: TemplateStore;
  readonly users: UserStore;
  readonly usage: UsageStore;
}

/** One usage buffer per database connection, so every Store over it flushes the same pending rows. */
const usageStores = new WeakMap<Db, UsageStore>();

function usageFor(db: Db): UsageStore {
  let usage = usageStores.get(db);
  if (!usage) { usage = new UsageStore(db); usageStores.set(db, usage); }
  return usage;
}

export function createStore(db: Db): Store {
  return { db, accounts: new AccountStore(db), apiKeys: new ApiKeyStore(db), templates: new TemplateStore(db), users: new UserStore(db), usage: usageFor(db) };
}
