// The baseline of bench/play-latency.ts: a bare `ws` server that, on a message from one of its sockets, sends every
// socket a frame of the size the message asks for it (`sizes`, one per socket in the order they connected). No
// session, no validation, no storage. Used in the bench's own process, or run on its own (forked), when it
// reports its port to the parent.
import { once } from 'node:events';
import { WebSocketServer, type WebSocket } from 'ws';

const ENVELOPE = '{"type":"bare","pad":""}';

/** Starts the broadcast on a free port of 127.0.0.1; answers the port and a way to stop it. */
export async function startBareBroadcast(): Promise<{ port: number; close(): void }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const sockets: WebSocket[] = [];
  server.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('message', (data: Buffer) => {
      const { sizes } = JSON.parse(data.toString()) as { sizes: number[] };
      sockets.forEach((to, i) => to.send(ENVELOPE.replace('""', `"${'x'.repeat(Math.max(0, sizes[i]! - ENVELOPE.length))}"`)));
    });
  });
  await once(server, 'listening');
  return {
    port: (server.address() as { port: number }).port,
    close() {
      for (const client of server.clients) client.terminate();
      server.close();
    },
  };
}

if (process.send) {
  const { port } = await startBareBroadcast();
  process.send(port);
}
