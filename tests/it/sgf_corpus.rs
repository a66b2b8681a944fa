//! Real records: every archive file (this package's own, and the shared corpus when it is
//! beside the package) and every sample decodes, parses without error, and writes back
//! deterministically.

use qipu::diag::Severity;
use qipu::go::check_tree;
use qipu::go::sgf::{parse, Collection};
use qipu::go::write_collection;
use qipu::go::GoRecord;
use qipu::{read_document, ReadOptions};

use crate::support::sgf::{archives, decode, samples_dir, sgf_files, Archive};

fn read(path: &std::path::Path) -> (String, Collection) {
    let bytes = std::fs::read(path).expect("readable file");
    let text = decode(&bytes);
    let collection = parse(&text);
    (text, collection)
}

fn archive_file(archive: &Archive, name: &str) -> (String, Collection) {
    read(&archive.dir.join(name))
}

fn syntax_errors(c: &Collection) -> Vec<&'static str> {
    let in_trees = c.games.iter().flat_map(|g| &g.errors);
    c.errors
        .iter()
        .chain(in_trees)
        .filter(|e| e.severity() == Severity::Error)
        .map(|e| e.code())
        .collect()
}

#[test]
fn every_archive_file_parses() {
    for archive in archives("every corpus file parses") {
        every_file_parses(&archive);
    }
}

