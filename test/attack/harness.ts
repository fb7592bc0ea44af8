// Shared by the attack suites: one real app on a loopback port, one canary, one account, and
// `attack(html, css)` which stores the payload as a template, asks for its PDF over HTTP and
// checks the closed-world invariants that hold for every payload:
//   - the answer is a PDF (200) or a render_* problem (500), never a crash or another error;
//   - the canary HTTP server received zero connections;
//   - the canary token is in neither the PDF's text nor its raw bytes.
// It also lays the same document out in-process so a test can check which diagnostics the
// engine reported (a refused resource must be refused, not silently missing).
import { expect } from 'chai';
import { layoutHtml, type Diagnostic } from '../../src/engine';
import { startCanary, type Canary } from '../helpers/canary';
import { parsePdf } from '../helpers/pdf';
import { generate, seedAccount, startTestServer, type Answer, type SeededAccount, type TestServer, type TestServerOptions } from '../helpers/server';

export interface AttackWorld {
  readonly server: TestServer;
  readonly canary: Canary;
  readonly account: SeededAccount;
  close(): Promise<void>;
}

export async function startAttackWorld(options: TestServerOptions = {}): Promise<AttackWorld> {
  const canary = await startCanary();
  const server = await startTestServer(options);
  const account = seedAccount(server.store);
  return {
    server, canary, account,
    async close() {
      await server.close();
      await canary.close();
    },
  };
}

export interface AttackResult {
  readonly answer: Answer;
  /** extracted PDF text ('' when not a PDF) */
  readonly text: string;
  /** the engine's diagnostics for the same HTML + CSS, laid out in-process */
  readonly diagnostics: readonly Diagnostic[];
  readonly codes: ReadonlySet<string>;
  /** how many images the engine handed to the PDF writer */
  readonly images: number;
}

let counter = 0;

export async function attack(world: AttackWorld, html: string, css = '', params: Record<string, unknown> = {}): Promise<AttackResult> {
  const id = `attack-${++counter}`;
  world.server.store.templates.save({ accountId: world.account.account.id, id, name: id, html, css });
  const answer = await generate(world.server, { key: world.account.key, body: { templateId: id, params } });
  expect([200, 500], `status ${answer.status}: ${answer.bytes.toString('utf8').slice(0, 300)}`).to.include(answer.status);
  let text = '';
  if (answer.status === 200) {
    expect(answer.headers.get('content-type')).to.equal('application/pdf');
    text = (await parsePdf(answer.bytes)).text;
  } else {
    expect(String(answer.json.code)).to.match(/^render_/);
  }
  // give a stray connection attempt a moment to land before counting
  await new Promise((r) => setTimeout(r, 20));
  expect(world.canary.connections(), `canary got ${world.canary.requests.join(', ')}`).to.equal(0);
  expect(text).not.to.include(world.canary.token);
  expect(answer.bytes.includes(Buffer.from(world.canary.token, 'latin1'))).to.equal(false);
  // the engine alone (template markup taken as HTML: payloads use no template syntax)
  const { diagnostics, docDefinition } = layoutHtml(html, css, {});
  return { answer, text, diagnostics, codes: new Set(diagnostics.map((d) => d.code)), images: Object.keys(docDefinition.images ?? {}).length };
}
