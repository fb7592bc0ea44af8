// The served OpenAPI document is valid OpenAPI 3.1, by a maintained validator
// (@seriousme/openapi-schema-validator: the official JSON schemas of the OpenAPI Initiative, with Ajv).
import { expect } from 'chai';
import { startTestServer, toAnswer, type TestServer } from '../helpers/server';

describe('docs: the OpenAPI document passes an OpenAPI 3.1 validator', () => {
  let server: TestServer;
  before(async () => { server = await startTestServer(); });
  after(async () => { await server.close(); });

  it('validates GET /v1/openapi.json', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const doc = (await toAnswer(await fetch(`${server.url}/v1/openapi.json`))).json;
    const result = await new Validator().validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 3000)).to.deep.equal([]);
    expect(result.valid).to.equal(true);
  });

  it('the validator refuses a broken document (it can fail)', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const doc = (await toAnswer(await fetch(`${server.url}/v1/openapi.json`))).json as { paths: Record<string, Record<string, { responses: unknown }>> };
    doc.paths['/v1/templates']!.get!.responses = { 200: { content: {} } }; // a response without its required description
    expect((await new Validator().validate(doc)).valid).to.equal(false);
  });
});
