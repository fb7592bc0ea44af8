// Thread priorities (Linux): the render threads, and V8's helper threads that collect and
// compile for them, run at a nice increment over the HTTP (main) thread, so it gets the CPU
// first when it needs it (accepting, validating, streaming, /healthz). Linux applies
// setpriority() to one thread when given its thread ID. Elsewhere, or without permission,
// threads keep their normal priority.
import { readdirSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Sets thread `tid` to the main thread's nice value plus `increment` (at most 19); never raises a thread's priority. */
function lowerThread(tid: number, increment: number): void {
  const target = Math.min(19, getPriority(process.pid) + Math.floor(increment));
  if (getPriority(tid) < target) setPriority(tid, target);
}

/** The calling thread's ID in the kernel (Linux); undefined elsewhere. */
export function osThreadId(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch { return undefined; }
}

/** The calling thread (a render worker) at `increment` over the main thread. */
export function lowerThisThread(increment: number): void {
  if (!(increment > 0)) return;
  const tid = osThreadId();
  if (tid === undefined) return;
  try { lowerThread(tid, increment); } catch { /* normal priority then */ }
}

/** Every thread of the process but the main one at `increment` over it: the workers, and V8's platform threads that collect and compile for them. */
export function lowerAllButMainThread(increment: number): void {
  if (!(increment > 0) || process.platform !== 'linux') return;
  try {
    for (const name of readdirSync('/proc/self/task')) {
      const tid = Number(name);
      if (!Number.isInteger(tid) || tid === process.pid) continue;
      try { lowerThread(tid, increment); } catch { /* that thread ended */ }
    }
  } catch { /* no /proc: normal priority then */ }
}
