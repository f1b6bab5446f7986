// The baseline of bench/signalling.ts: a bare WebSocket server that forwards each message, unchanged, to another
// socket of the same room, with no session, validation or room bookkeeping beyond an array. Reports its port to
// the parent.
import { WebSocketServer, type WebSocket } from 'ws';

const rooms = new Map<number, WebSocket[]>();
const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('connection', (socket) => {
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if ('register' in message) {
      const room = rooms.get(message.register) ?? [];
      room[message.seat] = socket;
      rooms.set(message.register, room);
      return;
    }
    // The message itself, as received: the same bytes travel both legs, as they do through the platform's relay.
    rooms.get(message.room)?.[message.to]?.send(data, { binary: false });
  });
});
server.on('listening', () => process.send!((server.address() as { port: number }).port));
