// A part of the window in a chunk of its own (loaded after the first rows, or at once when asked).

/** Its loader: the import runs once and `loaded` gets what it made; a chunk that failed to load is
 *  tried again on the next call. */
export function chunkLoader<T>(load: () => Promise<T>, loaded: (m: T) => void): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().then(
      (m) => {
        loaded(m);
        return m;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
}
