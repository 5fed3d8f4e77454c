import { AlertCircle } from "lucide-react";

/**
 * What went wrong with a form, in the page itself: the server's answer to a form posted without
 * JavaScript, where no toast can show. Same title and sentence as the toast.
 */
export function FormAlert({ title, description }: { title: string; description: string }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm text-destructive"
    >
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div>
        <p className="font-medium">{title}</p>
        <p>{description}</p>
      </div>
    </div>
  );
}
