import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DealAnalysis, DoubleDummyTricks, ParResult } from '@bridge/api';
import type { CardTricks, PlayPosition } from './dds-binding.ts';
import type { FromSolver, ParQuestion, ToSolver } from './solver-protocol.ts';

const ENTRY = fileURLToPath(new URL('./solver-process.ts', import.meta.url));
/** The server's package folder: `--import tsx` resolves from the working directory, wherever the server was started. */
const SERVER_DIR = path.resolve(path.dirname(ENTRY), '../../..');
/** Deals per job: small, so the processes share a set evenly to its last deal (a deal takes 5 to 600 ms). */
export const DEALS_PER_JOB = 2;
/** The solvers' scheduling priority (nice): below the server's, so requests keep their pace during analysis. */
const SOLVER_NICENESS = 10;
/** How long a stopping process may finish its job before it is killed. */
const STOP_TIMEOUT_MS = 5000;

export interface SolverPoolOptions {
  /** Processes at most (no more than the cores: each solves on one thread). */
  size: number;
  libraryPath: string;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  /** Told each time a solver process ends, however it ended. */
  onProcessExit?(code: number | null, signal: NodeJS.Signals | null): void;
}

interface Job {
  message: Extract<ToSolver, { id: number }>;
  /** Goes before the jobs without it: someone waits for the answer. */
  first: boolean;
  resolve(answer: FromSolver): void;
  reject(error: Error): void;
}

interface Worker {
  child: ChildProcess;
  ready: Promise<boolean>;
  job: Job | undefined;
  /** Killed by stop() after its time ran out. */
  killed: boolean;
}

export type PoolState = 'starting' | 'available' | 'unavailable' | 'closed';

/**
 * Double-dummy solving off the main thread: up to `size` solver processes (solver-process.ts), each taking one
 * job at a time from a shared line. The first process tells whether the library loads; if it does not, the pool
 * is unavailable for good and every call rejects. A process that dies fails its job and is replaced.
 */
export class SolverPool {
  private readonly workers = new Set<Worker>();
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private stateValue: PoolState = 'starting';
  /** Jobs handed to a solver process so far. */
  jobsSent = 0;
  private firstStart: Promise<boolean> | undefined;

  constructor(private readonly options: SolverPoolOptions) {}

  get state(): PoolState {
    return this.stateValue;
  }

  /** Starts one process to learn whether the library loads; resolves true when the solver is there. */
  start(): Promise<boolean> {
    this.firstStart ??= this.spawn().ready.then((ok) => {
      if (this.stateValue === 'starting') this.stateValue = ok ? 'available' : 'unavailable';
      // The others start now, not with the first deals: a process takes a second or two to start.
      if (ok) while (this.workers.size < this.options.size) this.spawn();
      return ok;
    });
    return this.firstStart;
  }

  /** The double-dummy table of each deal (PBN deal strings from North), in order, shared out among the processes. */
  async tables(deals: readonly string[]): Promise<DoubleDummyTricks[]> {
    const chunks: string[][] = [];
    for (let i = 0; i < deals.length; i += DEALS_PER_JOB) chunks.push(deals.slice(i, i + DEALS_PER_JOB));
    const answers = await Promise.all(chunks.map((chunk) => this.submit({ type: 'tables', id: this.nextId++, deals: chunk })));
    return answers.flatMap((answer) => (answer.type === 'tables' ? answer.tables : []));
  }

  /** Par for each solved table with its board's dealer and vulnerability. */
  async pars(questions: readonly ParQuestion[]): Promise<ParResult[]> {
    if (!questions.length) return [];
    const answer = await this.submit({ type: 'pars', id: this.nextId++, questions: [...questions] });
    return answer.type === 'pars' ? answer.pars : [];
  }

  /**
   * Which cards keep the best result in a position of the play: every card the seat to play may play with the
   * tricks its side then takes double dummy, and those that take the most. A player waits for it, so it goes
   * before the background analysis in the line.
   */
  async bestCards(position: PlayPosition): Promise<{ cards: CardTricks[]; best: string[] }> {
    const answer = await this.submit({ type: 'play', id: this.nextId++, position }, { first: true });
    const cards = answer.type === 'play' ? answer.cards : [];
    const most = Math.max(...cards.map((card) => card.tricks));
    return { cards, best: cards.filter((card) => card.tricks === most).map((card) => card.card) };
  }

  /**
   * The most tricks the side to play takes double dummy of those left in a position of the play (a robot answering
   * a claim); ahead of the background analysis like `bestCards`.
   */
  async mostTricks(position: PlayPosition): Promise<number> {
    const answer = await this.submit({ type: 'tricks', id: this.nextId++, position }, { first: true });
    if (answer.type !== 'tricks') throw new Error(`the solver answered ${answer.type} for the tricks of a position`);
    return answer.tricks;
  }

