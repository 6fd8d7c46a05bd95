/** `f` remembering its answers: a quality search asks for the same measurement more than once. */
export function memo<K, V>(f: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key) as V;
    const v = f(key);
    known.set(key, v);
    return v;
  };
}