fn every_file_parses(archive: &Archive) {
    let files = sgf_files(&archive.dir);
    assert_eq!(files.len(), archive.files, "{files:?}");
    for path in files {
        let (_, c) = read(&path);
        assert_eq!(c.games.len(), 1, "{path:?}");
        assert!(
            syntax_errors(&c).is_empty(),
            "{path:?}: {:?}",
            syntax_errors(&c)
        );
        let issues = check_tree(&c.games[0]);
        let errors: Vec<_> = issues
            .iter()
            .filter(|i| i.severity() == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{path:?}: {errors:?}");
    }
}

#[test]
fn complex_file_fully() {
    for archive in archives("the corpus's complex file") {
        complex_file(&archive);
    }
}

fn complex_file(archive: &Archive) {
    let (_, c) = archive_file(archive, "encodings/complex.sgf");
    let game = &c.games[0];
    assert_eq!(game.len(), archive.complex_nodes);
    let branching = game.nodes().filter(|n| n.children().count() > 1).count();
    assert!(branching > 10, "{branching} branch points");
    let moves = game
        .main_line()
        .filter(|n| n.get("B").or_else(|| n.get("W")).is_some())
        .count();
    assert!(moves > 100, "{moves} main-line moves");
    for node in game.nodes() {
        for prop in node.properties().filter(|p| matches!(p.ident(), "B" | "W")) {
            let value = prop.value().expect("a value");
            assert!(value.go_move(Default::default()).is_ok(), "{:?}", value);
        }
    }
}

#[test]
fn encodings_decode_before_tokenising() {
    for archive in archives("the corpus's encodings") {
        let root_text = |name: &str, ident| {
            let (_, c) = archive_file(&archive, &format!("encodings/{name}"));
            let root = c.games[0].root();
            root.get(ident)
                .and_then(|p| p.value())
                .map(|v| v.simple_text())
                .unwrap_or_default()
        };
        // `ソ` is 83 5C in Shift_JIS (in Japanese and in the Nihon Ki-in file): a
        // byte-level tokeniser would see an escape.
        for (name, black) in archive.black {
            assert_eq!(root_text(name, "PB"), black, "{name}");
        }
        assert!(root_text("no-ca.sgf", "C").starts_with(archive.no_ca_comment));
    }
}

#[test]
fn nihon_kiin_file_without_semicolon() {
    for archive in archives("the corpus's Nihon Ki-in file") {
        nihon_kiin_file(&archive);
    }
}

fn nihon_kiin_file(archive: &Archive) {
    let (_, c) = archive_file(archive, "encodings/nihon-kiin.sgf");
    let game = &c.games[0];
    assert_eq!(
        game.errors.iter().map(|e| e.code()).collect::<Vec<_>>(),
        ["missing-semicolon"]
    );
    assert_eq!(game.main_line().count(), 9);
    let first = game.root().first_child().and_then(|n| n.get("B"));
    assert!(first.is_some(), "the first move is Black's");
    let record = kept(&archive.dir.join("encodings/nihon-kiin.sgf"));
    assert!(record.moves[0].mv.point.is_some(), "a stone, not a pass");
}

#[test]
fn write_parse_write_is_identical() {
    let files = archives("corpus files written back")
        .into_iter()
        .flat_map(|archive| sgf_files(&archive.dir))
        .chain(sgf_files(&samples_dir()));
    for path in files {
        let (_, c) = read(&path);
        let once = write_collection(&c);
        let again = parse(&once);
        assert!(syntax_errors(&again).is_empty(), "{path:?}");
        assert_eq!(again.games.len(), c.games.len(), "{path:?}");
        for (a, b) in c.games.iter().zip(&again.games) {
            assert_eq!(a.len(), b.len(), "{path:?}: node count changed");
        }
        assert_eq!(write_collection(&again), once, "{path:?}");
        assert!(once.starts_with("(;FF[4]CA[UTF-8]"), "{path:?}");
    }
}

#[test]
fn samples_parse_and_check_clean() {
    let files = sgf_files(&samples_dir());
    assert!(files.len() >= 8, "samples missing: {files:?}");
    for path in files {
        let (_, c) = read(&path);
        assert!(!c.games.is_empty(), "{path:?}");
        assert!(
            syntax_errors(&c).is_empty(),
            "{path:?}: {:?}",
            syntax_errors(&c)
        );
        for game in &c.games {
            let errors: Vec<_> = check_tree(game)
                .into_iter()
                .filter(|i| i.severity() == Severity::Error)
                .collect();
            assert!(errors.is_empty(), "{path:?}: {errors:?}");
        }
    }
}

#[test]
fn samples_decode_names_with_bracket_trail_bytes() {
    let root_text = |name: &str, ident| {
        let (_, c) = read(&samples_dir().join(name));
        let root = c.games[0].root();
        root.get(ident)
            .and_then(|p| p.value())
            .map(|v| v.simple_text())
            .unwrap_or_default()
    };
    // 誠 is D5 5C in GBK: with `]` after it the raw bytes read `\]`.
    assert_eq!(root_text("gb18030-no-ca.sgf", "PW"), "王誠");
    assert_eq!(root_text("gb18030-no-ca.sgf", "EV"), "第三届錦城杯围棋赛");
    // 許 is B3 5C in Big5.
    assert_eq!(root_text("big5.sgf", "PB"), "許文華");
    assert_eq!(root_text("shift-jis.sgf", "EV"), "研究会十番勝負");
    assert_eq!(root_text("legacy-ff3.sgf", "PB"), "Legacy Black");
    assert!(root_text("utf8.sgf", "GC").contains("wrapped with a soft line break; it reads"));
}

#[test]
fn nine_by_nine_ends_with_two_passes() {
    let record = kept(&samples_dir().join("nine-by-nine-two-passes.sgf"));
    assert_eq!(record.tags.get("SZ"), Some("9"));
    let points: Vec<_> = record.moves.iter().map(|m| m.mv.point).collect();
    assert_eq!(points.len(), 20);
    assert_eq!(points[18..], [None, None]);
}

/// The Go record `path` holds, replayed and kept.
fn kept(path: &std::path::Path) -> GoRecord {
    let bytes = std::fs::read(path).expect("readable file");
    let options = ReadOptions {
        keep_records: true,
        ..ReadOptions::default()
    };
    let document = read_document(&path.to_string_lossy(), &bytes, &options);
    document.records[0]
        .kept::<GoRecord>()
        .expect("a kept Go record")
        .clone()
}
