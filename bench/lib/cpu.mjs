// CPU time from /proc: of one process, and of the PostgreSQL backends serving one database (their
// process titles read "postgres: 15/main: USER DBNAME HOST(PORT) STATE").
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // CLK_TCK on Linux

/** CPU seconds (user + system) a process has used, or 0 when it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

function backendsOf(dbName) {
  const out = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let title;
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    if (title.startsWith('postgres: ') && title.includes(` ${dbName} `)) out.set(pid, cpuSeconds(pid));
  }
  return out;
}

/** Starts counting the CPU of `dbName`'s backends; the function returned answers the seconds used since. */
export function pgCpuMeter(dbName) {
  const before = backendsOf(dbName);
  return () => {
    let sum = 0;
    for (const [pid, t] of backendsOf(dbName)) sum += t - (before.get(pid) ?? 0);
    return sum;
  };
}
