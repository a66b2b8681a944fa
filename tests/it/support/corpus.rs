//! Where the shared corpus of real archives is: `../shared/corpus` beside the package,
//! which a fresh clone does not have. Corpus tests run when it is there and say that they
//! were skipped when it is not; the fixtures under tests/fixtures cover the same ground.

use std::io::Write;
use std::path::PathBuf;

/// `../shared/corpus/<folder>`, or `None` after a line on stderr naming what is skipped.
pub fn corpus(folder: &str, what: &str) -> Option<PathBuf> {
    let root = super::fixtures::root().join("../shared/corpus");
    if root.is_dir() {
        return Some(root.join(folder));
    }
    // Straight to the stream, not `eprintln!`: the test harness hides captured output of
    // passing tests, and a skip must be seen.
    let _ = writeln!(
        std::io::stderr(),
        "skipped: {what}: ../shared/corpus not found (corpus tests need ../shared beside the clone)"
    );
    None
}
