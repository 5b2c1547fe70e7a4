import { lazy, Suspense } from 'react';
import { useRelationContext } from '../../../lib/relation-context';

// Few members ever act in a related account: the banner and switching load only for them.
const SwitchedBannerBody = lazy(() => import('./switched-banner-body'));

/** Shown while a main member acts in a related member's account, with the way back. */
export function SwitchedBanner() {
  const context = useRelationContext();
  if (!context.data?.isSwitched) return null;
  return (
    <Suspense fallback={null}>
      <SwitchedBannerBody main={context.data.mainMember} />
    </Suspense>
  );
}
