import { useAuth, useLoginDialog } from '../../features/auth';
import { PricingPlans } from '../../features/premium';
import { useDocumentTitle } from '../../lib/document-title';
import { planOf, SIGN_IN_TO_UPGRADE } from '../../lib/plans';
import { PageTitle } from '../../components/ui/page-title';

/** /pricing: the plans side by side (upgrade prompts land here). */
export function PricingRoute() {
  useDocumentTitle('Pricing');
  const { isAuthenticated, isPremium } = useAuth();
  const loginDialog = useLoginDialog();
  return (
    <div className="mx-auto max-w-6xl px-5 py-8 sm:px-6 md:py-12">
      <header className="mx-auto max-w-2xl text-center">
        <PageTitle eyebrow="Plans and pricing">Choose your plan</PageTitle>
        <p className="mt-3 text-lg leading-relaxed text-balance text-slate-600 dark:text-slate-300">
          Start free. Go Premium for a code that never expires and room for everyone a responder should call.
        </p>
      </header>
      <div className="mt-8 md:mt-10">
        <PricingPlans
          current={planOf({ isAuthenticated, isPremium })}
          headingLevel={2}
          onSignInToUpgrade={() =>
            loginDialog.open({ tab: 'sign-in', upgrade: true, notice: { tone: 'info', text: SIGN_IN_TO_UPGRADE } })
          }
          onCreateAccount={() => loginDialog.open({ tab: 'create-account' })}
        />
      </div>
    </div>
  );
}
