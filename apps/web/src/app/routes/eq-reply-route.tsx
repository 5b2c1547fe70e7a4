import { EqReplyPage } from '../../features/eq-questions/pages/eq-reply-page';

export default function EqReplyRoute() {
  return <EqReplyPage />;
}
