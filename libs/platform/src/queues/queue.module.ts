import { type DynamicModule, Inject, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { QueueDefinition } from '@medical-qr/contracts';
import type { BaseEnv } from '../config/env-schemas.js';
import { CONFIG, LOGGER } from '../service/tokens.js';
import { JobQueue, type JobQueueOptions } from './job-queue.js';
import { queueSettingsOf } from './queues.js';

/** The injection token of a queue's JobQueue (a string, so each registration is a module of its own). */
export function queueToken(definition: Pick<QueueDefinition, 'name'>): string {
  return `queue:${definition.name}`;
}

/** Injects the JobQueue that `QueueModule.register(definition)` provides. */
export const InjectQueue = (definition: Pick<QueueDefinition, 'name'>) => Inject(queueToken(definition));

/**
 * Gives a service's module one queue to add jobs to: `imports: [QueueModule.register(Queues.x)]`,
 * then `@InjectQueue(Queues.x) queue: JobQueue<X>`. The queue closes with the application.
 * Draining it is a `QueueWorker` subclass in the module's providers.
 */
@Module({})
export class QueueModule {
  static register<T>(definition: QueueDefinition<T>, options: JobQueueOptions = {}): DynamicModule {
    const token = queueToken(definition);
    return {
      module: QueueModule,
      providers: [
        {
          provide: token,
          inject: [CONFIG, LOGGER],
          useFactory: (config: BaseEnv, logger: Logger) =>
            new JobQueue<T>(definition, queueSettingsOf(config), {
              onConnectionError: (error) =>
                logger.warn({ queue: definition.name, err: error }, 'queue cannot reach Redis'),
              ...options,
            }),
        },
      ],
      exports: [token],
    };
  }
}
