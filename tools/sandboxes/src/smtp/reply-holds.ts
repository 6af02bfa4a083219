/** A message whose reply the catcher holds: it is in the mailbox, the client has not heard so yet. */
export interface HeldReply {
  /** The recipients it was sent to. */
  to: string[];
  subject: string;
  heldAt: string;
}

/**
 * For fault tests: the catcher takes the next message to an address into the mailbox as usual, then holds its reply
 * (the 250 that tells the client it was accepted) until released, or until the client goes away. That is the worst
 * moment for a sender to die: the mail is delivered, and the sender cannot know it.
 */
export class ReplyHolds {
  private readonly armed = new Set<string>();
  private readonly held = new Map<string, HeldReply & { release: () => void }>();

  /** The next message to `address` (case-insensitive) has its reply held. */
  arm(address: string): void {
    this.armed.add(address.trim().toLowerCase());
  }

  /** Whether the reply to a message to these recipients is to be held; a hold applies to one message only. */
  take(recipients: string[]): boolean {
    const armed = recipients.map((address) => address.toLowerCase()).find((address) => this.armed.has(address));
    if (armed === undefined) return false;
    this.armed.delete(armed);
    return true;
  }

  /** Holds the reply of the connection `connection` (one at a time: a client waits for the reply to its message). */
  hold(connection: string, reply: HeldReply, release: () => void): void {
    this.held.set(connection, { ...reply, release });
  }

  /** The client went away: there is nobody left to reply to. */
  drop(connection: string): void {
    this.held.delete(connection);
  }

  /** Sends every held reply; answers how many. */
  releaseAll(): number {
    const replies = [...this.held.values()];
    this.held.clear();
    for (const reply of replies) reply.release();
    return replies.length;
  }

  list(): HeldReply[] {
    return [...this.held.values()].map(({ to, subject, heldAt }) => ({ to, subject, heldAt }));
  }

  clear(): void {
    this.armed.clear();
    this.releaseAll();
  }
}
