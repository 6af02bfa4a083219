import type { NotifyInput } from '../../components/ui/notifications';

/**
 * The toast after a sign-in: a newcomer is welcomed to the product, a returning person back (SPEC section 8's
 * "Login successful / Welcome back!"). `method` names Google when the person came back from it.
 */
export function welcomeToast(
  firstName: string | null | undefined,
  firstSignIn: boolean,
  method: 'password' | 'google' = 'password',
): NotifyInput {
  const name = firstName?.trim();
  if (firstSignIn) {
    return {
      type: 'success',
      title: name ? `Welcome to Medical QR, ${name}!` : 'Welcome to Medical QR!',
      description: "You're signed in. Fill in your medical ID to get your QR code.",
    };
  }
  if (method === 'google') {
    return {
      type: 'success',
      title: 'Signed in with Google',
      description: name ? `Welcome back, ${name}!` : 'Welcome back!',
    };
  }
  return { type: 'success', title: 'Login successful', description: 'Welcome back!' };
}
