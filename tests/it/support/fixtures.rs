//! Where the package's own test files are: the fixtures under tests/fixtures and the
//! samples, which every checkout has.

use std::path::{Path, PathBuf};

/// The package root, where the tests run: relative paths in them start here too.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `tests/fixtures/<path>` in the package.
pub fn fixture(path: impl AsRef<Path>) -> PathBuf {
    root().join("tests/fixtures").join(path)
}

/// `samples/<path>` in the package.
pub fn sample(path: impl AsRef<Path>) -> PathBuf {
    root().join("samples").join(path)
}
