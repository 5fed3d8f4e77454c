import { createContext, type ReactNode, useContext } from "react";

/**
 * Shared renders (server/pages/shared-article.ts): a page every reader sees alike but for a few
 * parts (the top bar, the reader's rating and bookmark, the comments with their forms) is
 * rendered once with a slot where each of those parts goes, and each reader's request renders
 * only those parts. The collector is present in the shared render only: it keeps each part's
 * element, to render again with a reader's data, and leaves a marker where its HTML goes.
 */
export interface CollectedIsland {
  node: ReactNode;
  /** The queries the island's HTML depends on (see PersonalIsland). */
  reads: ReadonlyArray<readonly unknown[]>;
  /** Its HTML is the same on every page of its kind for the same reads (the top bar). */
  sitewide: boolean;
}

export interface IslandCollector {
  /** Unguessable, so no text in the page can forge a marker. */
  nonce: string;
  islands: Map<string, CollectedIsland>;
}

const IslandContext = createContext<IslandCollector | null>(null);
export const IslandCollectorProvider = IslandContext.Provider;

/** In an island's `reads`: whether someone is signed in, not who. */
export const SIGNED_IN = ["signed-in"] as const;

/** What names an island's slot in a shared render's markup. */
const slotName = (nonce: string, name: string) => `${nonce}:${name}`;

/** The marker a shared render leaves for an island's HTML: what PersonalIsland renders there. */
export function islandMarker(nonce: string, name: string): string {
  return `<template data-personal-slot="${slotName(nonce, name)}"></template>`;
}

/**
 * A part of a page that depends on who reads it. Everywhere but a shared render it is just its
 * children. Its children must be one element whose HTML depends only on the address and the
 * queries named in `reads` (the server reuses an island's HTML for the same answers to them),
 * that reads the reader's data from the query cache, not from props made outside the island, and
 * that uses no useId (an island rendered on its own would number its ids differently).
 */
export function PersonalIsland({
  name,
  reads,
  sitewide = false,
  children,
}: {
  name: string;
  reads: ReadonlyArray<readonly unknown[]>;
  sitewide?: boolean;
  children: ReactNode;
}) {
  const collector = useContext(IslandContext);
  if (!collector) return children;
  collector.islands.set(name, { node: children, reads, sitewide });
  return <template data-personal-slot={slotName(collector.nonce, name)} />;
}
