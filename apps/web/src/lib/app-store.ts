import { create } from 'zustand';

/** A shipping address; its fields arrive with the shipping-address feature. */
export type AddressRecord = Record<string, unknown>;

/** Page transition applied to the page being shown; '' means none. */
export type PageAnimation = 'slide-left' | 'slide-right' | '';

/**
 * Shared application state of spec section 3: what the browser decides. What the server
 * answers (the spec's memberInfo among it) lives in the query cache, its only owner: read
 * member info with useMemberInfo() (lib/member-info.ts); loading is per request (decision 0011).
 */
export interface AppState {
  jdbAnimation: PageAnimation;
  /** Selected footer tab: 0 首页, 1 计价, 2 咨询, 3 我的. */
  tabIndex: number;
  isShowEditAddressFlag: boolean;
  isShowShippingAddress: boolean;
  isReturn: boolean;
  ShippingAddressCount: number;
  shippingAddressList: AddressRecord[];
  currentAddress: AddressRecord | null;
  tempTokenSign: string;
  setJdbAnimation: (animation: PageAnimation) => void;
  setTabIndex: (index: number) => void;
}

export const initialAppState = {
  jdbAnimation: 'slide-left',
  tabIndex: 3,
  isShowEditAddressFlag: false,
  isShowShippingAddress: false,
  isReturn: true,
  ShippingAddressCount: 0,
  shippingAddressList: [],
  currentAddress: null,
  tempTokenSign: '',
} satisfies Partial<AppState>;

export const useAppStore = create<AppState>()((set) => ({
  ...initialAppState,
  setJdbAnimation: (jdbAnimation) => set({ jdbAnimation }),
  setTabIndex: (tabIndex) => set({ tabIndex }),
}));
