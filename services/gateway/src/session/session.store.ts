import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AuthMethod } from '@medical-qr/contracts';
import type { GatewayConfig } from '../config.js';
import { GATEWAY_CONFIG, REDIS } from '../tokens.js';

export interface SessionData {
  userId: string;
  createdAt: number;
  /** How this session was signed in. Absent only in sessions started before it was recorded. */
  authMethod?: AuthMethod;
  /** Last password (or Google) re-authentication, for destructive privacy actions. */
  reauthAt?: number;
  /** Last time Google vouched for this person in this session. */
  googleAuthAt?: number;
}

/** Sessions never outlive this, however active. */
const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Server-side sessions in Redis, so a cookie is useless once its session is destroyed and every
 * gateway replica sees the same sessions. Cookies carry `id.signature`; ids are 256-bit random.
 */
@Injectable()
export class SessionStore {
  private readonly idleSeconds: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.idleSeconds = Math.round(config.SESSION_IDLE_HOURS * 3600);
  }

  get maxAgeMs(): number {
    return this.idleSeconds * 1000;
  }

  async create(data: Omit<SessionData, 'createdAt'>): Promise<{ cookieValue: string; data: SessionData }> {
    const id = randomBytes(32).toString('base64url');
    const full: SessionData = { ...data, createdAt: Date.now() };
    await this.redis
      .multi()
      .set(this.key(id), JSON.stringify(full), 'EX', this.idleSeconds)
      .sadd(this.userKey(full.userId), id)
      .expire(this.userKey(full.userId), Math.ceil(ABSOLUTE_LIFETIME_MS / 1000))
      .exec();
    return { cookieValue: `${id}.${this.sign(id)}`, data: full };
  }

  /** The session a cookie names, if the signature holds and it is alive; refreshes its idle timer. */
  async read(cookieValue: string | undefined): Promise<{ id: string; data: SessionData } | undefined> {
    const id = this.verify(cookieValue);
    if (!id) return undefined;
    const raw = await this.redis.get(this.key(id));
    if (!raw) return undefined;
    const data = JSON.parse(raw) as SessionData;
    if (Date.now() - data.createdAt > ABSOLUTE_LIFETIME_MS) {
      await this.destroy(id, data.userId);
      return undefined;
    }
    await this.redis.expire(this.key(id), this.idleSeconds);
    return { id, data };
  }

  async update(id: string, data: SessionData): Promise<void> {
    await this.redis.set(this.key(id), JSON.stringify(data), 'EX', this.idleSeconds, 'XX');
  }

  /** Ends a session; every gateway replica hears of it (endedChannel) and closes its live sockets. */
  async destroy(id: string, userId?: string): Promise<void> {
    const multi = this.redis.multi().del(this.key(id));
    if (userId) multi.srem(this.userKey(userId), id);
    await multi.publish(this.endedChannel, JSON.stringify([id])).exec();
  }

  /** Ends every session of a user (after a password reset, or erasure). */
  async destroyAllFor(userId: string): Promise<void> {
    const ids = await this.redis.smembers(this.userKey(userId));
    await this.redis
      .multi()
      .del(...ids.map((id) => this.key(id)), this.userKey(userId))
      .publish(this.endedChannel, JSON.stringify(ids))
      .exec();
  }

  /** The ids among `ids` whose sessions are still alive; their idle timers are left as they are. */
  async alive(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const sessions = await this.redis.mget(...ids.map((id) => this.key(id)));
    return new Set(
      ids.filter((_, i) => {
        const raw = sessions[i];
        return raw && Date.now() - (JSON.parse(raw) as SessionData).createdAt <= ABSOLUTE_LIFETIME_MS;
      }),
    );
  }

  /** The Redis channel that carries the ids of ended sessions (a JSON array) to every gateway replica. */
  get endedChannel(): string {
    return `${this.config.REDIS_PREFIX}:sessions-ended`;
  }

  private verify(cookieValue: string | undefined): string | undefined {
    if (!cookieValue) return undefined;
    const [id, signature] = cookieValue.split('.');
    if (!id || !signature || !/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
    const expected = Buffer.from(this.sign(id));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
  }

  private sign(id: string): string {
    return createHmac('sha256', this.config.SESSION_SECRET).update(id).digest('base64url');
  }

  private key(id: string) {
    return `${this.config.REDIS_PREFIX}:session:${id}`;
  }

  private userKey(userId: string) {
    return `${this.config.REDIS_PREFIX}:user-sessions:${userId}`;
  }
}
