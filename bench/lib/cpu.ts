// CPU time a process (all its threads) has used, from /proc/<pid>/stat: on a shared machine wall
// times depend on the other work, while CPU seconds per page are the cost the service itself adds.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * A process's parent and its user + system CPU seconds so far, from /proc/<pid>/stat; with
 * `reaped`, also those of its children that ended and were waited for (cutime, cstime).
 */
function processStat(pid: number, reaped = false): { ppid: number; cpuSeconds: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // ppid (field 4); utime, stime, cutime, cstime (fields 14–17)
  const ticks = Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0);
  return { ppid: Number(fields[1]), cpuSeconds: ticks / TICKS_PER_SECOND };
}

/** User + system CPU seconds used so far by the process. */
export function cpuSeconds(pid: number): number {
  return processStat(pid).cpuSeconds;
}

/**
 * CPU seconds of a process and all its descendants but the subtrees of `without` (processes
 * counted on their own elsewhere), for processes still running. `opts.reaped`: also the CPU of
 * descendants that have ended (Postgres backends and autovacuum workers come and go: without it
 * a tree's figure can go down between two readings); a `without` process must then not have ended
 * either, or its CPU lands in its parent's.
 */
export function treeCpuSeconds(root: number, without: number[] = [], opts: { reaped?: boolean } = {}): number {
  const stats = new Map<number, { ppid: number; cpuSeconds: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      stats.set(Number(entry), processStat(Number(entry), opts.reaped));
    } catch {
      // gone
    }
  }
  let seconds = 0;
  const walk = (pid: number) => {
    if (without.includes(pid)) return;
    seconds += stats.get(pid)?.cpuSeconds ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) walk(child);
  };
  walk(root);
  return seconds;
}
