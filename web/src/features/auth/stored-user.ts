import type { PublicUser } from '@medical-qr/contracts';
import {
  clearStoredUser,
  isStoredUserAuthenticated,
  readStoredUser,
  writeStoredUser,
  type StoredUser,
} from '../../lib/storage';

/** The account as kept in `medical-qr-user` (SPEC section 3): the user's fields and `isAuthenticated`. */
export function toStoredUser(user: PublicUser): StoredUser {
  const stored: StoredUser = {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    createdAt: user.createdAt,
    isTemporary: user.isTemporary,
    isAuthenticated: true,
  };
  if (user.phoneNumber) stored.phoneNumber = user.phoneNumber;
  return stored;
}

export function rememberSignedInUser(user: PublicUser): void {
  writeStoredUser(toStoredUser(user));
}

/** On sign-out the saved account goes; a record that was never signed in (a visitor's trial QR) stays. */
export function forgetSignedInUser(): void {
  if (isStoredUserAuthenticated(readStoredUser())) clearStoredUser();
}
