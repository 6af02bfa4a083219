import { AuthMessages } from '@medical-qr/contracts';

/** Of several messages, "Please fill in all required fields" first (SPEC section 5), else the first. */
export function preferMissing(messages: readonly string[]): string | undefined {
  return messages.find((message) => message === AuthMessages.requiredFields) ?? messages[0];
}
