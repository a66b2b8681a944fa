//! Inputs for the fuzz-style round trips: the project's samples and real-shaped fixtures
//! (and the shared corpus when it is beside the package), and a mutator that changes,
//! drops, inserts and repeats bytes. Included with `#[path]` after `support/corpus.rs`
//! as `mod corpus` and `support/rng.rs` as `mod rng`.

use std::path::{Path, PathBuf};

use crate::rng::Rng;

/// Folders of the package whose files are read whole.
const OWN: [&str; 6] = [
    "samples/shatar",
    "samples/draughts",
    "samples/go",
    "tests/fixtures/go/encoded",
    "tests/fixtures/draughts/pdn-grammar",
    "tests/fixtures/go/archive/encodings",
];

/// The same kinds of file in the shared corpus.
const SHARED: [&str; 2] = ["draughts/pdn-grammar", "go/encodings"];

/// The bytes of every file in those folders, ours first, each folder sorted.
pub fn originals(what: &str) -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs: Vec<PathBuf> = OWN.iter().map(|dir| root.join(dir)).collect();
    if let Some(corpus) = crate::corpus::corpus("", what) {
        dirs.extend(SHARED.iter().map(|dir| corpus.join(dir)));
    }
    let mut files = Vec::new();
    for dir in dirs {
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("directory entry").path())
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        files.extend(
            paths
                .iter()
                .map(|p| std::fs::read(p).expect("readable file")),
        );
    }
    files
}

/// One to eight random edits: a byte changed, dropped, or inserted from the characters
/// that matter to the grammars, or a short run repeated.
pub fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    for _ in 0..1 + rng.below(8) {
        if bytes.is_empty() {
            return;
        }
        let at = rng.below(bytes.len());
        match rng.below(4) {
            0 => bytes[at] = rng.next() as u8,
            1 => {
                bytes.remove(at);
            }
            2 => bytes.insert(at, b"()[];\\:x-"[rng.below(9)]),
            _ => {
                let end = (at + rng.below(40)).min(bytes.len());
                let chunk = bytes[at..end].to_vec();
                bytes.splice(at..at, chunk);
            }
        }
    }
}
