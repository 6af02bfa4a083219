import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Peak resident memory of a process, as Linux keeps it (VmHWM in /proc/<pid>/status), in megabytes; undefined once
 * the process is gone.
 */
export function peakRssMb(pid: number): number | undefined {
  try {
    const line = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sets the process's peak back to its resident memory now (writing 5 to clear_refs), so the next reading is the peak
 * of one bench row alone. Needs to own the process or be root; where it may not, the peak stays the lifetime's.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
