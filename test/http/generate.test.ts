// POST /v1/pdf/generate through the real app, real port, real SQLite file: one describe per
// row of CONTRACT.md's check table, then check order, limits, success and page sizes.
import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { PAGE_FORMATS, type PageFormat } from '../../src/engine';
import { PlatenError } from '../../src/errors';
import { DEFAULT_PARAMS_LIMITS, findParamsLimitBreach } from '../../src/http/schemas/paramsLimits';
import type { Renderer } from '../../src/render';
import { parsePdf } from '../helpers/pdf';
import { generate, seedAccount, startTestServer, type Answer, type SeededAccount, type TestServer } from '../helpers/server';

const TEMPLATE_HTML = '<h1>{{ title }}</h1><p>Customer {{ customer.name }}</p><p>From {{ global.company }}</p>';

function expectProblem(answer: Answer, status: number, code: string): void {
  expect(answer.status, JSON.stringify(answer.json)).to.equal(status);
  expect(answer.headers.get('content-type')).to.match(/^application\/problem\+json/);
  expect(answer.json).to.include({ type: 'about:blank', status, code });
  expect(answer.json.title).to.be.a('string');
  expect(answer.json.detail).to.be.a('string');
  expect(answer.headers.get('x-request-id')).to.be.a('string').and.not.be.empty;
}

