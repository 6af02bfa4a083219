import type { DurableEvent } from '@medical-qr/contracts';
import type { EventHandler } from './durable-consumer.js';

/** Where a method's event is kept for {@link EventConsumers}. */
export const CONSUMED_EVENT = Symbol('CONSUMED_EVENT');

/**
 * Makes a provider's method the handler of a durable event: this service's durable consumer of it is started when the
 * application has booted, and each event is handed to the method once acknowledged handling succeeds (it is
 * delivered again when the method throws). The compiler holds the method to the event's payload.
 */
export function Consumes<E extends DurableEvent>(event: E) {
  return <H extends EventHandler<E>>(
    _target: object,
    _key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ) => {
    Reflect.defineMetadata(CONSUMED_EVENT, event, descriptor.value!);
  };
}
