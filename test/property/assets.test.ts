// Property: random asset paths never resolve outside their template.
//   1. A path the API stores (assetPathProblem accepts it) is already normal: relative, no
//      `.`/`..`/empty segment, so joined to any folder it stays inside that folder.
//   2. Whatever URL a template writes (random mixes of dots, slashes, backslashes, percent
//      escapes, schemes, controls), the engine asks its resolver only for such a path, and the
//      render's resolver answers only from the rendered version's own assets.
//   3. Through the real app: a random path is refused with 400, or stored under exactly that path.
// Runs: PLATEN_PROPERTY_RUNS (default 10,000) for 1; a tenth for 2; 40 requests for 3.
import { expect } from 'chai';
import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import { posix } from 'node:path';
import { layoutHtml, type Resource } from '../../src/engine';
import { assetPathProblem } from '../../src/http/assets';
import { seedAccount, startTestServer, type TestServer } from '../helpers/server';

const RUNS = Number(process.env.PLATEN_PROPERTY_RUNS ?? 10_000);
const ROOT = '/srv/templates/acme';

/** Pieces that make path tricks likely: dots, separators, escapes of both, schemes, controls. */
const piece = fc.constantFrom('.', '..', '/', '\\', '%2e', '%2E', '%2f', '%2F', '%5c', '%25', '%00', '\u0000', '\n', ' ', ':', 'C:', 'file:', '//', '~', '?', '#', 'a', 'img', 'logo.png', 'x.css', '@', '+', '-', '_', 'é', '%e2%80%ae');
const trickyPath = fc.array(piece, { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''));

/**
 * Inside ROOT whatever the folder, and normal. A stored path also holds no `%` (the engine may
 * ask for a decoded name with one, which simply is not stored).
 */
function expectContained(path: string, stored = true): void {
  expect(path.split('/').every((s) => s !== '' && s !== '.' && s !== '..'), path).to.equal(true);
  expect(posix.isAbsolute(path), path).to.equal(false);
  expect(posix.normalize(path), path).to.equal(path);
  expect(posix.resolve(ROOT, path).startsWith(`${ROOT}/`), path).to.equal(true);
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  expect(path, path).not.to.match(/[\\:\u0000-\u001f]/);
  if (stored) expect(path, path).not.to.contain('%');
}

describe('property: asset paths never resolve outside their template', function () {
  this.timeout(120_000);

  it('a path the API accepts is normal and stays inside the template', () => {
    fc.assert(fc.property(fc.oneof(trickyPath, fc.string({ maxLength: 40 })), (path) => {
      if (assetPathProblem(path) === undefined) expectContained(path);
    }), { numRuns: RUNS });
  });

  it('the engine asks only for contained paths, and the render resolver answers only from its own assets', () => {
    const own: Record<string, Resource> = { 'img/logo.png': { bytes: new Uint8Array([1]) }, 'x.css': { bytes: new Uint8Array([2]), contentType: 'text/css' } };
    fc.assert(fc.property(trickyPath, (url) => {
      const asked: string[] = [];
      const answered: (Resource | undefined)[] = [];
      const resolver = (path: string) => {
        asked.push(path);
        // what renderDocument.ts builds from a job's assets: own keys only, never the prototype
        const found = Object.prototype.hasOwnProperty.call(own, path) ? own[path] : undefined;
        answered.push(found);
        return found;
      };
      const attr = url.replace(/"/g, '&quot;').replace(/</g, '&lt;');
      layoutHtml(`<img src="${attr}"><link rel="stylesheet" href="${attr}">`, `@font-face { font-family: F; src: url("${url.replace(/["\\\n]/g, '')}") } p { font-family: F }`, { resources: resolver });
      for (const path of asked) expectContained(path, false);
      for (const found of answered) expect(found === undefined || Object.values(own).includes(found)).to.equal(true);
    }), { numRuns: Math.max(50, Math.floor(RUNS / 10)) });
  });

  describe('through the real app', () => {
    let server: TestServer;
    let key: string;
    before(async () => {
      server = await startTestServer();
      key = seedAccount(server.store).key;
      const r = await fetch(`${server.url}/v1/templates`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ id: 'prop', name: 'Prop', html: '<p>x</p>' }) });
      expect(r.status).to.equal(201);
    });
    after(async () => { await server.close(); });

    /** A PUT whose request target reaches the server exactly as written (fetch would resolve dot segments first). */
    const rawPut = (target: string, body: string) => new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: server.port, method: 'PUT', path: target, headers: { authorization: `Bearer ${key}`, 'content-length': Buffer.byteLength(body) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown> }));
      });
      req.on('error', reject);
      req.end(body);
    });

    it('a random asset path is refused with 400 invalid_asset_path, or stored under exactly that path', async () => {
      const segment = fc.constantFrom('a', 'img', 'logo.png', '.', '..', '-', '_', '@x', 'é', ' ', '~', '', '\\..');
      const encoding = fc.constantFrom('plain', 'encoded', 'all-encoded');
      await fc.assert(fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 5 }), encoding, async (segments, how) => {
        const path = segments.join('/');
        const written = how === 'plain' ? segments.map((x) => x.replace(/[^A-Za-z0-9._~@\-\\]/g, encodeURIComponent)).join('/')
          : how === 'encoded' ? segments.map(encodeURIComponent).join('/')
            : encodeURIComponent(path).replace(/\./g, '%2E');
        const a = await rawPut(`/v1/templates/prop/assets/${written}`, 'p { color: red }');
        if (a.status === 400) {
          expect(a.json.code).to.equal('invalid_asset_path');
          expect(assetPathProblem(path), path).to.be.a('string');
          return;
        }
        expect([200, 201], `${written}: ${JSON.stringify(a.json)}`).to.include(a.status);
        const stored = (a.json.asset as { path: string }).path;
        expect(stored).to.equal(path);
        expectContained(stored);
      }), { numRuns: 60 });
    });
  });
});
