import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PublicUser } from '@medical-qr/contracts';
import { DATABASE, EmailIndex, FIELD_CIPHER, type DatabaseHandle, type FieldCipher } from '@medical-qr/platform';
import { users, type UserRow } from '../database/schema.js';

/** A user as the service works with it: names and phone decrypted. */
export interface User {
  id: string;
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  googleSub: string | null;
  emailVerifiedAt: Date | null;
  isTemporary: boolean;
  isDemo: boolean;
  createdAt: Date;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  phoneNumber?: string | null;
  googleSub?: string | null;
  emailVerified: boolean;
  isDemo?: boolean;
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    createdAt: user.createdAt.toISOString(),
    isTemporary: user.isTemporary,
    isAuthenticated: true,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    hasGoogle: user.googleSub !== null,
  };
}

/** The email's ciphertext is bound to its row, and apart from the names'. */
const emailContext = (userId: string) => `${userId}/email`;

/**
 * Reads and writes users: the email as a keyed hash (found by) and a ciphertext (read back), names and phone
 * numbers encrypted, each with the row id as context.
 */
@Injectable()
export class UsersRepository {
  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(FIELD_CIPHER) private readonly cipher: FieldCipher,
    private readonly emailIndex: EmailIndex,
  ) {}

  async findByEmail(email: string): Promise<User | undefined> {
    const lower = email.trim().toLowerCase();
    const [row] = await this.database.db
      .select()
      .from(users)
      .where(eq(users.emailIndex, this.emailIndex.of(lower)));
    return row && this.decrypt(row);
  }

  async findById(id: string): Promise<User | undefined> {
    const [row] = await this.database.db.select().from(users).where(eq(users.id, id));
    return row && this.decrypt(row);
  }

  async findByGoogleSub(sub: string): Promise<User | undefined> {
    const [row] = await this.database.db.select().from(users).where(eq(users.googleSub, sub));
    return row && this.decrypt(row);
  }

  /** Inserts a user; answers undefined when the email is already taken (the unique index decides, not a race). */
  async insert(user: NewUser): Promise<User | undefined> {
    const id = crypto.randomUUID();
    const [row] = await this.database.db
      .insert(users)
      .values({
        id,
        emailIndex: this.emailIndex.of(user.email),
        emailCiphertext: this.cipher.encrypt(user.email.trim().toLowerCase(), emailContext(id)),
        passwordHash: user.passwordHash,
        firstName: this.cipher.encrypt(user.firstName, id),
        lastName: this.cipher.encrypt(user.lastName, id),
        phoneNumber: user.phoneNumber ? this.cipher.encrypt(user.phoneNumber, id) : null,
        googleSub: user.googleSub ?? null,
        emailVerifiedAt: user.emailVerified ? new Date() : null,
        isDemo: user.isDemo ?? false,
      })
      .onConflictDoNothing({ target: users.emailIndex })
      .returning();
    return row && this.decrypt(row);
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.database.db
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  async markEmailVerified(id: string): Promise<void> {
    await this.database.db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  /** Notes a sign-in; true when the account had never signed in before (read and written in one statement). */
  async recordSignIn(id: string): Promise<boolean> {
    // The locked sub-select reads the old value before the update writes the new one.
    const result = await this.database.db.execute<{ previous: Date | null }>(sql`
      update ${users} set last_signed_in_at = now()
      from (select id, last_signed_in_at as previous from ${users} where id = ${id} for update) as before
      where ${users}.id = before.id
      returning before.previous`);
    return result.rows.length === 1 && result.rows[0]!.previous === null;
  }

  /**
   * Makes an account whose email was never verified the Google account's: whoever registered it never proved the
   * address, Google just did. Its password and the names and phone it was registered with go; Google's names come.
   * Answers false when the account was verified meanwhile (then it is linked as any verified account).
   */
  async takeOverUnverified(id: string, sub: string, names: { firstName: string; lastName: string }): Promise<boolean> {
    const rows = await this.database.db
      .update(users)
      .set({
        googleSub: sub,
        passwordHash: null,
        firstName: this.cipher.encrypt(names.firstName, id),
        lastName: this.cipher.encrypt(names.lastName, id),
        phoneNumber: null,
        emailVerifiedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    return rows.length === 1;
  }

  async linkGoogle(id: string, sub: string): Promise<void> {
    await this.database.db
      .update(users)
      .set({ googleSub: sub, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  private decrypt(row: UserRow): User {
    return {
      id: row.id,
      email: this.cipher.decrypt(row.emailCiphertext, emailContext(row.id)),
      passwordHash: row.passwordHash,
      firstName: this.cipher.decrypt(row.firstName, row.id),
      lastName: this.cipher.decrypt(row.lastName, row.id),
      phoneNumber: row.phoneNumber ? this.cipher.decrypt(row.phoneNumber, row.id) : null,
      googleSub: row.googleSub,
      emailVerifiedAt: row.emailVerifiedAt,
      isTemporary: row.isTemporary,
      isDemo: row.isDemo,
      createdAt: row.createdAt,
    };
  }
}
