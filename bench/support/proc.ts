// Readings of a process and of the machine from /proc (Linux), so a bench needs nothing inside the server to say
// what it cost: CPU time, resident memory, and how busy both cores were meanwhile.
import fs from 'node:fs';

/** Clock ticks a second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux for x86 and arm). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count the fields from the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // fields 14 and 15: utime, stime
}

/** Resident memory of a process now, in bytes (VmRSS). */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** The processes a process started (direct children), such as the solver processes of the server. */
export function childrenOf(pid: number): number[] {
  return fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number));
}

/** The machine's CPU counters: busy and total ticks over all cores since boot. */
export function machineTicks(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.split(/\s+/).slice(1, 9).map<number>(Number);
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}

/** The share of both cores busy between two readings of `machineTicks`, 0 to 1. */
export const busyShare = (before: { busy: number; total: number }, after: { busy: number; total: number }) =>
  (after.busy - before.busy) / Math.max(1, after.total - before.total);

/** The 1-minute load average. */
export const loadAverage = () => Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
