/** The closed select's look, shared by Radix's trigger (select.tsx) and the static one (option-select.tsx). */
export const selectTriggerClass =
  "flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 [&>span]:truncate";
