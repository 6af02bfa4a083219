/** The process's {@link EventBus} (a connected one). */
export const EVENT_BUS = Symbol('EVENT_BUS');
