import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatedEvent, startServer } from '../../../test/video.ts';

// The bytes a client sends after its upgrade request, before the handshake's answer, reach the signalling process
// with the socket (routes.ts keeps them from the server's 'upgrade' event). No browser does this, so a raw socket.

describe('the video socket upgrade', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let event: Awaited<ReturnType<typeof seatedEvent>>;
  beforeAll(async () => {
    server = await startServer();
    event = await seatedEvent(server.t, { kibitzers: false });
  });
  afterAll(async () => {
    await server.t.close();
  });

  it('hands the process the bytes a client sent before the handshake answered: a join written with the upgrade is answered', async () => {
    // The upgrade request and a masked text frame in one write.
    const { port } = new URL(server.wsUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    try {
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      const join = Buffer.from(JSON.stringify({ type: 'join', channelName: `${event.key}table0`, userUid: 'ignored', body: {} }));
      const mask = Buffer.from([1, 2, 3, 4]);
      expect(join.length).toBeLessThan(126); // the one-byte length
      const frame = Buffer.concat([Buffer.from([0x81, 0x80 | join.length]), mask, join.map((b, i) => b ^ mask[i % 4]!)]);
      const request = [
        'GET /ws/video HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
        'Origin: http://bridge.test',
        `Cookie: ${event.players[1]!.cookie}`,
        '',
        '',
      ].join('\r\n');
      socket.write(Buffer.concat([Buffer.from(request), frame]));
      await expect.poll(() => received, { timeout: 10_000 }).toContain('"type":"joined"');
      expect(received).toMatch(/^HTTP\/1\.1 101/);
    } finally {
      socket.destroy();
    }
  });
});
