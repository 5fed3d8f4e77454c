/**
 * Sets `key` as the newest entry of a map kept to at most `max` entries (a Map iterates in
 * insertion order, so the first key is the oldest): past it the oldest goes, and `evicted`
 * is told which key.
 */
export function keepNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number, evicted?: (key: K) => void): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) {
    const oldest = map.keys().next().value as K | undefined;
    if (oldest !== undefined) {
      map.delete(oldest);
      evicted?.(oldest);
    }
  }
}
