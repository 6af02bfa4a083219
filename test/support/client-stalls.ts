/**
 * The pauses of this test process itself: a long garbage collection, or a machine too busy to run it. A request
 * timed by this process includes them, though the system under test had no part in them (it did not even have the
 * request yet), so a deadline is checked on the time the request took less this process's own pauses in it.
 * A pause of the system under test is not seen here and still counts against it.
 */
export class ClientStalls {
  private readonly pauses: Array<{ from: number; to: number }> = [];
  private lastTick = Date.now();
  private readonly timer: NodeJS.Timeout;

  constructor(
    tickMs = 20,
    /** A late tick longer than this is a pause (timers are a few ms late on any machine). */
    private readonly pauseMs = 100,
  ) {
    this.timer = setInterval(() => {
      const now = Date.now();
      if (now - this.lastTick > tickMs + this.pauseMs) this.pauses.push({ from: this.lastTick + tickMs, to: now });
      this.lastTick = now;
    }, tickMs);
    this.timer.unref();
  }

  /** Milliseconds of [from, to] (epoch ms) this process spent paused; read it once the pauses in it have ended. */
  within(from: number, to: number): number {
    return this.pauses.reduce(
      (sum, pause) => sum + Math.max(0, Math.min(to, pause.to) - Math.max(from, pause.from)),
      0,
    );
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
