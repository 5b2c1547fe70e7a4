import { lazy, Suspense, useState } from 'react';
import './member-agreement.css';

export const AGREEMENT_TITLE = '《会员服务协议》';

// The text and its sheet load when the member asks to read them.
const MemberAgreementPopup = lazy(() => import('./member-agreement-popup'));

/** The agreement sheet, mounted on first open; `onAgree` offers to accept it. */
export function useAgreementPopup(onAgree?: () => void) {
  const [visible, setVisible] = useState(false);
  const [opened, setOpened] = useState(false);
  const open = () => {
    setOpened(true);
    setVisible(true);
  };
  const popup = opened && (
    <Suspense fallback={null}>
      <MemberAgreementPopup
        visible={visible}
        onClose={() => setVisible(false)}
        onAgree={
          onAgree &&
          (() => {
            onAgree();
            setVisible(false);
          })
        }
      />
    </Suspense>
  );
  return { open, popup };
}

/** The agreement title as a link that opens the agreement; `onAgree` offers to accept it. */
export function MemberAgreementLink({ onAgree }: { onAgree?: () => void }) {
  const { open, popup } = useAgreementPopup(onAgree);
  return (
    <>
      <a className="agreement-link" role="button" data-testid="agreement-link" onClick={open}>
        {AGREEMENT_TITLE}
      </a>
      {popup}
    </>
  );
}
