import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "@/components/ui/toast";
import { dismissToastsShownBefore, useToast } from "@/hooks/use-toast";

/**
 * Toasts do not follow the reader to another page (WCAG 2.2.1, 3.2): a move to another path
 * dismisses those shown before the reader's last click or key press, and Back or Forward
 * dismisses them all. Client-only: the toaster never renders on the server.
 */
function useDismissOnNavigation() {
  const [location] = useLocation();
  const lastInput = useRef(0);
  const previous = useRef(location);
  useEffect(() => {
    const noteInput = () => {
      lastInput.current = Date.now();
    };
    // Back and Forward leave the page without an input on it.
    const leaveAll = () => dismissToastsShownBefore(Number.POSITIVE_INFINITY);
    document.addEventListener("pointerdown", noteInput, true);
    document.addEventListener("keydown", noteInput, true);
    window.addEventListener("popstate", leaveAll);
    return () => {
      document.removeEventListener("pointerdown", noteInput, true);
      document.removeEventListener("keydown", noteInput, true);
      window.removeEventListener("popstate", leaveAll);
    };
  }, []);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    dismissToastsShownBefore(lastInput.current);
  }, [location]);
}

/** Spec section 9: 5 s on screen, swipe right past 50 px to dismiss, F8 focuses the viewport. */
export function Toaster() {
  const { toasts } = useToast();
  useDismissOnNavigation();
  return (
    <ToastProvider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, shownAt: _shownAt, title, description, action, ...props }) => (
        <Toast key={id} data-testid="toast" {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={["F8"]} />
    </ToastProvider>
  );
}
