import { type ComponentType, lazy, type ReactNode, Suspense, useState } from "react";

/** What the server must have loaded before it renders (components a page can open from its address). */
const serverLoads: Array<Promise<unknown>> = [];

/** Resolves once every component marked `ssr` has loaded; entry-server.tsx waits for it. */
export const serverComponentsReady = () => Promise.all(serverLoads);

/**
 * A component whose code loads on first render (React.lazy), with `preload()` to start that
 * load earlier: when the pointer nears what opens it, or when the browser is idle. Once loaded
 * it renders directly. With `ssr`, the server loads it up front, so a page that opens it from
 * its address (a dialog at /?create=1) has it in its HTML: renderToString cannot wait for code.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { ssr?: boolean } = {},
) {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module at its top level, never during a render.
  function Component(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  if (options.ssr && typeof window === "undefined") serverLoads.push(preload());
  return Object.assign(Component, {
    preload: () => {
      preload().catch(() => {});
    },
  });
}

/**
 * Runs `callback` once the page has loaded and the browser has nothing better to do (at most
 * `timeout` ms after the load); returns a cancel. What it fetches then never competes with
 * what the page needs to paint.
 */
export function whenIdle(callback: () => void, timeout = 2000): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(callback, { timeout });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(callback, 200);
      cancel = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === "complete") idle();
  else {
    window.addEventListener("load", idle, { once: true });
    cancel = () => window.removeEventListener("load", idle);
  }
  return () => cancel();
}

/**
 * Renders `children` once `when` has been true, and keeps them mounted after (a dialog keeps its
 * state between openings, as it did when it was always mounted). Nothing shows while its code
 * loads: what it holds is opened by a click, not part of the first paint.
 */
export function MountWhen({ when, children }: { when: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(when);
  // Adjusting state while rendering (React's documented pattern): no extra commit, no effect.
  if (when && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
