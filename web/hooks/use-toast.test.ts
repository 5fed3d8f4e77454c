import { afterEach, describe, expect, it, vi } from "vitest";
import { reducer, type ToasterToast } from "./use-toast";

const shown = (id: string, shownAt: number): ToasterToast => ({ id, shownAt, open: true, title: id });

describe("toasts and the page they were shown on", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("dismisses the toasts shown before the given time and keeps the newer ones", () => {
    vi.useFakeTimers();
    const state = { toasts: [shown("newer", 2_000), shown("older", 1_000)] };
    const next = reducer(state, { type: "DISMISS_SHOWN_BEFORE", time: 1_500 });
    expect(next.toasts.map(({ id, open }) => ({ id, open }))).toEqual([
      { id: "newer", open: true },
      { id: "older", open: false },
    ]);
  });

  it("dismisses every toast for a time after all of them (Back and Forward)", () => {
    vi.useFakeTimers();
    const state = { toasts: [shown("a", 5), shown("b", 10)] };
    const next = reducer(state, { type: "DISMISS_SHOWN_BEFORE", time: Number.POSITIVE_INFINITY });
    expect(next.toasts.every((toast) => toast.open === false)).toBe(true);
  });

  it("leaves the state alone when no toast is old enough", () => {
    const state = { toasts: [shown("a", 5_000)] };
    expect(reducer(state, { type: "DISMISS_SHOWN_BEFORE", time: 1_000 }).toasts[0]?.open).toBe(true);
  });
});
