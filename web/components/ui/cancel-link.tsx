import { Button, type ButtonProps } from "./button";

/**
 * A form's Cancel as a link to `href` (the page without its dialog or editor), so it works
 * before the page's scripts run and without them; once they run, `onCancel` closes in place.
 */
export function CancelLink({
  href,
  onCancel,
  disabled = false,
  size,
}: {
  href: string;
  onCancel: () => void;
  disabled?: boolean;
  size?: ButtonProps["size"];
}) {
  return (
    <Button variant="outline" size={size} asChild>
      <a
        href={href}
        aria-disabled={disabled || undefined}
        className={disabled ? "pointer-events-none opacity-50" : undefined}
        onClick={(event) => {
          event.preventDefault();
          onCancel();
        }}
      >
        Cancel
      </a>
    </Button>
  );
}
