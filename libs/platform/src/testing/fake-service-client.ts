import type { AnyMessage, MessagePayload, MessageReply, MessageRequest } from '@medical-qr/contracts';
import { AppError } from '../errors/app-error.js';
import { parseOrThrow } from '../errors/validation.js';
import type { ServiceClient } from '../nats/service-client.js';

type Answer<M extends AnyMessage> = (payload: MessagePayload<M>) => MessageReply<M> | Promise<MessageReply<M>>;

/** One message the code under test sent. */
export interface SentMessage {
  pattern: string;
  payload: unknown;
}

/**
 * The other services, as a unit under test sees them: answers set per declaration, and a list of
 * what was sent. Payloads are checked against the declaration's request schema as the real service
 * would, and answers against its reply schema, so a fake cannot drift from the contract.
 */
export class FakeServiceClient {
  readonly sent: SentMessage[] = [];
  private readonly answers = new Map<string, Answer<AnyMessage>>();

  /** How the service answers `message` from now on (a throw is a refusal, as an AppError crosses NATS). */
  answer<M extends AnyMessage>(message: M, answer: Answer<M>): this {
    this.answers.set(message.pattern, answer as Answer<AnyMessage>);
    return this;
  }

  /** The service is away: every send of `message` fails as the real client does when nobody answers. */
  unavailable(message: AnyMessage): this {
    return this.answer(message, () => {
      throw AppError.unavailable(`The ${message.pattern.split('.')[0]} service cannot be reached right now.`);
    });
  }

  /** Payloads sent with `message`, in order. */
  sentWith<M extends AnyMessage>(message: M): MessagePayload<M>[] {
    return this.sent
      .filter((sent) => sent.pattern === message.pattern)
      .map((sent) => sent.payload as MessagePayload<M>);
  }

  async send<M extends AnyMessage>(message: M, payload: MessageRequest<M>): Promise<MessageReply<M>> {
    const validated = parseOrThrow(message.request, payload ?? {});
    this.sent.push({ pattern: message.pattern, payload: validated });
    const answer = this.answers.get(message.pattern);
    if (!answer) throw new Error(`FakeServiceClient: no answer set for ${message.pattern}`);
    const reply = await answer(validated);
    return parseOrThrow(message.reply, reply) as MessageReply<M>;
  }

  /** Typed as the real client, for constructors that take one. */
  asClient(): ServiceClient {
    return this as unknown as ServiceClient;
  }
}
