//! Inputs for the fuzz-style round trips: the project's samples and real-shaped fixtures
//! (and the shared corpus when it is beside the package), and mutated copies of them
//! (bytes changed, dropped, inserted and repeated).

use std::path::PathBuf;

use super::fixtures::root;
use super::rng::Rng;

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

/// The bytes of every file in those folders, each folder sorted: the package's own, which
/// every checkout has, apart from the corpus's, so that drawing from the own ones gives the
/// same inputs with or without `../shared`.
pub struct Originals {
    pub own: Vec<Vec<u8>>,
    /// Empty when the corpus is not beside the package.
    pub shared: Vec<Vec<u8>>,
}

pub fn originals(what: &str) -> Originals {
    let own: Vec<PathBuf> = OWN.iter().map(|dir| root().join(dir)).collect();
    let shared: Vec<PathBuf> = super::corpus::corpus("", what)
        .map(|corpus| SHARED.iter().map(|dir| corpus.join(dir)).collect())
        .unwrap_or_default();
    Originals {
        own: read_folders(&own),
        shared: read_folders(&shared),
    }
}

impl Originals {
    /// `own` mutated copies of the package's files (of at most `max_len` bytes), then
    /// `shared` of the corpus's, each set from its own generator seeded with `seed`.
    pub fn mutated(&self, own: usize, shared: usize, max_len: usize, seed: u64) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for (files, count, seed) in [(&self.own, own, seed), (&self.shared, shared, !seed)] {
            let pool: Vec<&Vec<u8>> = files.iter().filter(|f| f.len() <= max_len).collect();
            if pool.is_empty() {
                continue;
            }
            let mut rng = Rng(seed);
            for _ in 0..count {
                let mut bytes = pool[rng.below(pool.len())].clone();
                mutate(&mut rng, &mut bytes);
                out.push(bytes);
            }
        }
        out
    }
}

fn read_folders(dirs: &[PathBuf]) -> Vec<Vec<u8>> {
    let mut files = Vec::new();
    for dir in dirs {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
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
fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
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
