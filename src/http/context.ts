// What the middleware of one request hand each other (ctx.state).
import type { ParameterizedContext, Next } from 'koa';
import type { Logger } from '../log';
import type { Account, ApiKey } from '../store';
import type { GenerateRequest } from './schemas/generate';

export interface AppState {
  /** X-Request-Id of this request (echoed or generated) */
  reqId: string;
  /** logger whose every line carries reqId */
  log: Logger;
  /** set by auth() */
  apiKey?: ApiKey;
  /** set by activeSubscription() */
  account?: Account;
  /** set by readJsonBody() */
  body?: Record<string, unknown>;
  /** set by validate() */
  request?: GenerateRequest;
}

export type AppContext = ParameterizedContext<AppState>;
export type Middleware = (ctx: AppContext, next: Next) => Promise<void>;
