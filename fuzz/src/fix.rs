//! Property (c) of `convert --fix`: fixing fixed output changes nothing, byte for byte,
//! and corrects nothing, and the fixed output has none of the issues `--fix` corrects.
//! Shared with tests/it/fix_property.rs (which includes this file with `#[path]`).

use qipu::go::SgfOptions;
use qipu::write::{write_record, Format, WriteOptions};
use qipu::{read_document, Document, Game, ReadOptions};

/// The SGF checks' codes that `--fix` corrects wherever they occur.
pub const FIXABLE: [&str; 20] = [
    "mixed-setup-move",
    "root-property-outside-root",
    "duplicate-property",
    "merged-property",
    "two-moves-in-node",
    "duplicate-setup-point",
    "bad-value",
    "bad-komi",
    "several-values",
    "conflicting-annotations",
    "annotation-without-move",
    "duplicate-markup",
    "game-info-in-two-nodes",
    "square-as-rectangle",
    "rectangle-in-ff1",
    "empty-pass-in-ff3",
    "loose-real",
    "long-identifier",
    "application-without-version",
    "mixed-case-identifier",
];

fn read(bytes: &[u8]) -> Document {
    let options = ReadOptions {
        game: Some(Game::Go),
        keep_records: true,
        ..ReadOptions::default()
    };
    read_document("fix", bytes, &options)
}

/// Every record of `document` written with `--fix`, one after another, and whether any
/// correction was reported.
fn fixed(document: &Document) -> (String, bool) {
    let options = WriteOptions::default().with(SgfOptions { fix: true });
    let mut out = String::new();
    let mut corrected = false;
    for record in document.records.iter().filter_map(|r| r.record.as_ref()) {
        let text = write_record(record, "fix", 0, Format::Sgf, &options)
            .unwrap_or_else(|e| panic!("the SGF writer refuses a Go record: {e}"));
        out.push_str(&text);
        corrected |= !record
            .as_game_record()
            .corrections(Format::Sgf, &options)
            .is_empty();
    }
    (out, corrected)
}

/// Reads `bytes` as Go, fixes every record, reads the output and fixes it again: the
/// same bytes, no correction, and no fixable issue in the output. Returns the output.
pub fn check_fix(bytes: &[u8]) -> String {
    let (once, _) = fixed(&read(bytes));
    let again = read(once.as_bytes());
    for report in &again.records {
        // Another game's points are not Go's: `--fix` leaves them as they are.
        if report.diagnostics.iter().any(|d| d.code() == "not-go") {
            continue;
        }
        for diagnostic in &report.diagnostics {
            let code = diagnostic.code();
            assert!(
                !FIXABLE.contains(&code),
                "fixed output still has {code}: {}\ninput:\n{}\nfixed:\n{once}",
                diagnostic.kind.message(),
                String::from_utf8_lossy(bytes)
            );
        }
    }
    let (twice, corrected) = fixed(&again);
    assert!(
        twice == once && !corrected,
        "--fix twice differs from --fix once\ninput:\n{}\nonce:\n{once}\ntwice:\n{twice}",
        String::from_utf8_lossy(bytes)
    );
    once
}
