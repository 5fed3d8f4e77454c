import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/**
 * The app's own confirmation, in place of the browser's `confirm`: a dialog with the question,
 * Cancel and the action (destructive). Without scripts the server asks instead
 * (server/pages/action-posts.ts), so this only ever opens on a hydrated page.
 */
export function ConfirmDialog({
  open,
  title,
  question,
  confirmLabel,
  dismissLabel = "Cancel",
  pending,
  onConfirm,
  onOpenChange,
}: {
  open: boolean;
  title: string;
  question: ReactNode;
  confirmLabel: string;
  /** The button that backs out ("Cancel" unless cancelling is the action). */
  dismissLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md" role="alertdialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{question}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {dismissLabel}
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending && <Loader2 className="animate-spin" />} {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
