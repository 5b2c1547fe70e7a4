import { FirmCertificationPage } from '../../features/company-certification/pages/firm-certification-page';

export default function FirmCertificationRoute() {
  return <FirmCertificationPage />;
}
