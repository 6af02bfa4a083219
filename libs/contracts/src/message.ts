import type { z } from 'zod';
import type { ErrorCode } from './error-codes.js';

/**
 * One request/reply message on the bus, declared once: its pattern, what it takes, what it answers
 * and the refusals it may answer. The service client, the handler decorator, the bus permissions and
 * the web's endpoint types all read the same object, so the compiler checks that they agree.
 */
export interface MessageDeclaration<
  Pattern extends string = string,
  Request extends z.ZodType = z.ZodType,
  Reply extends z.ZodType = z.ZodType,
> {
  readonly pattern: Pattern;
  readonly request: Request;
  readonly reply: Reply;
  /**
   * Refusals it may answer on purpose, besides those any message may (VALIDATION_ERROR for a bad
   * payload, SERVICE_UNAVAILABLE, INTERNAL).
   */
  readonly errors: readonly ErrorCode[];
  /**
   * `services`: only other services send it, each for a narrow reason (bus-access.ts says which);
   * the gateway, which acts for a signed-in person, may not. `gateway`: the gateway's to send.
   */
  readonly calledBy: 'gateway' | 'services';
}

/** Any declaration, whatever its schemas. */
export type AnyMessage = MessageDeclaration<string, any, any>;

/** What a sender passes (defaults not yet applied). */
export type MessageRequest<M extends AnyMessage> = z.input<M['request']>;
/** What the handler receives, validated and with defaults applied. */
export type MessagePayload<M extends AnyMessage> = z.output<M['request']>;
/** What the handler returns before it is serialised (a Date may still be a Date). */
export type MessageReplyInput<M extends AnyMessage> = z.input<M['reply']>;
/** What the sender gets back. */
export type MessageReply<M extends AnyMessage> = z.output<M['reply']>;

export function declareMessage<Pattern extends string, Request extends z.ZodType, Reply extends z.ZodType>(
  pattern: Pattern,
  declaration: {
    request: Request;
    reply: Reply;
    errors?: readonly ErrorCode[];
    calledBy?: 'gateway' | 'services';
  },
): MessageDeclaration<Pattern, Request, Reply> {
  return { pattern, errors: [], calledBy: 'gateway', ...declaration };
}

/** A service's declarations by name → its patterns by the same names (the older, pattern-only view). */
export function patternsOf<Api extends Record<string, AnyMessage>>(api: Api): { [K in keyof Api]: Api[K]['pattern'] } {
  return Object.fromEntries(Object.entries(api).map(([name, message]) => [name, message.pattern])) as {
    [K in keyof Api]: Api[K]['pattern'];
  };
}
