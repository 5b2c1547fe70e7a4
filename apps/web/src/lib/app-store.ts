import { create } from 'zustand';
import type { MemberInfo } from '@pcb/contract';

/** A shipping address; its fields arrive with the shipping-address feature. */
export type AddressRecord = Record<string, unknown>;

/** Page transition applied to the page being shown; '' means none. */
export type PageAnimation = 'slide-left' | 'slide-right' | '';

/** Shared application state of spec section 3, plus the shared loading flag. */
export interface AppState {
  jdbAnimation: PageAnimation;
  /** Selected footer tab: 0 首页, 1 计价, 2 咨询, 3 我的. */
  tabIndex: number;
  memberInfo: MemberInfo | null;
  isShowEditAddressFlag: boolean;
  isShowShippingAddress: boolean;
  isReturn: boolean;
  ShippingAddressCount: number;
  shippingAddressList: AddressRecord[];
  currentAddress: AddressRecord | null;
  tempTokenSign: string;
  /** True while an API call is in flight; every response clears it. */
  loading: boolean;
  setJdbAnimation: (animation: PageAnimation) => void;
  setTabIndex: (index: number) => void;
  setMemberInfo: (info: MemberInfo | null) => void;
  setLoading: (loading: boolean) => void;
}

export const initialAppState = {
  jdbAnimation: 'slide-left',
  tabIndex: 3,
  memberInfo: null,
  isShowEditAddressFlag: false,
  isShowShippingAddress: false,
  isReturn: true,
  ShippingAddressCount: 0,
  shippingAddressList: [],
  currentAddress: null,
  tempTokenSign: '',
  loading: false,
} satisfies Partial<AppState>;

export const useAppStore = create<AppState>()((set) => ({
  ...initialAppState,
  setJdbAnimation: (jdbAnimation) => set({ jdbAnimation }),
  setTabIndex: (tabIndex) => set({ tabIndex }),
  setMemberInfo: (memberInfo) => set({ memberInfo }),
  setLoading: (loading) => set({ loading }),
}));
