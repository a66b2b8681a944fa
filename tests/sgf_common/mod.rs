//! Helpers shared by the SGF integration tests: decoding as the text layer will do it.

use std::path::{Path, PathBuf};

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::Encoding;
use qipu::go::charset::{declared_charset, encoding_for_label};

/// BOM first, then the root `CA`, then detection.
pub fn decode(bytes: &[u8]) -> (String, &'static Encoding) {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        let body = bytes.get(bom..).unwrap_or_default();
        return (
            encoding.decode_without_bom_handling(body).0.into_owned(),
            encoding,
        );
    }
    let encoding = declared_charset(bytes)
        .and_then(|(label, _)| encoding_for_label(label))
        .unwrap_or_else(|| {
            let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
            detector.feed(bytes, true);
            detector.guess(None, Utf8Detection::Allow)
        });
    (
        encoding.decode_without_bom_handling(bytes).0.into_owned(),
        encoding,
    )
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

/// The shared corpus of real Go records.
pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/go")
}

/// This package's own sample records.
pub fn samples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/go")
}
