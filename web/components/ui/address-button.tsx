import type { ReactNode } from "react";
import { Button, type ButtonProps } from "./button";

/**
 * A button that opens something the page can also open from its address: a tiny GET form to
 * `action` with `params`. Before the page's scripts run, or without them, the browser asks for
 * that address and the server sends the page with it open; once they run, `onOpen` opens it in
 * place.
 */
export function AddressButton({
  action,
  params,
  onOpen,
  className,
  children,
  ...button
}: {
  action: string;
  params: Record<string, string>;
  onOpen: () => void;
  className?: string;
  children: ReactNode;
} & Omit<ButtonProps, "type" | "onClick" | "children">) {
  return (
    <form
      method="get"
      action={action}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onOpen();
      }}
    >
      {Object.entries(params).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" {...button}>
        {children}
      </Button>
    </form>
  );
}
