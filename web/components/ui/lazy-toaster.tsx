import { useEffect, useState } from "react";
import { useToast } from "@/hooks/use-toast";
import { lazyComponent, MountWhen, whenIdle } from "@/lib/lazy";

const Toaster = lazyComponent(() => import("./toaster").then((module) => module.Toaster));

/**
 * The toaster (Radix Toast) plays no part in painting a page, so its code stays out of the first
 * load: it mounts once the browser is idle after hydration, or at once for a toast shown sooner.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return (
    <MountWhen when={idle || toasts.length > 0}>
      <Toaster />
    </MountWhen>
  );
}
