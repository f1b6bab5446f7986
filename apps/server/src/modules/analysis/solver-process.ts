/**
 * A double-dummy solver process (docs/decisions/049): loads libdds, answers the server's jobs one at a time over
 * IPC, and leaves through `_exit` so that the library's broken finaliser never runs. Started by SolverPool with
 * the library's path and the solver threads it may use as arguments.
 */
import { exitWithoutFinalisers, loadDds, type DdsLibrary } from './dds-binding.ts';
import type { FromSolver, ToSolver } from './solver-protocol.ts';

const [libraryPath = 'libdds.so.0', threadsText = '1'] = process.argv.slice(2);
const send = (message: FromSolver) => process.send?.(message);

// The server stops its solvers itself; a Ctrl-C in a terminal reaches the whole process group, and a solver
// killed mid-job by it would be reported as a crash.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
let dds: DdsLibrary | undefined;
try {
  dds = loadDds(libraryPath, Number(threadsText));
} catch (error) {
  // The library never loaded, so a plain exit is safe, once the message has left.
  const reason = error instanceof Error ? error.message : String(error);
  process.send?.({ type: 'unavailable', reason } satisfies FromSolver, () => process.exit(0));
}

if (dds) {
  const solver = dds;
  // The server gone (killed, crashed): leave too, cleanly.
  process.on('disconnect', () => exitWithoutFinalisers(0));
  // A stop leaves at once, even in the middle of a job: the job's deals stay in the server's line.
  const answer = async (message: ToSolver) => {
    if (message.type === 'stop') exitWithoutFinalisers(0);
    try {
      if (message.type === 'tables') send({ type: 'tables', id: message.id, tables: await solver.calcTables(message.deals) });
      else if (message.type === 'play') send({ type: 'play', id: message.id, cards: await solver.solvePlay(message.position) });
      else if (message.type === 'tricks') send({ type: 'tricks', id: message.id, tricks: await solver.mostTricks(message.position) });
      else send({ type: 'pars', id: message.id, pars: message.questions.map((q) => solver.dealerPar(q.tricks, q.dealer, q.vulnerability)) });
    } catch (error) {
      send({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) });
    }
  };
  // A job's failure goes back to the server as 'failed', so the listener has nothing to wait for.
  process.on('message', (message: ToSolver) => void answer(message));
  send({ type: 'ready' });
}
