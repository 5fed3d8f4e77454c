import { useState } from "react";
import { useLocation, useSearch } from "wouter";

/**
 * A dialog a page opens from its address (/?create=1, /my-articles?edit=12): the parameter's
 * value when the page was first rendered (by the server too, so the dialog is in its HTML), and
 * `clear` to take it out of the address once the dialog closes, so a reload does not reopen it.
 */
export function useAddressParam(name: string): { initial: string | null; clear: () => void } {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [initial] = useState(() => new URLSearchParams(search).get(name));
  const clear = () => {
    const params = new URLSearchParams(window.location.search);
    if (!params.has(name)) return;
    params.delete(name);
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  };
  return { initial, clear };
}
