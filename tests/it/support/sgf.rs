//! Helpers shared by the SGF integration tests: decoding as `read_document` does it,
//! and the archives of real-shaped records they read.

use std::path::{Path, PathBuf};

use qipu::family::Family;
use qipu::go::Go;
use qipu::text::{self, Syntax};

use super::corpus::corpus;
use super::fixtures::{fixture, sample};

/// The text of an SGF file, decoded by the library as `read_document` decodes it: BOM,
/// then the root `CA`, then detection.
pub fn decode(bytes: &[u8]) -> String {
    // The declaration's position only places diagnostics, which these tests do not read.
    let declared = Go.declared_charset(bytes).map(|(label, _)| (label, None));
    text::decode(bytes, None, declared, Syntax::Sgf).text
}

/// Every `.sgf` file under `dir`, sorted.
pub fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        for entry in std::fs::read_dir(&d).expect("readable directory").flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "sgf") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// A folder of real-shaped Go records laid out as the shared corpus is
/// (`encodings/…`, one engine game), with what its files are known to hold.
pub struct Archive {
    pub dir: PathBuf,
    /// The engine self-play game: a machine timestamp for `DT`, a resignation.
    pub engine_game: &'static str,
    /// Root `PB` of `encodings/{chinese, korean, japanese, utf16le, utf8bom, nihon-kiin}.sgf`.
    pub black: [(&'static str, &'static str); 6],
    /// How the root comment of `encodings/no-ca.sgf` (GB bytes, no `CA`) begins.
    pub no_ca_comment: &'static str,
    /// The nodes of `encodings/complex.sgf`: its `;` outside values, counted independently.
    pub complex_nodes: usize,
    /// How many `.sgf` files there are.
    pub files: usize,
}

/// This package's own archive (tests/fixtures/go/archive), then the shared corpus of
/// real records when it is beside the package.
pub fn archives(what: &str) -> Vec<Archive> {
    let own = Archive {
        dir: fixture("go/archive"),
        engine_game: "engine/self-play.sgf",
        black: [
            ("chinese.sgf", "王小明"),
            ("korean.sgf", "김철수"),
            ("japanese.sgf", "佐藤 ソラ"),
            ("utf16le.sgf", "Ogawa Taro"),
            ("utf8bom.sgf", "Ogawa Taro"),
            ("nihon-kiin.sgf", "高橋 ソウスケ"),
        ],
        no_ca_comment: "【问题一】",
        complex_nodes: 185,
        files: 10,
    };
    let shared = corpus("go", what).map(|dir| Archive {
        dir,
        engine_game: "alphago-zero/Fig5c_Game1.sgf",
        black: [
            ("chinese.sgf", "古力"),
            ("korean.sgf", "이세돌"),
            ("japanese.sgf", "井山 裕太"),
            ("utf16le.sgf", "Kitani Minoru"),
            ("utf8bom.sgf", "Kitani Minoru"),
            ("nihon-kiin.sgf", "申眞ソ"),
        ],
        no_ca_comment: "【第三型】",
        complex_nodes: 287,
        files: 32,
    });
    std::iter::once(own).chain(shared).collect()
}

/// This package's own sample records.
pub fn samples_dir() -> PathBuf {
    sample("go")
}