  /**
   * Each deal's double-dummy table and its par for the board's dealer and vulnerability: `CalcAllTablesPBN` in
   * jobs shared out among the processes, then `DealerPar`.
   */
  async analyseDeals(
    deals: readonly { deal: string; dealer: ParQuestion['dealer']; vulnerability: ParQuestion['vulnerability'] }[],
  ): Promise<DealAnalysis[]> {
    const tables = await this.tables(deals.map((d) => d.deal));
    const pars = await this.pars(deals.map((d, i) => ({ tricks: tables[i]!, dealer: d.dealer, vulnerability: d.vulnerability })));
    return tables.map((tricks, i) => ({ tricks, par: pars[i]! }));
  }

  async close(): Promise<void> {
    this.stateValue = 'closed';
    for (const job of this.waiting.splice(0)) job.reject(new Error('the solver is closing'));
    await Promise.all([...this.workers].map((worker) => this.stop(worker)));
  }

  private async submit(message: Job['message'], options: { first?: boolean } = {}): Promise<FromSolver> {
    if (!(await this.start())) throw new Error('the double-dummy solver is not available');
    if (this.stateValue === 'closed') throw new Error('the solver is closing');
    return new Promise<FromSolver>((resolve, reject) => {
      const job: Job = { message, resolve, reject, first: options.first === true };
      // Ahead of the other jobs, behind those that came first before it.
      const at = job.first ? this.waiting.findIndex((waiting) => !waiting.first) : -1;
      this.waiting.splice(at === -1 ? this.waiting.length : at, 0, job);
      this.dispatch();
    });
  }

  /** Gives waiting jobs to idle processes, starting processes up to the pool's size. */
  private dispatch(): void {
    if (this.stateValue !== 'available') return;
    for (const worker of this.workers) {
      if (!this.waiting.length) return;
      if (!worker.job) void this.give(worker, this.waiting.shift()!);
    }
    while (this.waiting.length && this.workers.size < this.options.size) void this.give(this.spawn(), this.waiting.shift()!);
  }

  private async give(worker: Worker, job: Job): Promise<void> {
    worker.job = job;
    if (!(await worker.ready)) return; // its exit handler fails the job
    worker.child.send(job.message);
    this.jobsSent++;
  }

  private spawn(): Worker {
    const child = fork(ENTRY, [this.options.libraryPath, '1'], {
      cwd: SERVER_DIR,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let settle: (ok: boolean) => void = () => undefined;
    // Analysis is background work: the server's requests come first when both want the cores.
    if (child.pid) {
      try {
        os.setPriority(child.pid, SOLVER_NICENESS);
      } catch {
        // not allowed here: the solver runs at the server's priority
      }
    }
    const worker: Worker = { child, job: undefined, killed: false, ready: new Promise<boolean>((resolve) => (settle = resolve)) };
    this.workers.add(worker);
    child.on('message', (message: FromSolver) => {
      if (message.type === 'ready') return settle(true);
      if (message.type === 'unavailable') {
        this.options.log.warn(
          { library: this.options.libraryPath, reason: message.reason },
          'double-dummy analysis is not available on this server: the DDS library did not load (apt-get install libdds0)',
        );
        return settle(false);
      }
      const job = worker.job;
      if (!job || job.message.id !== message.id) return;
      worker.job = undefined;
      if (message.type === 'failed') job.reject(new Error(message.message));
      else job.resolve(message);
      this.dispatch();
    });
    child.on('error', (error) => this.options.log.error({ err: error }, 'a double-dummy solver process failed'));
    child.on('exit', (code, signal) => {
      this.options.onProcessExit?.(code, signal);
      this.workers.delete(worker);
      settle(false);
      const job = worker.job;
      worker.job = undefined;
      // Closing or not: a solver ends with exit code 0 (a kill after STOP_TIMEOUT_MS is logged by stop()).
      if ((code !== 0 || signal) && !worker.killed) this.options.log.error({ code, signal }, 'a double-dummy solver process died');
      if (this.stateValue === 'closed') return job?.reject(new Error('the solver is closing'));
      job?.reject(new Error(`the solver process died (${signal ?? `exit code ${code}`})`));
      this.dispatch();
    });
    return worker;
  }

  private async stop(worker: Worker): Promise<void> {
    const { child } = worker;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (child.connected) child.send({ type: 'stop' } satisfies ToSolver);
    const timer = setTimeout(() => {
      worker.killed = true;
      this.options.log.warn({ timeoutMs: STOP_TIMEOUT_MS }, 'a double-dummy solver process did not stop in time; killing it');
      child.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}
