// What the figures were measured on and at which commit.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { REPO_ROOT } from './services.js';

export interface Machine {
  commit: string;
  dirty: boolean;
  cpus: number;
  cpuModel: string;
  memoryGiB: string;
  node: string;
  os: string;
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  loadAverage: string;
}

export function describeMachine(): Machine {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? 'unknown';
  const nproc = (() => {
    try {
      return Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
    } catch {
      return os.availableParallelism();
    }
  })();
  return {
    commit: git('rev-parse', '--short', 'HEAD') || 'unknown',
    dirty: git('status', '--porcelain', '--untracked-files=no') !== '',
    cpus: nproc,
    cpuModel: model,
    memoryGiB: (os.totalmem() / 1024 ** 3).toFixed(1),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg()[0]!.toFixed(2),
  };
}

export function machineMarkdown(m: Machine): string {
  return [
    `- Commit: \`${m.commit}\`${m.dirty ? ' (with uncommitted changes in the work tree)' : ''}`,
    `- CPU: ${m.cpuModel}, nproc ${m.cpus}`,
    `- Memory: ${m.memoryGiB} GiB`,
    `- Node: ${m.node}; ${m.os}`,
    `- Load average (1 min) when the run started: ${m.loadAverage}`,
  ].join('\n');
}
