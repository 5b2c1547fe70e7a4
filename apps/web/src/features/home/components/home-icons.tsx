import type { SVGProps } from 'react';
import { Icon } from '../../../components/icons';

// Drawn on the app's icon base; only the home page uses them, so only it downloads them.

export const UserCircleIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9.5" />
    <circle cx="12" cy="10" r="3.2" />
    <path d="M6.2 19.1c1.2-2.3 3.3-3.6 5.8-3.6s4.6 1.3 5.8 3.6" />
  </Icon>
);

export const ClockIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M12 6.5V12l3.5 2.5" />
  </Icon>
);

export const TruckIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M2.5 5.5h11v11h-11zM13.5 9.5h4l3 3.5v3.5h-7" />
    <circle cx="7" cy="18" r="1.8" />
    <circle cx="17" cy="18" r="1.8" />
  </Icon>
);

export const ChevronRightIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="m9 5 7 7-7 7" />
  </Icon>
);
