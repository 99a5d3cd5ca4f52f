// Children that must not outlive us. Embedded Postgres and the Temporal dev server run in process
// groups of their own (so that a terminal's Ctrl-C reaches only us, and we stop them last), which
// also means a SIGKILL of our process or our group leaves them running. Node has no
// PR_SET_PDEATHSIG, so a tiny shell process, in a group of its own too, holds the read end of a
// pipe from us: when that pipe closes — we exited, however we died — it signals every process
// group still registered with it, and SIGKILLs what is left 2 s later.
import { spawn } from 'node:child_process';

// Lines on stdin: "+PGID:SIGNAL" registers a group (and the signal that stops it), "-PGID:SIGNAL"
// removes it. On end of input: signal, wait up to 2 s, SIGKILL, exit.
const SCRIPT = `
trap '' HUP INT
watched=' '
while IFS= read -r line; do
  case "$line" in
    +*) watched="$watched\${line#+} " ;;
    -*) rest=' '; for w in $watched; do [ "$w" = "\${line#-}" ] || rest="$rest$w "; done; watched=$rest ;;
  esac
done
set -- $watched
[ $# -eq 0 ] && exit 0
for w; do kill -s "\${w#*:}" -- "-\${w%%:*}" 2>/dev/null; done
i=0
while [ $i -lt 20 ]; do
  alive=0
  for w; do kill -0 "-\${w%%:*}" 2>/dev/null && alive=1; done
  [ $alive -eq 0 ] && exit 0
  sleep 0.1
  i=$((i + 1))
done
for w; do kill -s KILL -- "-\${w%%:*}" 2>/dev/null; done
exit 0
`;

export interface Watchdog {
  /** pid of the watchdog process itself. */
  pid: number;
  /** Stop process group `pgid` (with `signal`, then SIGKILL) should this process end without unwatching it. */
  watch(pgid: number, signal: 'QUIT' | 'TERM' | 'INT' | 'KILL'): void;
  unwatch(pgid: number): void;
}

export function startWatchdog(): Watchdog {
  const child = spawn('/bin/sh', ['-c', SCRIPT], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  // It must not hold our event loop open, and a dead watchdog must not crash us (EPIPE).
  child.unref();
  child.stdin!.on('error', () => {});
  (child.stdin as unknown as { _handle?: { unref?: () => void } })._handle?.unref?.();
  const signals = new Map<number, string>();
  const send = (line: string) => {
    if (!child.stdin!.destroyed) child.stdin!.write(`${line}\n`);
  };
  return {
    pid: child.pid!,
    watch(pgid, signal) {
      signals.set(pgid, signal);
      send(`+${pgid}:${signal}`);
    },
    unwatch(pgid) {
      const signal = signals.get(pgid);
      if (signal === undefined) return;
      signals.delete(pgid);
      send(`-${pgid}:${signal}`);
    },
  };
}
