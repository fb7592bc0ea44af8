// What the middleware of one request hand each other (ctx.state).
import type { ParameterizedContext, Next } from 'koa';
import type { Logger } from '../log';
import type { Account, ApiKey, SessionInfo } from '../store';
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
  /** the template version a render used, set by generatePdf() (usage records it) */
  rendered?: { readonly templateId: string; readonly version: number; readonly pages: number };
  /** the dashboard's signed-in user, set by its requireSession() */
  session?: SessionInfo;
}

export type AppContext = ParameterizedContext<AppState>;
export type Middleware = (ctx: AppContext, next: Next) => Promise<void>;
