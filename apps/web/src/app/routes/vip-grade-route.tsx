import { VipGradePage } from '../../features/member-grade/pages/vip-grade-page';

export default function VipGradeRoute() {
  return <VipGradePage />;
}
