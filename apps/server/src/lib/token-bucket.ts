/**
 * A socket's allowance of messages: a burst, refilled at a steady rate up to the burst again. Each socket holds its
 * own, so nothing is shared between sockets or instances. `now` is the clock in milliseconds (tests pass their own).
 */
export class TokenBucket {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.refilledAt = now();
  }

  /** Takes one message from the allowance; false when none is left (the message is to be dropped). */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
