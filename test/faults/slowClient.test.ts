// Slow clients (issue #5): a client that sends its headers byte by byte, slower than the
// headers timeout, is cut off; one that sends headers in time but trickles its body slower
// than the request timeout is cut off too. Meanwhile the server answers others.
import { expect } from 'chai';
import { connect, type Socket } from 'node:net';
import { seedAccount, startTestServer, type TestServer } from '../helpers/server';

function trickle(server: TestServer, text: string, everyMs: number, afterHeaders?: string): Promise<{ got: string; ms: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let got = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const socket: Socket = connect(server.port, '127.0.0.1', () => {
      if (afterHeaders !== undefined) socket.write(afterHeaders);
      timer = setInterval(() => {
        if (sent < text.length && !socket.destroyed) { socket.write(text[sent]!); sent++; }
      }, everyMs);
    });
    socket.on('data', (d) => { got += d.toString(); });
    socket.on('error', () => undefined); // a reset after the server gives up is expected
    socket.on('close', () => { clearInterval(timer); resolve({ got, ms: Date.now() - started, sent }); });
    setTimeout(() => { clearInterval(timer); socket.destroy(); reject(new Error(`still connected after 15 s (sent ${sent} bytes)`)); }, 15_000).unref();
  });
}

describe('faults: slow clients are cut off by header and request timeouts', function () {
  this.timeout(30_000);
  let server: TestServer;
  let key: string;
  before(async () => {
    server = await startTestServer({ config: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000 } });
    key = seedAccount(server.store).key;
  });
  after(async () => { await server.close(); });

  it('headers sent one byte every 100 ms (slower than the 1 s headers timeout) → disconnected', async () => {
    const headers = `POST /v1/pdf/generate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
    const slow = trickle(server, headers, 100);
    await new Promise((r) => setTimeout(r, 300));
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).to.equal(200);
    const { got, ms, sent } = await slow;
    expect(sent).to.be.below(headers.length);
    expect(got === '' || /^HTTP\/1\.1 408/.test(got), got).to.equal(true);
    expect(ms).to.be.below(8_000);
  });

  it('headers in time, body one byte every 200 ms (slower than the 2 s request timeout) → disconnected', async () => {
    const body = JSON.stringify({ templateId: 'x', params: { pad: 'y'.repeat(200) } });
    const head = `POST /v1/pdf/generate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { got, ms, sent } = await trickle(server, body, 200, head);
    expect(sent).to.be.below(body.length);
    expect(got === '' || /^HTTP\/1\.1 (408|400)/.test(got), got).to.equal(true);
    expect(ms).to.be.below(10_000);
  });
});
