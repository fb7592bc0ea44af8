// The served OpenAPI document is exact enough for a generated client (openapi-typescript types,
// type-checked by the repository's TypeScript) and tight enough that real answers of the
// running app validate against the schemas it gives for them (Ajv, JSON Schema 2020-12).
import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import Ajv2020 from 'ajv/dist/2020';
import { seedAccount, startTestServer, toAnswer, type SeededAccount, type TestServer } from '../helpers/server';

const CLIENT = `
import type { components, paths } from './api';

type GenerateBody = paths['/v1/pdf/generate']['post']['requestBody']['content']['application/json'];
type PreviewBody = paths['/v1/pdf/preview']['post']['requestBody']['content']['application/json'];
type Problem = components['schemas']['Problem'];

// params with any values, and no format (it has a default)
export const generate: GenerateBody = { templateId: 'invoice', params: { customer: 'Acme', items: [{ qty: 2, price: 9.5 }], paid: false, note: null } };
export const withFormat: GenerateBody = { templateId: 'invoice', format: 'Letter', params: null };
export const firstPage: paths['/v1/templates']['get']['parameters']['query'] = {};
export const preview: PreviewBody = { html: '<p>{{ n }}</p>', params: { n: 1 } };

// @ts-expect-error format is one of the page sizes
export const badFormat: GenerateBody = { templateId: 'invoice', format: 'B9' };
// @ts-expect-error no member outside the request's own
export const unknownField: GenerateBody = { templateId: 'invoice', paper: 'A4' };

// the problem members a client reads
export function where(p: Problem): string {
  const at: number | undefined = p.line;
  const col: number | undefined = p.column;
  const limit: string | undefined = p.limit;
  const max: number | undefined = p.max;
  return \`\${p.code} \${at ?? 0}:\${col ?? 0} \${limit ?? ''} \${max ?? ''} \${p.key ?? ''} \${p.path ?? ''} \${(p.allowed ?? []).join()}\`;
}
export const code: Problem['code'] = 'invalid_json';
// @ts-expect-error codes come from the registry
export const noSuchCode: Problem['code'] = 'no_such_code';
`;

