/**
 * `load` run once and its answer kept, except a failure: that is forgotten, so the next call
 * tries again (a form's rules fetched on first use, decisions 046 and 056).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (!loading) {
      const started = load();
      loading = started;
      started.catch(() => {
        if (loading === started) loading = null;
      });
    }
    return loading;
  };
}
