// Replaces rc-util's ReactDOM.render wrapper in the production bundle (see vite.config.ts).
// antd-mobile reaches it only as the default of unstableSetRender, which antd-react19.ts
// always overrides; the wrapper would otherwise ship ~3 KB gzip of regenerator runtime.
const unavailable = () => {
  throw new Error('antd-mobile must render through unstableSetRender (src/app/antd-react19.ts)');
};

export const render = unavailable;
export const unmount = unavailable;