describe('docs: the OpenAPI document drives a generated client and describes the real answers', () => {
  let server: TestServer;
  let acme: SeededAccount;
  let doc: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  before(async () => {
    server = await startTestServer();
    acme = seedAccount(server.store, { name: 'Acme' });
    server.store.templates.save({ accountId: acme.account.id, id: 'hello', name: 'Hello', html: '<h1>Hello {{ name }}</h1>' });
    doc = (await toAnswer(await fetch(`${server.url}/v1/openapi.json`))).json;
  });
  after(async () => { await server.close(); });

  it('openapi-typescript types from GET /v1/openapi.json type-check a client that sends params and no format', async function () {
    this.timeout(60_000);
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const dir = mkdtempSync(join(tmpdir(), 'platen-client-'));
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(doc as never)));
    writeFileSync(join(dir, 'client.ts'), CLIENT);
    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).to.deep.equal([]);
  });

  describe('real answers validate against the document', () => {
    const ajv = () => {
      const a = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
      a.addSchema(doc, 'openapi');
      return a;
    };
    const pointer = (...parts: string[]) => `openapi#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

    const cases: { name: string; path: string; method: 'post' | 'get'; auth?: boolean; body?: unknown; raw?: string; status: number; code?: string }[] = [
      { name: 'generate 200', path: '/v1/pdf/generate', method: 'post', body: { templateId: 'hello', params: { name: 'Ada' } }, status: 200 },
      { name: 'unauthorized', path: '/v1/pdf/generate', method: 'post', auth: false, body: { templateId: 'hello' }, status: 401, code: 'unauthorized' },
      { name: 'invalid_json with line and column', path: '/v1/pdf/generate', method: 'post', raw: '{\n"templateId": }', status: 400, code: 'invalid_json' },
      { name: 'unknown_field', path: '/v1/pdf/generate', method: 'post', body: { templateId: 'hello', paper: 'A4' }, status: 400, code: 'unknown_field' },
      { name: 'unsupported_format', path: '/v1/pdf/generate', method: 'post', body: { templateId: 'hello', format: 'B9' }, status: 400, code: 'unsupported_format' },
      { name: 'invalid_params', path: '/v1/pdf/generate', method: 'post', body: { templateId: 'hello', params: [1] }, status: 400, code: 'invalid_params' },
      { name: 'params_reserved_key', path: '/v1/pdf/generate', method: 'post', body: { templateId: 'hello', params: { global: 1 } }, status: 400, code: 'params_reserved_key' },
      { name: 'params_limit_exceeded', path: '/v1/pdf/generate', method: 'post', body: { templateId: 'hello', params: { a: Array.from({ length: 101 }, () => 0) } }, status: 400, code: 'params_limit_exceeded' },
      { name: 'template_not_found', path: '/v1/pdf/generate', method: 'post', body: { templateId: 'nope' }, status: 404, code: 'template_not_found' },
      { name: 'template_version_not_found', path: '/v1/pdf/generate', method: 'post', body: { templateId: 'hello', templateVersion: 9 }, status: 404, code: 'template_version_not_found' },
      { name: 'preview 200 as JSON', path: '/v1/pdf/preview', method: 'post', body: { html: '<p>{{ n }}</p>', params: { n: 1 } }, status: 200 },
      { name: 'preview render_failed with line, column and limit', path: '/v1/pdf/preview', method: 'post', body: { html: '<p>\n{{ range(0, 200000) | length }}</p>' }, status: 500, code: 'render_failed' },
      { name: 'preview template_invalid', path: '/v1/pdf/preview', method: 'post', body: { html: '{{ x | shout }}' }, status: 400, code: 'template_invalid' },
      { name: 'template list 200', path: '/v1/templates', method: 'get', status: 200 },
      { name: 'invalid_query', path: '/v1/templates?limit=0', method: 'get', status: 400, code: 'invalid_query' },
      { name: 'template 404', path: '/v1/templates/nope', method: 'get', status: 404, code: 'template_not_found' },
    ];

    for (const c of cases) {
      it(`${c.name}: ${c.status}${c.code ? ` ${c.code}` : ''} matches its schema`, async () => {
        const headers: Record<string, string> = { 'content-type': 'application/json', accept: c.path === '/v1/pdf/preview' ? 'application/json' : '*/*' };
        if (c.auth !== false) headers.authorization = `Bearer ${acme.key}`;
        const res = await fetch(`${server.url}${c.path}`, { method: c.method.toUpperCase(), headers, ...(c.method === 'post' ? { body: c.raw ?? JSON.stringify(c.body) } : {}) });
        expect(res.status).to.equal(c.status);
        const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
        const templated = c.path.split('?')[0]!;
        const response = doc.paths[templated === '/v1/templates/nope' ? '/v1/templates/{id}' : templated][c.method].responses[String(c.status)];
        expect(response, 'the status is documented').to.be.an('object');
        expect(Object.keys(response.content), 'the media type is documented').to.include(mediaType);
        if (mediaType === 'application/pdf') {
          expect(response.content[mediaType].schema).to.include({ type: 'string', format: 'binary' });
          expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString('latin1')).to.equal('%PDF-');
          return;
        }
        const body = await res.json() as Record<string, unknown>;
        const validate = ajv().getSchema(pointer('paths', templated === '/v1/templates/nope' ? '/v1/templates/{id}' : templated, c.method, 'responses', String(c.status), 'content', mediaType, 'schema'))!;
        expect(validate(body), JSON.stringify(validate.errors)).to.equal(true);
        if (c.code) expect(body.code).to.equal(c.code);
        if (c.code === 'invalid_json') expect(body).to.include({ line: 2, column: 15 });
        if (c.code === 'render_failed') expect(body).to.include({ line: 2, limit: 'range' });
      });
    }

    it('the Problem schema refuses a member it does not list (the check can fail)', () => {
      const validate = ajv().getSchema(pointer('components', 'schemas', 'Problem'))!;
      const problem = { type: 'about:blank', title: 'Invalid JSON', status: 400, code: 'invalid_json', detail: 'x', line: 1, column: 2 };
      expect(validate(problem)).to.equal(true);
      expect(validate({ ...problem, secret: 1 })).to.equal(false);
      expect(validate({ ...problem, code: 'no_such_code' })).to.equal(false);
    });

    it('a request body the schema accepts is not refused for its params or format', async () => {
      const validate = ajv().getSchema(pointer('components', 'schemas', 'GenerateRequest'))!;
      const bodies = [
        { templateId: 'hello', params: { name: 'Ada', list: [1, 'two', { three: [null] }] } },
        { templateId: 'hello', format: 'Letter', params: null },
        { templateId: 'hello', format: 'A5' },
      ];
      for (const body of bodies) {
        expect(validate(body), JSON.stringify(validate.errors)).to.equal(true);
        const res = await fetch(`${server.url}/v1/pdf/generate`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${acme.key}` }, body: JSON.stringify(body) });
        expect(res.status, JSON.stringify(body)).to.equal(200);
      }
      expect(validate({ templateId: 'hello', params: { global: 1 } }), 'the reserved key').to.equal(false);
      expect(validate({ templateId: 'hello', format: 'B9' })).to.equal(false);
    });
  });
});