describe('http: POST /v1/pdf/generate', function () {
  let server: TestServer;
  let acme: SeededAccount;
  let other: SeededAccount;

  before(async () => {
    server = await startTestServer();
    acme = seedAccount(server.store, { name: 'Acme', globals: { company: 'Acme Corp' } });
    other = seedAccount(server.store, { name: 'Other' });
    server.store.templates.save({ accountId: acme.account.id, id: 'hello', name: 'Hello', html: TEMPLATE_HTML });
    server.store.templates.save({ accountId: other.account.id, id: 'others', name: 'Others', html: '<p>secret</p>' });
  });
  after(async () => { await server.close(); });

  describe('1 — 401 unauthorized (identical for every bad key)', () => {
    const variants: [string, () => Record<string, string>][] = [
      ['no Authorization header', () => ({})],
      ['Basic scheme', () => ({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` })],
      ['Bearer without a key', () => ({ authorization: 'Bearer ' })],
      ['unknown key', () => ({ authorization: `Bearer plt_${'A'.repeat(40)}` })],
      ['malformed key', () => ({ authorization: 'Bearer not-a-key' })],
      ['10 KB key', () => ({ authorization: `Bearer plt_${'x'.repeat(10_000)}` })],
      ['non-ASCII key', () => ({ authorization: `Bearer plt_${'é'.repeat(40)}` })],
      ['the key with one character changed', () => ({ authorization: `Bearer ${acme.key.slice(0, -1)}${acme.key.endsWith('z') ? 'y' : 'z'}` })],
    ];
    let reference: Answer | undefined;
    for (const [name, headers] of variants) {
      it(`answers 401 with WWW-Authenticate: Bearer — ${name}`, async () => {
        const a = await generate(server, { headers: headers(), body: { templateId: 'hello' } });
        expectProblem(a, 401, 'unauthorized');
        expect(a.headers.get('www-authenticate')).to.equal('Bearer');
        reference ??= a;
        expect(a.bytes.toString()).to.equal(reference.bytes.toString());
      });
    }

    it('answers 401 for a revoked key', async () => {
      const { key, keyId } = seedAccount(server.store, { name: 'Revoked' });
      expect((await generate(server, { key, body: { templateId: 'x' } })).status).to.equal(404);
      server.store.apiKeys.revoke(keyId);
      const a = await generate(server, { key, body: { templateId: 'x' } });
      expectProblem(a, 401, 'unauthorized');
      expect(a.bytes.toString()).to.equal(reference!.bytes.toString());
    });

    it('accepts the scheme in any case', async () => {
      const a = await generate(server, { headers: { authorization: `bEaReR ${acme.key}` }, body: { templateId: 'hello' } });
      expect(a.status).to.equal(200);
    });

    it('does not read the body before auth: a 20 MB unauthenticated upload gets its 401 at once', async () => {
      const started = Date.now();
      const total = 20 * 1024 * 1024;
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${server.url}/v1/pdf/generate`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(total) } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', (err) => { if (!(err as NodeJS.ErrnoException).code?.startsWith('E')) reject(err); });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        let sent = 0;
        const pump = () => {
          while (sent < total && !req.destroyed) {
            sent += chunk.length;
            if (!req.write(chunk)) { req.once('drain', pump); return; }
          }
        };
        pump();
      });
      expect(status).to.equal(401);
      expect(Date.now() - started).to.be.lessThan(5000);
    });
    it('answers Expect: 100-continue with 401 without inviting the body; a valid key gets 100 Continue', async () => {
      const ask = (key: string | undefined) => new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
        const body = JSON.stringify({ templateId: 'hello' });
        let continued = false;
        const req = httpRequest(`${server.url}/v1/pdf/generate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), expect: '100-continue', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        }, (res) => { res.resume(); res.on('end', () => resolve({ status: res.statusCode ?? 0, continued })); });
        req.on('continue', () => { continued = true; req.end(body); });
        req.on('error', reject);
        req.flushHeaders();
      });
      expect(await ask(undefined)).to.deep.equal({ status: 401, continued: false });
      expect(await ask(acme.key)).to.deep.equal({ status: 200, continued: true });
    });
  });

  describe('2 — 403 subscription_inactive', () => {
    for (const [name, status, until] of [
      ['past_due', 'past_due', null],
      ['canceled', 'canceled', null],
      ['active but past its end date', 'active', '2000-01-01T00:00:00Z'],
    ] as const) {
      it(`answers 403 when the subscription is ${name}`, async () => {
        const s = seedAccount(server.store, { status, until });
        expectProblem(await generate(server, { key: s.key, body: { templateId: 'hello' } }), 403, 'subscription_inactive');
      });
    }
    it('passes an active subscription with an end date in the future', async () => {
      const s = seedAccount(server.store, { status: 'active', until: '2999-01-01T00:00:00Z' });
      expect((await generate(server, { key: s.key, body: { templateId: 'nope' } })).status).to.equal(404);
    });
  });

  describe('3 — 415 unsupported_media_type', () => {
    for (const ct of [null, 'text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', 'application/problem+json']) {
      it(`answers 415 for Content-Type ${String(ct)}`, async () => {
        expectProblem(await generate(server, { key: acme.key, contentType: ct, raw: '{"templateId":"hello"}' }), 415, 'unsupported_media_type');
      });
    }
    it('accepts a charset parameter and any case', async () => {
      expect((await generate(server, { key: acme.key, contentType: 'Application/JSON; charset=utf-8', body: { templateId: 'hello' } })).status).to.equal(200);
    });
  });

  describe('4 — 413 payload_too_large', () => {
    let small: TestServer;
    let s: SeededAccount;
    before(async () => {
      small = await startTestServer({ config: { bodyLimitBytes: 100 } });
      s = seedAccount(small.store);
      small.store.templates.save({ accountId: s.account.id, id: 't', name: 't', html: '<p>{{ x }}</p>' });
    });
    after(async () => { await small.close(); });

    it('passes a body of exactly the limit', async () => {
      const body = JSON.stringify({ templateId: 't', params: { x: '' } });
      const raw = body.replace('"x":""', `"x":"${'a'.repeat(100 - body.length)}"`);
      expect(Buffer.byteLength(raw)).to.equal(100);
      expect((await generate(small, { key: s.key, raw })).status).to.equal(200);
    });
    it('answers 413 one byte over (declared Content-Length)', async () => {
      const body = JSON.stringify({ templateId: 't', params: { x: '' } });
      const raw = body.replace('"x":""', `"x":"${'a'.repeat(101 - body.length)}"`);
      const a = await generate(small, { key: s.key, raw });
      expectProblem(a, 413, 'payload_too_large');
    });
    it('answers 413 for a chunked body that grows past the limit', async () => {
      const big = Buffer.from(JSON.stringify({ templateId: 't', params: { x: 'a'.repeat(5000) } }));
      const stream = new ReadableStream<Uint8Array>({
        start(controller) { controller.enqueue(new Uint8Array(big)); controller.close(); },
      });
      const res = await fetch(`${small.url}/v1/pdf/generate`, { method: 'POST', headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
      expect(res.status).to.equal(413);
      expect((await res.json() as { code: string }).code).to.equal('payload_too_large');
    });
    it('has a 10 MiB default', () => {
      expect(server.config.bodyLimitBytes).to.equal(10 * 1024 * 1024);
    });
  });

  describe('5 — 400 invalid_json', () => {
    for (const raw of ['', '{', '{"templateId": "hello",}', 'null', '[]', '"hello"', '42', '\u00ef\u00bb\u00bf{}x']) {
      it(`answers 400 for ${JSON.stringify(raw)}`, async () => {
        expectProblem(await generate(server, { key: acme.key, raw }), 400, 'invalid_json');
      });
    }
    const located: [string, number, number][] = [
      ['{\n  "templateId": "hello",\n  "params": {"a": }\n}', 3, 19], // V8 names no position for this one
      ['{"templateId": "hello",}', 1, 24],
      ['{\r\n"templateId": "hello"', 2, 22], // end of input
      ['{"templateId": "a\tb"}', 1, 18], // a raw tab inside a string
    ];
    for (const [raw, line, column] of located) {
      it(`names line ${line}, column ${column} of the syntax error in ${JSON.stringify(raw)}`, async () => {
        const a = await generate(server, { key: acme.key, raw });
        expectProblem(a, 400, 'invalid_json');
        expect(a.json).to.include({ line, column });
        expect(a.json.detail).to.contain(`line ${line}, column ${column}`);
        expect(a.json.detail).not.to.contain('hello'); // the body is not echoed
      });
    }
  });

  describe('5 — invalid_json: nesting beyond 1000 levels is refused before parsing', () => {
    it('answers a 9 MB [[[[… at once with 400 invalid_json', async () => {
      const depth = 4_500_000;
      const raw = `{"templateId":"hello","params":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
      const started = Date.now();
      const a = await generate(server, { key: acme.key, raw });
      expectProblem(a, 400, 'invalid_json');
      expect(Date.now() - started).to.be.lessThan(2000);
    });
    it('still answers a merely deep (11 levels) params with params_limit_exceeded', async () => {
      const a = await generate(server, { key: acme.key, raw: `{"templateId":"hello","params":{"a":${'['.repeat(50)}${']'.repeat(50)}}}` });
      expectProblem(a, 400, 'params_limit_exceeded');
      expect(a.json.limit).to.equal('depth');
    });
    it('does not count brackets inside strings', async () => {
      expect((await generate(server, { key: acme.key, body: { templateId: 'hello', params: { s: '['.repeat(5000) + '\\"{' } } })).status).to.equal(200);
    });
  });

  describe('6 — 400 template_id_required', () => {
    for (const body of [{}, { templateId: '' }, { templateId: 42 }, { templateId: null }, { templateId: ['hello'] }]) {
      it(`answers 400 for ${JSON.stringify(body)}`, async () => {
        expectProblem(await generate(server, { key: acme.key, body }), 400, 'template_id_required');
      });
    }
  });

  describe('7 — 400 unknown_field', () => {
    it('names the unknown field', async () => {
      const a = await generate(server, { key: acme.key, body: { templateId: 'hello', paramz: {} } });
      expectProblem(a, 400, 'unknown_field');
      expect(a.json.field).to.equal('paramz');
    });
    it('shortens a very long unknown field name in the answer', async () => {
      const a = await generate(server, { key: acme.key, body: { templateId: 'hello', ['x'.repeat(5000)]: 1 } });
      expectProblem(a, 400, 'unknown_field');
      expect(a.json.field).to.equal(`${'x'.repeat(64)}…`);
      expect(a.bytes.length).to.be.lessThan(1000);
    });
    it('refuses a top-level global', async () => {
      const a = await generate(server, { key: acme.key, body: { templateId: 'hello', global: {} } });
      expectProblem(a, 400, 'unknown_field');
      expect(a.json.field).to.equal('global');
    });
  });

  describe('8 — 400 unsupported_format', () => {
    for (const format of ['B5', 'a4 ', '', 5, null, 'letter-landscape']) {
      it(`answers 400 listing the allowed formats for ${JSON.stringify(format)}`, async () => {
        const a = await generate(server, { key: acme.key, body: { templateId: 'hello', format } });
        expectProblem(a, 400, 'unsupported_format');
        expect(a.json.allowed).to.have.members(Object.keys(PAGE_FORMATS));
      });
    }
  });

  describe('9 — 400 invalid_params', () => {
    for (const params of [[], 'x', 42, true, [{ a: 1 }]]) {
      it(`answers 400 for params ${JSON.stringify(params)}`, async () => {
        expectProblem(await generate(server, { key: acme.key, body: { templateId: 'hello', params } }), 400, 'invalid_params');
      });
    }
    it('treats params: null as absent', async () => {
      expect((await generate(server, { key: acme.key, body: { templateId: 'hello', params: null } })).status).to.equal(200);
    });
  });

  describe('10 — 400 params_reserved_key', () => {
    it('refuses params.global', async () => {
      expectProblem(await generate(server, { key: acme.key, body: { templateId: 'hello', params: { global: { company: 'Evil' } } } }), 400, 'params_reserved_key');
    });
    it('allows global below the top level', async () => {
      expect((await generate(server, { key: acme.key, body: { templateId: 'hello', params: { customer: { global: 1 } } } })).status).to.equal(200);
    });
  });

  describe('11 — 400 params_limit_exceeded (boundaries)', () => {
    const nested = (levels: number): Record<string, unknown> => {
      // params itself is level 1; `levels` counts it
      let v: Record<string, unknown> = {};
      for (let i = 1; i < levels; i++) v = { a: v };
      return v;
    };
    const ok = async (params: Record<string, unknown>) => {
      const a = await generate(server, { key: acme.key, body: { templateId: 'hello', params } });
      expect(a.status, JSON.stringify(a.json)).to.equal(200);
    };
    const breach = async (params: Record<string, unknown>, limit: string, max: number, path: string) => {
      const a = await generate(server, { key: acme.key, body: { templateId: 'hello', params } });
      expectProblem(a, 400, 'params_limit_exceeded');
      expect(a.json).to.include({ limit, max, path });
    };

    it('depth: 10 levels pass', () => ok(nested(10)));
    it('depth: 11 levels fail at the 11th container', () => breach(nested(11), 'depth', 10, `params${'.a'.repeat(10)}`));
    it('depth: arrays count as levels too', () => breach({ x: [[[[[[[[[[]]]]]]]]]] }, 'depth', 10, 'params.x[0][0][0][0][0][0][0][0][0]'));
    it('depth: scalars add no level', () => ok({ x: [[[[[[[[1, 'two', null, true]]]]]]]] }));

    it('array_length: 100 elements pass', () => ok({ items: Array.from({ length: 100 }, (_, i) => i) }));
    it('array_length: 101 fail', () => breach({ items: Array.from({ length: 101 }, (_, i) => i) }, 'array_length', 100, 'params.items'));
    it('array_length: reported at the nested path', () => breach({ items: [{}, {}, {}, { list: Array(101).fill(0) }] }, 'array_length', 100, 'params.items[3].list'));

    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    it('object_keys: 200 keys in params pass', () => ok(keys(200)));
    it('object_keys: 201 keys in params fail', () => breach(keys(201), 'object_keys', 200, 'params'));
    it('object_keys: 201 keys in a nested object fail at its path', () => breach({ customer: keys(201) }, 'object_keys', 200, 'params.customer'));

    it('string_length: 10,000 emoji (20,000 UTF-16 units) pass: one code point each', () => ok({ s: '😀'.repeat(10_000) }));
    it('string_length: 10,001 code points fail', () => breach({ items: [{}, {}, {}, { name: 'a'.repeat(9_999) + '😀😀' }] }, 'string_length', 10_000, 'params.items[3].name'));
    it('string_length: a key of 10,000 code points passes', () => ok({ ['é'.repeat(10_000)]: 1 }));
    it('string_length: a key of 10,001 code points fails', async () => {
      const a = await generate(server, { key: acme.key, body: { templateId: 'hello', params: { ['k'.repeat(10_001)]: 1 } } });
      expectProblem(a, 400, 'params_limit_exceeded');
      expect(a.json).to.include({ limit: 'string_length', max: 10_000 });
      expect(a.json.path).to.match(/^params\["k{64}…"\]$/);
    });

    // 99 arrays of 100 numbers: 99 + 9,900 = 9,999 values; one more scalar makes 10,000
    const values = (n: number) => {
      const p: Record<string, unknown> = {};
      for (let i = 0; i < 99; i++) p[`a${i}`] = Array(100).fill(0);
      for (let i = 0; i < n - 9_999; i++) p[`s${i}`] = 's';
      return p;
    };
    it('total_values: 10,000 values pass', () => ok(values(10_000)));
    it('total_values: 10,001 fail at the value that makes 10,001', () => breach(values(10_001), 'total_values', 10_000, 'params.s1'));
    it('total_values: {"a":[1,2]} holds 3 values', () => {
      expect(findParamsLimitBreach({ a: [1, 2] }, { ...DEFAULT_PARAMS_LIMITS, total_values: 3 })).to.equal(undefined);
      expect(findParamsLimitBreach({ a: [1, 2] }, { ...DEFAULT_PARAMS_LIMITS, total_values: 2 })).to.deep.equal({ limit: 'total_values', max: 2, path: 'params.a[1]' });
    });
  });

  describe('12 — 404 template_not_found', () => {
    it('answers 404 for an unknown template', async () => {
      expectProblem(await generate(server, { key: acme.key, body: { templateId: 'no-such-template' } }), 404, 'template_not_found');
    });
    it('answers 404 for another account\'s template, exactly as for a missing one', async () => {
      const a = await generate(server, { key: acme.key, body: { templateId: 'others' } });
      const b = await generate(server, { key: acme.key, body: { templateId: 'no-such-template' } });
      expectProblem(a, 404, 'template_not_found');
      expect(a.json.detail).to.equal(b.json.detail);
      expect(a.bytes.toString()).not.to.contain('secret');
    });
  });

  describe('13 — 500 render_failed / render_timeout', () => {
    it('answers 500 render_failed when Nunjucks fails, without leaking internals', async () => {
      server.store.templates.save({ accountId: acme.account.id, id: 'broken', name: 'Broken', html: '<p>{{ missing() }}</p>' });
      const a = await generate(server, { key: acme.key, body: { templateId: 'broken' } });
      expectProblem(a, 500, 'render_failed');
      const text = a.bytes.toString();
      expect(text).not.to.match(/at \w+ \(|\/work\/|node_modules|SELECT|\.js:\d+/);
      expect(server.logLines.some((l) => l.includes('"render_failed"') && l.includes(a.headers.get('x-request-id')!))).to.equal(true);
    });

    it('passes render_timeout and overloaded from the renderer (503 with Retry-After)', async () => {
      let next: PlatenError = new PlatenError('render_timeout', 'Rendering took longer than the deadline.');
      const fake: Renderer = { async render() { throw next; }, async close() {} };
      const s2 = await startTestServer({ renderer: fake });
      try {
        const s = seedAccount(s2.store);
        s2.store.templates.save({ accountId: s.account.id, id: 't', name: 't', html: '<p/>' });
        expectProblem(await generate(s2, { key: s.key, body: { templateId: 't' } }), 500, 'render_timeout');
        next = new PlatenError('overloaded', 'The render queue is full.', { headers: { 'Retry-After': '2' } });
        const a = await generate(s2, { key: s.key, body: { templateId: 't' } });
        expectProblem(a, 503, 'overloaded');
        expect(a.headers.get('retry-after')).to.equal('2');
      } finally {
        await s2.close();
      }
    });

    it('answers 500 internal_error for an unexpected failure, generic detail only', async () => {
      const fake: Renderer = { async render() { throw new Error('SELECT * FROM secrets at /etc/passwd'); }, async close() {} };
      const s2 = await startTestServer({ renderer: fake });
      try {
        const s = seedAccount(s2.store);
        s2.store.templates.save({ accountId: s.account.id, id: 't', name: 't', html: '<p/>' });
        const a = await generate(s2, { key: s.key, body: { templateId: 't' } });
        expectProblem(a, 500, 'render_failed');
        expect(a.bytes.toString()).not.to.match(/SELECT|passwd/);
      } finally {
        await s2.close();
      }
    });
  });

  describe('check order when several conditions fail at once', () => {
    it('401 before 403/415/413/400: no key, wrong type, broken JSON', async () => {
      expectProblem(await generate(server, { contentType: 'text/plain', raw: '{' }), 401, 'unauthorized');
    });
    it('403 before 415/400', async () => {
      const s = seedAccount(server.store, { status: 'past_due' });
      expectProblem(await generate(server, { key: s.key, contentType: 'text/plain', raw: '{' }), 403, 'subscription_inactive');
    });
    it('415 before 413 and 400', async () => {
      expectProblem(await generate(server, { key: acme.key, contentType: 'text/plain', raw: 'x'.repeat(11 * 1024 * 1024) }), 415, 'unsupported_media_type');
    });
    it('413 before 400 invalid_json', async () => {
      expectProblem(await generate(server, { key: acme.key, raw: '{'.repeat(11 * 1024 * 1024) }), 413, 'payload_too_large');
    });
    it('template_id_required before unknown_field, format and params, whatever the key order', async () => {
      expectProblem(await generate(server, { key: acme.key, raw: '{"params":[],"format":"B9","zzz":1}' }), 400, 'template_id_required');
      expectProblem(await generate(server, { key: acme.key, raw: '{"zzz":1,"format":"B9","params":[],"templateId":7}' }), 400, 'template_id_required');
    });
    it('unknown_field before unsupported_format and invalid_params', async () => {
      const a = await generate(server, { key: acme.key, raw: '{"format":"B9","params":[],"templateId":"hello","zzz":1}' });
      expectProblem(a, 400, 'unknown_field');
      expect(a.json.field).to.equal('zzz');
    });
    it('unsupported_format before invalid_params', async () => {
      expectProblem(await generate(server, { key: acme.key, raw: '{"params":[],"format":"B9","templateId":"hello"}' }), 400, 'unsupported_format');
    });
    it('params_reserved_key before params_limit_exceeded', async () => {
      expectProblem(await generate(server, { key: acme.key, body: { templateId: 'hello', params: { a: 'x'.repeat(10_001), global: 1 } } }), 400, 'params_reserved_key');
    });
    it('params_limit_exceeded before template_not_found', async () => {
      expectProblem(await generate(server, { key: acme.key, body: { templateId: 'nope', params: { a: 'x'.repeat(10_001) } } }), 400, 'params_limit_exceeded');
    });
  });

  describe('200 — the PDF', () => {
    it('answers application/pdf with Content-Length, Content-Disposition and the params and global text', async () => {
      const a = await generate(server, { key: acme.key, body: { templateId: 'hello', params: { title: 'Quarterly <Report>', customer: { name: 'Ada Lovelace' } } } });
      expect(a.status).to.equal(200);
      expect(a.headers.get('content-type')).to.equal('application/pdf');
      expect(Number(a.headers.get('content-length'))).to.equal(a.bytes.length);
      expect(a.headers.get('content-disposition')).to.equal('inline; filename="hello.pdf"');
      expect(a.bytes.subarray(0, 5).toString()).to.equal('%PDF-');
      const pdf = await parsePdf(a.bytes);
      expect(pdf.pages).to.have.length(1);
      expect(pdf.pages[0]).to.include({ width: 595.28, height: 841.89 });
      expect(pdf.text).to.contain('Quarterly <Report>');
      expect(pdf.text).to.contain('Ada Lovelace');
      expect(pdf.text).to.contain('Acme Corp');
    });

    it('gives byte-identical PDFs for the same inputs', async () => {
      const body = { templateId: 'hello', params: { title: 'Same', customer: { name: 'Same' } } };
      const a = await generate(server, { key: acme.key, body });
      const b = await generate(server, { key: acme.key, body });
      expect(Buffer.compare(a.bytes, b.bytes)).to.equal(0);
    });

    it('renders a param "{{ 7*7 }}" as text', async () => {
      const a = await generate(server, { key: acme.key, body: { templateId: 'hello', params: { title: '{{ 7*7 }}' } } });
      expect((await parsePdf(a.bytes)).text).to.contain('{{ 7*7 }}');
    });

    it('renders a multi-page document', async () => {
      server.store.templates.save({ accountId: acme.account.id, id: 'long', name: 'Long', html: '{% for i in range(0, n) %}<p>Paragraph {{ i }} of a long report.</p>{% endfor %}' });
      const a = await generate(server, { key: acme.key, body: { templateId: 'long', params: { n: 150 } } });
      expect(a.status).to.equal(200);
      const pdf = await parsePdf(a.bytes);
      expect(pdf.pages.length).to.be.greaterThan(1);
      expect(pdf.text).to.contain('Paragraph 149');
    });
  });

  describe('page size', () => {
    for (const name of Object.keys(PAGE_FORMATS) as PageFormat[]) {
      const { width, height } = PAGE_FORMATS[name];
      const asSent = name === 'A4' ? 'a4' : name === 'Ledger' ? 'LEDGER' : name;
      it(`format ${JSON.stringify(asSent)} → ${width} × ${height} pt`, async () => {
        const a = await generate(server, { key: acme.key, body: { templateId: 'hello', format: asSent } });
        expect(a.status).to.equal(200);
        expect((await parsePdf(a.bytes)).pages[0]).to.include({ width, height });
      });
    }

    it('@page { size } in the template CSS wins over format', async () => {
      server.store.templates.save({ accountId: acme.account.id, id: 'sized', name: 'Sized', html: '<p>sized</p>', css: '@page { size: 300pt 400pt; margin: 10pt }' });
      const a = await generate(server, { key: acme.key, body: { templateId: 'sized', format: 'Letter' } });
      expect(a.status).to.equal(200);
      expect((await parsePdf(a.bytes)).pages[0]).to.include({ width: 300, height: 400 });
    });

    it('@page { size: A5 landscape } wins over format', async () => {
      server.store.templates.save({ accountId: acme.account.id, id: 'sized2', name: 'Sized', html: '<p>sized</p>', css: '@page { size: A5 landscape }' });
      const a = await generate(server, { key: acme.key, body: { templateId: 'sized2', format: 'A3' } });
      expect((await parsePdf(a.bytes)).pages[0]).to.include({ width: 595.28, height: 419.53 });
    });
  });

  describe('logs', () => {
    it('log the engine diagnostics of a request with its request id (codes and places, not messages)', async () => {
      server.store.templates.save({ accountId: acme.account.id, id: 'sloppy', name: 'Sloppy', html: '<p style="float: sideways">{{ word }}</p>', css: 'p { colour: red }' });
      const a = await generate(server, { key: acme.key, headers: { 'x-request-id': 'diag-test-1' }, body: { templateId: 'sloppy', params: { word: 'DIAG-MARKER' } } });
      expect(a.status).to.equal(200);
      const line = server.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.reqId === 'diag-test-1' && l.msg === 'engine diagnostics');
      expect(line, 'a diagnostics line').to.not.equal(undefined);
      expect(line!.templateId).to.equal('sloppy');
      expect(line!.diagnosticCount).to.be.greaterThan(0);
      const codes = (line!.diagnostics as { code: string }[]).map((d) => d.code);
      expect(codes.length).to.be.greaterThan(0);
      expect(JSON.stringify(line)).not.to.contain('DIAG-MARKER');
    });

    it('carry the request id on every line of a request and never the key or params values', async () => {
      const marker = 'PARAM-MARKER-7f3a';
      const a = await generate(server, { key: acme.key, headers: { 'x-request-id': 'log-test-1' }, body: { templateId: 'hello', params: { title: marker } } });
      expect(a.status).to.equal(200);
      const lines = server.logLines.filter((l) => l.includes('log-test-1'));
      expect(lines.length).to.be.greaterThan(0);
      for (const l of lines) expect(JSON.parse(l).reqId).to.equal('log-test-1');
      // the request's line carries what auth and validation learnt, in the order they learnt it
      const request = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request')!;
      expect(Object.keys(request).filter((k) => ['reqId', 'accountId', 'keyId', 'templateId', 'format', 'status'].includes(k)))
        .to.deep.equal(['reqId', 'accountId', 'keyId', 'templateId', 'format', 'status']);
      expect(request).to.include({ accountId: acme.account.id, templateId: 'hello', format: 'A4', status: 200 });
      const all = server.logLines.join('\n');
      expect(all).not.to.contain(acme.key);
      expect(all).not.to.contain(acme.key.slice(12));
      expect(all).not.to.contain(marker);
    });
  });
});
