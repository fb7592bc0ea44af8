// The store: one SQLite file (accounts, keys, templates with their versions and asset blobs). http and cli reach the data only through here.
import { AccountStore } from './accounts';
import { ApiKeyStore } from './apiKeys';
import type { Db } from './db';
import { TemplateStore } from './templates';

export { openDatabase, isReachable, schemaVersion, MIGRATIONS, DB_FILE_NAME, type Db } from './db';
export { AccountStore, hasActiveSubscription, SUBSCRIPTION_STATUSES, type Account, type SubscriptionStatus } from './accounts';
export { ApiKeyStore, KEY_PATTERN, hashKey, type ApiKey } from './apiKeys';
export {
  TemplateStore, TemplateIdTakenError, TemplateVersionMismatchError, TemplateAssetsTooLargeError, TEMPLATE_ID_PATTERN, sha256Hex,
  type Template, type SaveTemplateInput, type TemplateContent, type TemplateVersion, type TemplateVersionSummary, type AssetRef,
  type AssetChange, type PutAssetInput, type ListOptions, type UpdateOptions,
} from './templates';

export interface Store {
  readonly db: Db;
  readonly accounts: AccountStore;
  readonly apiKeys: ApiKeyStore;
  readonly templates: TemplateStore;
}

export function createStore(db: Db): Store {
  return { db, accounts: new AccountStore(db), apiKeys: new ApiKeyStore(db), templates: new TemplateStore(db) };
}
