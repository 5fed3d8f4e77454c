import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "@/components/ui/toast";
import { useToast } from "@/hooks/use-toast";

/** Spec section 9: 5 s on screen, swipe right past 50 px to dismiss, F8 focuses the viewport. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, ...props }) => (
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
