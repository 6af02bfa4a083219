import { MessagePattern } from '@nestjs/microservices';
import type { AnyMessage, MessagePayload, MessageReplyInput } from '@medical-qr/contracts';
import { parseOrThrow } from '../errors/validation.js';

type Handler<M extends AnyMessage> = (
  payload: MessagePayload<M>,
) => MessageReplyInput<M> | Promise<MessageReplyInput<M>>;

/**
 * Answers a declared message: `@Handles(RecordsApi.create) create(request: MessagePayload<...>)`.
 * The payload is validated with the declaration's request schema before the method runs (a bad one
 * is answered with the VALIDATION_ERROR that names what is wrong), and the compiler checks that the
 * method takes what the declaration sends and returns what it answers.
 */
export function Handles<M extends AnyMessage>(message: M) {
  return <H extends Handler<M>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>): void => {
    const handler = descriptor.value!;
    const validated = function (this: unknown, payload: unknown) {
      return handler.call(this, parseOrThrow(message.request, payload ?? {}));
    };
    // Decorators applied before this one put their metadata on the original method.
    for (const metadataKey of Reflect.getMetadataKeys(handler)) {
      Reflect.defineMetadata(metadataKey, Reflect.getMetadata(metadataKey, handler), validated);
    }
    Object.defineProperty(validated, 'name', { value: handler.name });
    descriptor.value = validated as H;
    MessagePattern(message.pattern)(target, key, descriptor);
  };
}
