const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** Turns one pino JSON line into `HH:MM:SS service level message`; other lines pass through. */
export function formatLogLine(process: string, line: string): string {
  try {
    const entry = JSON.parse(line) as {
      time?: string;
      level?: number;
      msg?: string;
      requestId?: string;
      err?: { message?: string };
    };
    const time = (entry.time ?? new Date().toISOString()).slice(11, 19);
    const level = LEVELS[entry.level ?? 30] ?? 'info';
    const extra = [entry.requestId && `[${entry.requestId.slice(0, 8)}]`, entry.err?.message].filter(Boolean).join(' ');
    return `${time} ${process.padEnd(8)} ${level.padEnd(5)} ${entry.msg ?? ''}${extra ? ` ${extra}` : ''}`;
  } catch {
    return `${new Date().toISOString().slice(11, 19)} ${process.padEnd(8)} ${line}`;
  }
}
