//! Shatar writers: deterministic output (converting a converted record gives the same
//! bytes), the same moves after a round trip through every notation, and snapshots of
//! every writer and of the diagnostics over `samples/shatar/`.

use std::path::Path;

use qipu::shatar::{Notation, TextOptions};
use qipu::write::{write_record, Format, Pieces, WriteOptions};
use qipu::{read_document, Document, Game, ReadOptions};

use crate::support::run::qipu;
use crate::support::snapshot::snapshot_name;

const FORMATS: [(&str, Format, Notation, Pieces); 5] = [
    ("pgn", Format::Pgn, Notation::Full, Pieces::Latin),
    (
        "text full latin",
        Format::Text,
        Notation::Full,
        Pieces::Latin,
    ),
    (
        "text short latin",
        Format::Text,
        Notation::Short,
        Pieces::Latin,
    ),
    ("text full zh", Format::Text, Notation::Full, Pieces::Zh),
    ("text short zh", Format::Text, Notation::Short, Pieces::Zh),
];

fn read(name: &str, bytes: &[u8]) -> Document {
    let options = ReadOptions {
        game: Some(Game::Shatar),
        keep_records: true,
        ..ReadOptions::default()
    };
    read_document(name, bytes, &options)
}

/// Every valid record of `document`, written in `format`, concatenated.
fn convert(document: &Document, format: Format, options: &WriteOptions) -> String {
    let mut out = String::new();
    for report in document.records.iter().filter(|r| r.valid()) {
        let record = report.record.as_ref().expect("records are kept");
        if !out.is_empty() && format != Format::Json {
            out.push('\n');
        }
        out.push_str(&write_record(record, "sample", report.index, format, options).unwrap());
    }
    out
}

fn uci_lines(document: &Document) -> Vec<Vec<String>> {
    document
        .records
        .iter()
        .filter(|r| r.valid())
        .map(
            |r| match r.kept::<qipu::record::Record<qipu::shatar::ShatarMove>>() {
                Some(record) => record
                    .moves
                    .iter()
                    .map(|n| n.mv.mv.uci().to_string())
                    .collect(),
                other => panic!("not a Shatar record: {other:?}"),
            },
        )
        .collect()
}

fn samples() -> Vec<std::path::PathBuf> {
    let mut paths: Vec<_> = std::fs::read_dir("samples/shatar")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths
}

fn check_round_trip(name: &str, bytes: &[u8]) {
    let original = read(name, bytes);
    let moves = uci_lines(&original);
    if moves.is_empty() {
        return;
    }
    for (label, format, notation, pieces) in FORMATS {
        let options = WriteOptions::default().with(TextOptions { notation, pieces });
        let first = convert(&original, format, &options);
        let reread = read(name, first.as_bytes());
        assert!(
            reread.records.iter().all(|r| r.valid()),
            "{name} as {label} does not read back:\n{first}"
        );
        assert_eq!(uci_lines(&reread), moves, "{name} as {label}: moves differ");
        let second = convert(&reread, format, &options);
        assert_eq!(first, second, "{name} as {label}: not deterministic");
    }
}

#[test]
fn samples_round_trip_through_every_writer() {
    for path in samples() {
        let bytes = std::fs::read(&path).unwrap();
        check_round_trip(&path.display().to_string(), &bytes);
    }
}

#[test]
fn oracle_games_round_trip_through_every_writer() {
    let bytes = std::fs::read("tests/fixtures/shatar/random_games.pgn").unwrap();
    check_round_trip("random_games.pgn", &bytes);
}

#[test]
fn pgn_lines_stay_under_80_characters() {
    let document = read(
        "random_games.pgn",
        &std::fs::read("tests/fixtures/shatar/random_games.pgn").unwrap(),
    );
    let pgn = convert(&document, Format::Pgn, &WriteOptions::default());
    for line in pgn.lines() {
        assert!(line.chars().count() < 80, "{line}");
    }
}

#[test]
fn writers_snapshots() {
    for path in samples() {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let document = read(&name, &std::fs::read(&path).unwrap());
        let mut all = String::new();
        for (label, format, notation, pieces) in FORMATS {
            let options = WriteOptions::default().with(TextOptions { notation, pieces });
            all.push_str(&format!("===== {label}\n"));
            all.push_str(&convert(&document, format, &options));
        }
        all.push_str("===== json\n");
        all.push_str(&convert(&document, Format::Json, &WriteOptions::default()));
        insta::assert_snapshot!(snapshot_name("convert", &path), all);
    }
}

fn run_validate(path: &Path, format: &str) -> (String, i32) {
    let path = path.to_str().expect("a UTF-8 path");
    let (out, _, status) = qipu(&["validate", "--format", format, path]);
    (out, status)
}

#[test]
fn diagnostics_snapshots() {
    for path in samples() {
        let (human, status) = run_validate(&path, "human");
        let (json, json_status) = run_validate(&path, "json");
        assert_eq!(status, json_status);
        let all = format!("exit status {status}\n===== human\n{human}===== json\n{json}");
        insta::assert_snapshot!(snapshot_name("validate", &path), all);
    }
}

/// A set-up position without players or place: the side to move rides on the listing, so
/// it is not taken for a place when read back; a free-form Result tag is no result.
#[test]
fn listing_without_headers_round_trips() {
    let pgn = "[Result \"1-0 (time)\"]\n[FEN \"7k/P7/6K1/8/8/8/8/8 w - - 0 1\"]\n\n1. a8=Q# 1-0\n";
    let document = read("listing.pgn", pgn.as_bytes());
    for (label, format, notation, pieces) in FORMATS {
        let options = WriteOptions::default().with(TextOptions { notation, pieces });
        let first = convert(&document, format, &options);
        let reread = read("listing", first.as_bytes());
        assert!(reread.records[0].valid(), "{label}:\n{first}");
        assert_eq!(uci_lines(&reread), uci_lines(&document), "{label}");
        assert_eq!(convert(&reread, format, &options), first, "{label}");
        assert!(
            !first.contains("地点"),
            "{label}: the side to move became a place:\n{first}"
        );
    }
}
