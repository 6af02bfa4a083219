import { Crown } from 'lucide-react';
import { ModalDialog } from '../../components/ui/dialog';
import { PREMIUM_PRICE } from '../../lib/plans';
import { PricingPlans, type PricingPlansProps } from './pricing-plans';
import { usePricingDialog } from './use-pricing-dialog';

export type PricingDialogProps = Pick<PricingPlansProps, 'current' | 'onSignInToUpgrade' | 'onCreateAccount'>;

/**
 * The pricing plans over the current screen (SPEC section 2, "Home and login": the pricing plans dialog), opened by
 * the upgrade prompts with `usePricingDialog().open()`. Mounted once by the root layout; choosing an action that
 * leaves (a link, signing in) closes it first.
 */
export function PricingDialog({ current, onSignInToUpgrade, onCreateAccount }: PricingDialogProps) {
  const { isOpen, close } = usePricingDialog();
  const thenClose = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <ModalDialog
      open={isOpen}
      onOpenChange={(open) => (open ? undefined : close())}
      size="wide"
      icon={
        <span className="flex size-11 items-center justify-center rounded-xl bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300">
          <Crown className="size-6" aria-hidden="true" />
        </span>
      }
      title="Choose your plan"
      description={`Premium is ${PREMIUM_PRICE}: your code never expires and you can list up to 10 emergency contacts.`}
    >
      <PricingPlans
        current={current}
        headingLevel={3}
        onSignInToUpgrade={thenClose(onSignInToUpgrade)}
        onCreateAccount={thenClose(onCreateAccount)}
        onNavigate={close}
        premiumFirst
      />
    </ModalDialog>
  );
}
