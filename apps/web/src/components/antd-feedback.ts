// Toast and Dialog pull in antd-mobile's animation library (react-spring, ~24 KB gzip); they
// are loaded the first time one is shown instead of with every page.
export { Dialog, Toast } from 'antd-mobile';
