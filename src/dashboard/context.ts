// What the dashboard's modules share: the Dashboard handle the routes receive, and its errors.
import type { Config } from '../config';
import type { AppContext } from '../http/context';
import type { Renderer } from '../render';
import type { SessionInfo, Store } from '../store';
import type { Form } from './forms';

/** What the dashboard's route modules share. */
export interface Dashboard {
  readonly store: Store;
  readonly renderer: Renderer;
  readonly config: Config;
  readonly now: () => Date;
  /** renders a view as the response, with the layout's common data */
  page(ctx: AppContext, view: string, data?: Record<string, unknown>, status?: number): void;
  /** the request's session (routes after requireSession) */
  session(ctx: AppContext): SessionInfo;
  /** the posted form, its CSRF token checked */
  form(ctx: AppContext): Promise<Form>;
}

/** A failure shown to a dashboard user as a page: a status and a sentence, nothing internal. */
export class DashboardError extends Error {
  readonly headers: Readonly<Record<string, string>>;
  constructor(readonly status: number, message: string, options: { headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DashboardError';
    this.headers = options.headers ?? {};
  }
}

export function csrfRefused(): DashboardError {
  return new DashboardError(403, 'This form has expired or did not come from the dashboard. Reload the page and try again.');
}
