import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import '../app/antd-react19';

// jsdom lays nothing out; antd-mobile's PasscodeInput scrolls itself into view on focus.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

afterEach(() => {
  cleanup();
  // Toasts outlive the component that showed them; a later test must not read an old one.
  Toast.clear();
  Dialog.clear();
  localStorage.clear();
  sessionStorage.clear();
});
