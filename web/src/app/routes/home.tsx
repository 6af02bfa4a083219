import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../components/ui/notifications';
import { useAuth, useLoginDialog, type CurrentUser } from '../../features/auth';
import {
  AnonymousQrCreator,
  goToCreateQrSection,
  MedicalRecordsDashboard,
  NoActiveQrDialog,
  type LoginRequest,
} from '../../features/medical-records';
import { ConsentWithdrawnBanner, useGetPrivacyStatusQuery } from '../../features/privacy';
// The promo and the dialog's hook alone, not the premium feature's index (its screens load on demand).
import { HousePromo } from '../../features/premium/house-promo';
import { usePricingDialog } from '../../features/premium/use-pricing-dialog';
import { useDocumentTitle } from '../../lib/document-title';
import { useAppDispatch } from '../../lib/hooks';
import { latestLiveStoredCode } from '../../lib/storage';
import { HomeHero, HowItWorks, SampleCard } from './home-landing';

/**
 * The home page (SPEC section 2): for visitors (and while the session is still loading) the
 * landing page with the medical form; for signed-in users the dashboard.
 */
export function HomeRoute() {
  useSignOutNotice();
  const { user, isAuthenticated, isPremium } = useAuth();
  useDocumentTitle(isAuthenticated ? 'Your medical ID' : 'Your digital medical emergency card');

  return (
    <>
      {isAuthenticated && user ? <SignedInHome user={user} isPremium={isPremium} /> : <SignedOutHome />}
      <NoActiveQrDialog onCreate={goToCreateQrSection} />
    </>
  );
}

function SignedOutHome() {
  const loginDialog = useLoginDialog();
  // A code this browser made is shown in the create section (AnonymousQrCreator); the hero leads to it.
  const [hasCode] = useState(() => latestLiveStoredCode() !== null);
  const requestLogin = useCallback(
    ({ email, message, tab = 'sign-in' }: LoginRequest) =>
      loginDialog.open({ tab, email, notice: message ? { tone: 'info', text: message } : undefined }),
    [loginDialog],
  );

  return (
    <>
      <HomeHero onCreate={goToCreateQrSection} hasCode={hasCode} />
      <div className="mx-auto max-w-3xl px-5 py-10 sm:px-6 md:py-14">
        <AnonymousQrCreator onLoginRequested={requestLogin} />
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <HowItWorks />
      </div>
      {/* On phones the example follows the steps; wider screens show it in the hero. */}
      <div className="px-5 pb-12 md:hidden">
        <SampleCard />
      </div>
    </>
  );
}

function SignedInHome({ user, isPremium }: { user: CurrentUser; isPremium: boolean }) {
  const pricing = usePricingDialog();
  // Consent is the person's, not a record's (privacy): while withdrawn, no code of theirs opens its card.
  const { data: privacy } = useGetPrivacyStatusQuery();
  const hidden = privacy ? !privacy.consentGiven : false;
  return (
    <div className="mx-auto max-w-6xl px-5 py-8 sm:px-6 md:py-12">
      <p className="text-sm font-bold tracking-[0.12em] text-red-700 uppercase dark:text-red-400">
        Emergency medical ID
      </p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Your medical ID
      </h1>
      <p className="mt-2 mb-8 max-w-2xl text-base text-slate-600 dark:text-slate-300">
        Responders see exactly what you save here. Keep it current, and keep the code where it can be found.
      </p>
      {hidden ? <ConsentWithdrawnBanner since={privacy?.consentChangedAt ?? null} /> : null}
      <MedicalRecordsDashboard
        person={user}
        isPremium={isPremium}
        hiddenFromResponders={hidden}
        promo={isPremium ? null : <HousePromo onSeePremium={pricing.open} />}
      />
    </div>
  );
}

/**
 * Home after a sign-out says so, once: `timeout=inactivity` after an inactivity or expired-session
 * logout, `signedOut` after the person signed out; the key then leaves the URL.
 */
function useSignOutNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const timedOut = searchParams.get('timeout') === 'inactivity';
  const signedOut = searchParams.has('signedOut');

  useEffect(() => {
    if (!timedOut && !signedOut) return;
    dispatch(
      notify(
        timedOut
          ? {
              type: 'info',
              title: 'You were signed out',
              description: 'Your session ended after a period of inactivity. Sign in again to continue.',
            }
          : { type: 'success', title: 'Signed out', description: 'See you next time.' },
      ),
    );
    setSearchParams(
      (params) => {
        params.delete('timeout');
        params.delete('signedOut');
        return params;
      },
      { replace: true },
    );
  }, [timedOut, signedOut, dispatch, setSearchParams]);
}
