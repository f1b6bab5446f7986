// The online table (docs/play-protocol.md): its socket and the table it draws. The page that puts it on screen, with
// the table's video call, is app/routes/play/play-page.tsx.
export { PlayConnection, playUrl, type PlaySnapshot } from './play-connection';
export { PlayTable } from './play-table';
export { myTableQueryOptions } from './api';
export { watchedSeat, WatchSeat } from './components/watch-seat';
