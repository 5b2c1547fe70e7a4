import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile 5 mounts Toast, Dialog and Modal with ReactDOM.render, which React 19 removed;
// without this renderer every imperative call fails silently.
interface Mounted {
  root: Root;
  /** The deferred unmount, once antd-mobile asked for it. */
  timer?: ReturnType<typeof setTimeout>;
}
const mounted = new Map<Element | DocumentFragment, Mounted>();

function unmount(container: Element | DocumentFragment): void {
  const entry = mounted.get(container);
  if (!entry) return;
  clearTimeout(entry.timer);
  mounted.delete(container);
  entry.root.unmount();
}

unstableSetRender((node, container) => {
  let entry = mounted.get(container);
  if (!entry) {
    entry = { root: createRoot(container) };
    mounted.set(container, entry);
  }
  entry.root.render(node);
  return () =>
    new Promise<void>((resolve) => {
      const current = mounted.get(container);
      if (!current) return resolve();
      // Unmounting inside the closing animation's callback would warn about a sync unmount.
      current.timer = setTimeout(() => {
        unmount(container);
        resolve();
      }, 0);
    });
});

/**
 * Unmounts every toast, dialog and modal root now, with no timer left behind. Tests call it
 * between tests: a deferred unmount that runs after the test environment is gone fails.
 */
export function unmountImperativeRoots(): void {
  for (const container of [...mounted.keys()]) unmount(container);
}
