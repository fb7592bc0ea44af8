// A signed-in (or anonymous) dashboard user over plain HTTP: fetch with a cookie jar, the CSRF
// token of a page's form, sign-in.
import type { TestServer } from './server';

/** A cookie jar over fetch, as a browser would keep it for one site. */
export class DashboardClient {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly server: TestServer) {}

  async request(path: string, init: { method?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; headers: Headers; text: string }> {
    const headers: Record<string, string> = { ...init.headers, cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    let body: string | undefined;
    if (init.form) { headers['content-type'] = 'application/x-www-form-urlencoded'; body = new URLSearchParams(init.form).toString(); }
    if (init.json !== undefined) { headers['content-type'] = 'application/json'; body = JSON.stringify(init.json); }
    const res = await fetch(`${this.server.url}${path}`, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, redirect: 'manual', ...(body === undefined ? {} : { body }) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1);
      if (/Max-Age=0/.test(c)) this.cookies.delete(pair!.slice(0, eq)); else this.cookies.set(pair!.slice(0, eq), value);
    }
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  /** The CSRF token of the form on `path`. */
  async csrf(path: string): Promise<string> {
    const page = await this.request(path);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
    if (!token) throw new Error(`no CSRF token on ${path} (${page.status})`);
    return token;
  }

  async signIn(user: { email: string; password: string }): Promise<number> {
    const token = await this.csrf('/dashboard/sign-in');
    return (await this.request('/dashboard/sign-in', { form: { _csrf: token, email: user.email, password: user.password } })).status;
  }
}
