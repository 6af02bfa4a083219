import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../components/ui/notifications';
import { AfterFirstPaint } from '../../components/ui/after-first-paint';
import { ScreenLoading } from '../../components/ui/screen-loading';
import { useAuth, useLoginDialog, type CurrentUser } from '../../features/auth';
import type { LoginRequest } from '../../features/medical-records';
// The section's id and scroll alone, not the feature's index: the form and the dashboard load beside the page.
import {
  CREATE_QR_SECTION_ID,
  goToCreateQrSection,
  NO_ACTIVE_QR_QUERY_KEY,
} from '../../features/medical-records/create-qr-section';
import { ConsentWithdrawnBanner, useGetPrivacyStatusQuery } from '../../features/privacy';
// The promo and the dialog's hook alone, not the premium feature's index (its screens load on demand).
import { HousePromo } from '../../features/premium/house-promo';
import { usePricingDialog } from '../../features/premium/use-pricing-dialog';
import { useDocumentTitle } from '../../lib/document-title';
import { useAppDispatch } from '../../lib/hooks';
import { latestLiveStoredCode } from '../../lib/storage';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { HomeHero, HowItWorks, SampleCard } from './home-landing';
import { PageTitle } from '../../components/ui/page-title';

// The form (its validation, the form library), the dashboard and the dialog load beside the page, not before it: the
// hero paints from the first script alone (docs/decisions.md, "Step 13: the first visit").
const AnonymousQrCreator = lazy(() =>
  import('../../features/medical-records/anonymous-qr-creator').then((module) => ({
    default: module.AnonymousQrCreator,
  })),
);
const MedicalRecordsDashboard = lazy(() =>
  import('../../features/medical-records/medical-records-dashboard').then((module) => ({
    default: module.MedicalRecordsDashboard,
  })),
);
const NoActiveQrDialog = lazy(() =>
  import('../../features/medical-records/no-active-qr-dialog').then((module) => ({
    default: module.NoActiveQrDialog,
  })),
);

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
      <NoActiveQrDialogHost />
    </>
  );
}

/** Mounts the explanation once the URL first asks for it (the shop's link), and keeps it so it can animate out. */
function NoActiveQrDialogHost() {
  const [searchParams] = useSearchParams();
  const wanted = useOpenedOnce(searchParams.get(NO_ACTIVE_QR_QUERY_KEY) === 'true');
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NoActiveQrDialog onCreate={goToCreateQrSection} />
    </Suspense>
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
        {/* Until the form arrives its place keeps the page's height, so what follows does not jump when it does. */}
        <AfterFirstPaint
          placeholder={<section id={CREATE_QR_SECTION_ID} aria-busy="true" className="min-h-dvh scroll-mt-24" />}
        >
          <AnonymousQrCreator onLoginRequested={requestLogin} />
        </AfterFirstPaint>
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
      <PageTitle eyebrow="Emergency medical ID">Your medical ID</PageTitle>
      <p className="mt-2 mb-8 max-w-2xl text-base text-slate-600 dark:text-slate-300">
        Responders see exactly what you save here. Keep it current, and keep the code where it can be found.
      </p>
      {hidden ? <ConsentWithdrawnBanner since={privacy?.consentChangedAt ?? null} /> : null}
      <Suspense fallback={<ScreenLoading />}>
        <MedicalRecordsDashboard
          person={user}
          isPremium={isPremium}
          hiddenFromResponders={hidden}
          promo={isPremium ? null : <HousePromo onSeePremium={pricing.open} />}
        />
      </Suspense>
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
