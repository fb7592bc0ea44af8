// One registry of error codes: src/errors.ts, src/docs/api.md and the served OpenAPI document
// must name the same set (with the same statuses). And the README lists every PLATEN_* knob.
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { ERROR_CODES } from '../../src/errors';
import { repoRoot } from '../../src/paths';
import { startTestServer, toAnswer, type TestServer } from '../helpers/server';

describe('docs: error codes in the registry, api.md and OpenAPI agree', () => {
  let server: TestServer;
  let openapi: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  before(async () => {
    server = await startTestServer();
    const a = await toAnswer(await fetch(`${server.url}/v1/openapi.json`));
    expect(a.status).to.equal(200);
    openapi = a.json;
  });
  after(async () => { await server.close(); });

  const registry = Object.keys(ERROR_CODES).sort();

  it('api.md describes every code, with its status, and no other', () => {
    const md = readFileSync(join(repoRoot, 'src', 'docs', 'api.md'), 'utf8');
    const section = md.slice(md.indexOf('Every error code:'));
    const rows = [...section.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1]!, Number(m[2])] as const);
    expect(rows.map(([c]) => c).sort()).to.deep.equal(registry);
    for (const [code, status] of rows) expect(status, code).to.equal(ERROR_CODES[code as keyof typeof ERROR_CODES].status);
  });

  it('the OpenAPI document is 3.1 and lists the same codes, each under its status', () => {
    expect(openapi.openapi).to.match(/^3\.1\./);
    expect([...openapi.components.schemas.Problem.properties.code.enum].sort()).to.deep.equal(registry);
    const byResponse = new Set<string>();
    for (const op of Object.values(openapi.paths as Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: { allOf?: { properties?: { code?: { enum: string[] } } }[] } }> }> }>>)) {
      for (const method of Object.values(op)) {
        for (const [status, response] of Object.entries(method.responses)) {
          const codes = response.content?.['application/problem+json']?.schema?.allOf?.[1]?.properties?.code?.enum ?? [];
          for (const c of codes) {
            expect(ERROR_CODES[c as keyof typeof ERROR_CODES]?.status, c).to.equal(Number(status));
            byResponse.add(c);
          }
        }
      }
    }
    // every response lists the registry's codes of its status, so a new code is documented where it belongs
    expect([...byResponse].sort()).to.deep.equal(registry);
  });

  it('every $ref in the OpenAPI document resolves', () => {
    const refs = [...JSON.stringify(openapi).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).to.be.greaterThan(3);
    for (const ref of refs) {
      const target = ref.split('/').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], openapi);
      expect(target, ref).to.be.an('object');
    }
  });

  it('the README documents every PLATEN_* environment variable the code reads', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    // the service's knobs: config and every module the service runs (benchmarks have their own)
    const tsUnder = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
    const sources = [join(repoRoot, 'src', 'config.ts'), ...['render', 'http', 'store', 'cli', 'pdf', 'template'].flatMap((d) => tsUnder(join(repoRoot, 'src', d)))];
    const vars = new Set(sources.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/PLATEN_[A-Z_]+/g)].map((m) => m[0])));
    expect(vars.size).to.be.greaterThan(5);
    for (const v of vars) expect(readme, v).to.contain(`\`${v}\``);
  });
});

describe('http: other routes', () => {
  let server: TestServer;
  before(async () => { server = await startTestServer(); });
  after(async () => { await server.close(); });

  it('GET /healthz → 200 with X-Request-Id', async () => {
    const a = await toAnswer(await fetch(`${server.url}/healthz`));
    expect(a.status).to.equal(200);
    expect(a.json.status).to.equal('ok');
    expect(a.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('GET /readyz → 200 while the database answers, 503 when it does not', async () => {
    expect((await fetch(`${server.url}/readyz`)).status).to.equal(200);
    const s2 = await startTestServer();
    s2.db.close();
    const a = await toAnswer(await fetch(`${s2.url}/readyz`));
    expect(a.status).to.equal(503);
    expect(a.json.status).to.equal('unavailable');
    // close() closes the db again: reopen a throwaway handle so it can
    Object.assign(s2, { db: { close() {} } });
    await s2.close();
  });

  it('an unknown route → 404 not_found as problem+json', async () => {
    const a = await toAnswer(await fetch(`${server.url}/v1/nope`));
    expect(a.status).to.equal(404);
    expect(a.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(a.json.code).to.equal('not_found');
    expect(a.headers.get('x-request-id')).to.be.a('string');
  });

  it('GET /v1/pdf/generate → 405 method_not_allowed', async () => {
    const a = await toAnswer(await fetch(`${server.url}/v1/pdf/generate`));
    expect(a.status).to.equal(405);
    expect(a.json.code).to.equal('method_not_allowed');
    expect(a.headers.get('allow')).to.equal('POST');
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const ok = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'abc-123.DEF_4:5' } });
    expect(ok.headers.get('x-request-id')).to.equal('abc-123.DEF_4:5');
    for (const bad of ['a b', 'x'.repeat(129), '<script>', '']) {
      const r = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': bad } });
      expect(r.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    }
  });

  /** raw bytes over a socket; resolves with everything the server sent before closing */
  const raw = (port: number, bytes: string) => new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let got = '';
    socket.on('data', (d) => { got += d.toString(); });
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
  });
  const problemOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

  it('answers malformed HTTP with 400 malformed_request as problem+json with X-Request-Id', async () => {
    const answer = await raw(server.port, 'THIS IS NOT HTTP\r\n\r\n');
    expect(answer).to.match(/^HTTP\/1\.1 400 /);
    expect(answer).to.match(/\r\nContent-Type: application\/problem\+json\r\n/);
    expect(answer).to.match(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
    expect(problemOf(answer)).to.include({ status: 400, code: 'malformed_request' });
  });

  it('answers headers over 16 KiB with 431 headers_too_large as problem+json', async () => {
    const answer = await raw(server.port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).to.match(/^HTTP\/1\.1 431 /);
    expect(problemOf(answer)).to.include({ status: 431, code: 'headers_too_large' });
  });

  it('cuts off a client that sends its headers too slowly (408, connection closed)', async () => {
    const slow = await startTestServer({ config: { headersTimeoutMs: 400, requestTimeoutMs: 800 } });
    try {
      const started = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(slow.port, '127.0.0.1', () => socket.write('POST /v1/pdf/generate HTTP/1.1\r\nHost: x\r\n'));
        let got = '';
        socket.on('data', (d) => { got += d.toString(); });
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
      });
      expect(answer).to.match(/^HTTP\/1\.1 408/);
      expect(problemOf(answer)).to.include({ status: 408, code: 'request_timeout' });
      expect(Date.now() - started).to.be.lessThan(3000);
    } finally {
      await slow.close();
    }
  });
});
