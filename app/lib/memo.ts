/**
 * Remembers a pure function's results by key, up to `limit` keys (the oldest is forgotten first):
 * a Worker isolate serves many requests, so work that depends only on its input (a language's
 * formatters, an access level's menu, a stored text's sanitized HTML) is done once per isolate
 * instead of once per request.
 */
export function memoize<K, V>(compute: (key: K) => V, limit = 1000): (key: K) => V {
  const results = new Map<K, V>();
  return (key) => {
    if (results.has(key)) return results.get(key) as V;
    const value = compute(key);
    if (results.size >= limit) results.delete(results.keys().next().value as K);
    results.set(key, value);
    return value;
  };
}
