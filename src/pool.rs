//! Work shared out over the cores (rayon's pool) with the `parallel` feature, and done in
//! order on the calling thread without it; the results are the same either way.

/// Threads that take work.
pub(crate) fn threads() -> usize {
    #[cfg(feature = "parallel")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    return 1;
}

/// Runs `job` on the pool, or at once.
pub(crate) fn spawn(job: impl FnOnce() + Send + 'static) {
    #[cfg(feature = "parallel")]
    rayon::spawn(job);
    #[cfg(not(feature = "parallel"))]
    job();
}

/// `f` of every item, in the items' order.
pub(crate) fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        items.par_iter().map(f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    items.iter().map(f).collect()
}
