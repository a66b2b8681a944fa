//! Draughts validation against truth we did not write: random games played by pydraughts
//! (paths and captured pieces per move), corrupted copies of them (ply and broken rule),
//! Russian archives and PDN grammar edge cases (10×10 games) — this package's own and the
//! shared corpus when it is beside the package — and the samples.

use qipu::diag::Severity;
use qipu::draughts::DraughtsIssue;
use qipu::draughts::DraughtsMove;
use qipu::draughts::{IllegalReason, Variant};
use qipu::draughts::{PdnOptions, Squares};
use qipu::record::{Node, VariantName};
use qipu::write::{write_record, Format, WriteOptions};
use qipu::{read_document, Document, Game, ReadOptions};
use serde_json::Value;

use crate::support::fixtures::sample;
use crate::support::pdn_archives::{pdn_archives, PdnArchive};
use crate::support::run::qipu;
use crate::support::snapshot::snapshot_name;

fn read_with(path: &str, variant: Option<Variant>) -> Document {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut options = ReadOptions {
        game: Some(Game::Draughts),
        keep_records: true,
        ..ReadOptions::default()
    };
    if let Some(variant) = variant {
        options = options.with_rules(variant);
    }
    read_document(path, &bytes, &options)
}

fn read(path: &str) -> Document {
    read_with(path, None)
}

fn record(document: &Document, index: usize) -> &qipu::draughts::DraughtsRecord {
    match document.records[index].kept::<qipu::draughts::DraughtsRecord>() {
        Some(record) => record,
        other => panic!("record {index} is not a draughts record: {other:?}"),
    }
}

fn numbers(squares: impl Iterator<Item = qipu::draughts::Square>) -> Vec<u64> {
    squares
        .map(|sq| u64::from(sq.number(qipu::draughts::Numbering::Rulebook)))
        .collect()
}

fn jsonl(path: &str) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(|line| serde_json::from_str(line).expect("fixture line is JSON"))
        .collect()
}

fn errors(document: &Document, index: usize) -> Vec<&qipu::diag::Diagnostic> {
    document.records[index]
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect()
}

#[test]
fn random_games_replay_to_the_oracle_paths() {
    let mut games = 0;
    let mut plies = 0;
    for variant in ["russian", "brazilian"] {
        let truth = jsonl(&format!("tests/fixtures/draughts/{variant}_random.jsonl"));
        for file in ["random", "random_algebraic"] {
            let document = read(&format!("tests/fixtures/draughts/{variant}_{file}.pdn"));
            assert_eq!(document.records.len(), truth.len(), "{variant} {file}");
            for (index, expected) in truth.iter().enumerate() {
                let report = &document.records[index];
                assert!(
                    report.valid(),
                    "{variant} {file} game {index}: {:?}",
                    report.diagnostics
                );
                assert_eq!(report.variant.map(VariantName::name), Some(variant));
                let record = record(&document, index);
                let moves = expected["moves"].as_array().expect("moves");
                assert_eq!(
                    record.moves.len(),
                    moves.len(),
                    "{variant} {file} game {index}"
                );
                for (node, truth) in record.moves.iter().zip(moves) {
                    let path: Vec<u64> = serde_json::from_value(truth[0].clone()).unwrap();
                    let mut captured: Vec<u64> = serde_json::from_value(truth[1].clone()).unwrap();
                    captured.sort_unstable();
                    assert_eq!(
                        numbers(node.mv.mv.path().iter().copied()),
                        path,
                        "ply {}",
                        node.ply
                    );
                    assert_eq!(
                        numbers(node.mv.mv.captured_squares()),
                        captured,
                        "ply {}",
                        node.ply
                    );
                }
                assert_eq!(
                    record.result.map(|r| r.as_str()),
                    expected["result"].as_str()
                );
                games += 1;
                plies += moves.len();
            }
        }
    }
    assert_eq!(games, 4 * 150, "{plies} plies");
}

#[test]
fn corrupted_games_fail_at_the_oracle_ply_with_the_rule_named() {
    let mut checked = 0;
    for variant in ["russian", "brazilian"] {
        let document = read(&format!("tests/fixtures/draughts/{variant}_corrupted.pdn"));
        for expected in jsonl(&format!(
            "tests/fixtures/draughts/{variant}_corrupted.jsonl"
        )) {
            let index = expected["game"].as_u64().unwrap() as usize - 1;
            let ply = expected["ply"].as_u64().unwrap() as u32;
            let errors = errors(&document, index);
            assert_eq!(errors.len(), 1, "{variant} game {index}: {errors:?}");
            let error = errors[0];
            assert_eq!(error.ply, Some(ply), "{variant} game {index}");
            assert_eq!(document.records[index].plies, ply - 1);
            let span = error.span.clone().unwrap();
            assert_eq!(&document.text[span], expected["written"].as_str().unwrap());
            let Some(issue) = error.kind.game_issue::<DraughtsIssue>() else {
                panic!("not a draughts issue: {error:?}");
            };
            let rule_matches = match (expected["kind"].as_str().unwrap(), issue) {
                ("no-piece", DraughtsIssue::NoSuchPiece { .. }) => true,
                (kind, DraughtsIssue::IllegalMove { reason, .. }) => matches!(
                    (kind, reason),
                    ("capture-mandatory", IllegalReason::CaptureMandatory { .. })
                        | (
                            "capture-incomplete",
                            IllegalReason::CaptureIncomplete { .. }
                        )
                        | ("man-moves-backward", IllegalReason::ManMovesBackward { .. })
                ),
                _ => false,
            };
            assert!(
                rule_matches,
                "{variant} game {index}: {expected} vs {issue:?}"
            );
            assert!(error.kind.help().is_some(), "{issue:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 80);
}

#[test]
fn russian_archives_replay_completely() {
    for archive in pdn_archives("the corpus's Russian archive replays") {
        russian_archive_replays(&archive);
    }
}

fn russian_archive_replays(archive: &PdnArchive) {
    let document = read(&archive.russian().to_string_lossy());
    assert_eq!(document.records.len(), archive.russian_games);
    let mut complete = 0;
    for (index, report) in document.records.iter().enumerate() {
        assert_eq!(report.variant, Some(VariantName::of(Variant::Russian)));
        if report.valid() {
            // Every written move replayed: none is left as text.
            let kept = record(&document, index);
            assert_eq!(kept.unreplayed, None, "game {index}");
            assert_eq!(report.plies as usize, kept.moves.len(), "game {index}");
            complete += 1;
        } else {
            let errors = errors(&document, index);
            assert_eq!(errors.len(), 1);
            assert_eq!(errors[0].code(), "unrecorded-move", "game {index}");
            assert_eq!(errors[0].ply, Some(1));
            assert_eq!(index, archive.unrecorded_game);
        }
    }
    assert_eq!(complete, archive.russian_games - 1);
}

#[test]
fn ten_by_ten_archive_games_are_named_unsupported() {
    for archive in pdn_archives("the corpus's 10×10 games") {
        ten_by_ten_unsupported(&archive);
    }
}

fn ten_by_ten_unsupported(archive: &PdnArchive) {
    let dir = archive.dir.join("pdn-grammar");
    // (file, record) pairs that fit the 64-square board: a lone square-pair move such as
    // `a3b4`, and two FEN positions whose squares all lie within 1–32.
    let fits = [("alphanumeric.pdn", 0), ("fen.pdn", 0), ("fen.pdn", 1)];
    let mut unsupported = 0;
    for entry in std::fs::read_dir(&dir).expect("archive folder") {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let document = read(&path.to_string_lossy());
        for (index, report) in document.records.iter().enumerate() {
            if fits.contains(&(name.as_str(), index)) {
                assert!(report.valid(), "{name} {index}: {:?}", report.diagnostics);
                continue;
            }
            let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code()).collect();
            assert!(
                codes.contains(&"unsupported-game-type"),
                "{name} {index}: {codes:?}"
            );
            let diagnostic = report
                .diagnostics
                .iter()
                .find(|d| d.code() == "unsupported-game-type")
                .unwrap();
            assert!(diagnostic
                .kind
                .message()
                .contains("international draughts on 10×10"));
            unsupported += 1;
        }
    }
    assert_eq!(unsupported, 7);
}

#[test]
fn game_type_tag_names_the_game() {
    let text = "[GameType \"20\"]\n1. 32-28 19-23 *\n";
    let options = ReadOptions {
        game: Some(Game::Draughts),
        ..ReadOptions::default()
    };
    let document = read_document("t.pdn", text.as_bytes(), &options);
    let error = &document.records[0].diagnostics[0];
    assert_eq!(error.code(), "unsupported-game-type");
    assert_eq!(
        error.kind.message(),
        "GameType 20 is international draughts on 10×10; qipu reads 64-square Russian (25) and Brazilian (26)"
    );
}

#[test]
fn nested_comment_is_a_syntax_error() {
    for archive in pdn_archives("the corpus's nested comment") {
        nested_comment(&archive);
    }
}

fn nested_comment(archive: &PdnArchive) {
    let path = archive.grammar("fail-nested_comment.pdn");
    let document = read(&path.to_string_lossy());
    let syntax = document.records[0]
        .diagnostics
        .iter()
        .find(|d| d.code() == "syntax-error")
        .expect("syntax error");
    assert_eq!(syntax.severity, Severity::Error);
    assert!(syntax.kind.message().contains("do not nest"));
    assert_eq!(&document.text[syntax.span.clone().unwrap()], "{");
}

#[test]
fn ambiguous_capture_lists_both_full_paths() {
    let document = read("samples/draughts/russian_algebraic_ambiguous.pdn");
    let errors = errors(&document, 0);
    assert_eq!(errors.len(), 1);
    let error = errors[0];
    assert_eq!(error.code(), "ambiguous-move");
    assert_eq!(error.ply, Some(42));
    assert_eq!(document.records[0].plies, 41);
    let help = error.kind.help().unwrap();
    assert!(
        help.contains("f6xd4xf2xh4") && help.contains("f6xc3xe1xh4"),
        "{help}"
    );
}

#[test]
fn russian_promotion_mid_capture_and_brazilian_no_promotion() {
    let document = read("samples/draughts/russian_numeric_promotion.pdn");
    assert!(document.records[0].valid());
    let moves = &record(&document, 0).moves;
    let ply48 = &moves[47].mv.mv;
    assert_eq!(numbers(ply48.path().iter().copied()), [18, 9, 2, 20]);
    assert_eq!(numbers(ply48.captured_squares()), [5, 13, 15]);
    // `31x2 a.l.`: two routes take the same pieces, so from–to is enough.
    assert_eq!(
        moves[56].mv.notation(qipu::draughts::SquareStyle::Numeric(
            qipu::draughts::Numbering::Rulebook
        )),
        "31x2"
    );

    // Under Brazilian rules the man stays a man on 2 and cannot go on to 20.
    let brazilian = read_with(
        "samples/draughts/russian_numeric_promotion.pdn",
        Some(Variant::Brazilian),
    );
    let errors = errors(&brazilian, 0);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].code(), "illegal-move");
    assert_eq!(errors[0].ply, Some(48));
    assert_eq!(
        errors[0].kind.help().as_deref(),
        Some("a capture must be made: 18x9x2")
    );

    let document = read("samples/draughts/brazilian_numeric.pdn");
    assert!(document.records[0].valid());
    let moves = &record(&document, 0).moves;
    for (ply, path) in [(20, [20, 11, 2, 9]), (30, [9, 2, 11, 18])] {
        let mv = &moves[ply - 1].mv.mv;
        assert_eq!(numbers(mv.path().iter().copied()), path);
        assert!(!mv.promotes(), "ply {ply}");
    }
    let russian = read_with(
        "samples/draughts/brazilian_numeric.pdn",
        Some(Variant::Russian),
    );
    let mv = &record(&russian, 0).moves[19].mv.mv;
    assert!(
        mv.promotes(),
        "Russian crowns the man that touches the back row"
    );
}

#[test]
fn top_numbering_is_read_from_the_game_type_and_moves() {
    let document = read("samples/draughts/brazilian_top_numbering_fen.pdn");
    assert!(document.records[0].valid());
    assert_eq!(
        record(&document, 0).start,
        None,
        "the FEN is the initial position"
    );
    let first = &record(&document, 0).moves[0].mv.mv;
    assert_eq!(numbers(first.path().iter().copied()), [10, 13]);

    let text = "1. 22-17 11-15 *\n";
    let options = ReadOptions {
        game: Some(Game::Draughts),
        ..ReadOptions::default()
    };
    let document = read_document("t.pdn", text.as_bytes(), &options);
    let report = &document.records[0];
    assert!(report.valid());
    let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, ["variant", "numbering"]);
    assert!(report.diagnostics[1]
        .kind
        .message()
        .contains("from the top"));
}

#[test]
fn result_contradicting_the_final_position_is_an_error() {
    let text = "[GameType \"25\"]\n[FEN \"W:W14:B18\"]\n1. 14x21 1-1\n";
    let options = ReadOptions {
        game: Some(Game::Draughts),
        ..ReadOptions::default()
    };
    let document = read_document("t.pdn", text.as_bytes(), &options);
    let report = &document.records[0];
    let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code()).collect();
    assert!(codes.contains(&"result-mismatch"), "{codes:?}");
    assert!(!report.valid());
}

fn convert(document: &Document, index: usize, format: Format, squares: Squares) -> String {
    let options = WriteOptions::default().with(PdnOptions {
        squares,
        ..PdnOptions::default()
    });
    let report = &document.records[index];
    write_record(
        report.record.as_ref().expect("record kept"),
        &document.source,
        index,
        format,
        &options,
    )
    .expect("draughts writes PDN and JSON")
}

#[test]
fn written_pdn_reads_back_to_the_same_bytes() {
    let mut files: Vec<String> = std::fs::read_dir("samples/draughts")
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().to_string())
        .collect();
    files.sort();
    for variant in ["russian", "brazilian"] {
        for file in ["random", "random_algebraic"] {
            files.push(format!("tests/fixtures/draughts/{variant}_{file}.pdn"));
        }
    }
    let mut written = 0;
    for file in &files {
        let document = read(file);
        for (index, report) in document.records.iter().enumerate() {
            if !report.valid() {
                continue;
            }
            for squares in [Squares::Numeric, Squares::Algebraic] {
                let first = convert(&document, index, Format::Pdn, squares);
                assert!(first.lines().all(|l| l.chars().count() < 80), "{first}");
                let again = read_document(
                    "again.pdn",
                    first.as_bytes(),
                    &ReadOptions {
                        game: Some(Game::Draughts),
                        keep_records: true,
                        ..ReadOptions::default()
                    },
                );
                assert_eq!(again.records.len(), 1);
                assert!(
                    again.records[0].valid(),
                    "{file} {index}: {:?}\n{first}",
                    again.records[0].diagnostics
                );
                let second = convert(&again, 0, Format::Pdn, squares);
                assert_eq!(first, second, "{file} record {index}");
                written += 1;
            }
        }
    }
    assert!(written >= 2 * (3 + 200), "{written}");
}

fn samples() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(sample("draughts"))
        .unwrap()
        .map(|e| {
            format!(
                "samples/draughts/{}",
                e.unwrap().file_name().to_string_lossy()
            )
        })
        .collect();
    files.sort();
    files
}

#[test]
fn snapshots_of_validate_and_convert() {
    for file in samples() {
        insta::assert_snapshot!(
            snapshot_name("validate_json", &file),
            qipu(&["validate", "--format", "json", &file]).0
        );
        insta::assert_snapshot!(
            snapshot_name("validate_human", &file),
            qipu(&["validate", "--format", "human", &file]).0
        );
        insta::assert_snapshot!(
            snapshot_name("convert_pdn_numeric", &file),
            qipu(&["convert", "--to", "pdn", "--squares", "numeric", &file]).0
        );
        insta::assert_snapshot!(
            snapshot_name("convert_pdn_algebraic", &file),
            qipu(&["convert", "--to", "pdn", "--squares", "algebraic", &file]).0
        );
        insta::assert_snapshot!(
            snapshot_name("convert_json", &file),
            qipu(&["convert", "--to", "json", &file]).0
        );
    }
}

#[test]
fn lines_keep_variations_from_their_branch_point() {
    let text = "[GameType \"25\"]\n1. 9-13 (1. 12-16 21-17) 22-18 *\n";
    let options = ReadOptions {
        game: Some(Game::Draughts),
        keep_records: true,
        ..ReadOptions::default()
    };
    let document = read_document("t.pdn", text.as_bytes(), &options);
    assert!(
        document.records[0].valid(),
        "{:?}",
        document.records[0].diagnostics
    );
    let moves: &[Node<DraughtsMove>] = &record(&document, 0).moves;
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0].variations[0].len(), 2);
    assert_eq!(moves[0].variations[0][1].ply, 2);
}

#[test]
fn large_archives_are_read_in_blocks_with_file_spans_and_indices() {
    let one = std::fs::read_to_string("tests/fixtures/draughts/russian_random.pdn").unwrap();
    // Over 256 KB, so the text is cut into blocks read in parallel.
    let text = [one.as_str(); 5].join("\n");
    let options = ReadOptions {
        game: Some(Game::Draughts),
        ..ReadOptions::default()
    };
    let document = read_document("big.pdn", text.as_bytes(), &options);
    assert_eq!(document.records.len(), 5 * 150);
    for (index, report) in document.records.iter().enumerate() {
        assert_eq!(report.index, index);
        assert!(report.valid(), "{index}: {:?}", report.diagnostics);
        assert!(document.text[report.span.clone()].starts_with("[Event"));
    }
}

/// A capture straight from 23 to 32 beside a longer route that circles back through 23
/// to 32 (found by the benchmark generator): the writer writes the short one as `23x32`
/// and the long one in full, and both must read back as written.
#[test]
fn a_full_path_that_is_also_a_from_to_names_its_own_capture() {
    let position = "[GameType \"25,W,8,8,N0,0\"]\n[FEN \"W:W23:B27,26,18,19,28\"]\n\n";
    for (moves, expected_path) in [
        ("1. 23x32 *", vec![23u8, 32]),
        ("1. 23x30x21x14x23x32 *", vec![23, 30, 21, 14, 23, 32]),
    ] {
        let text = format!("{position}{moves}\n");
        let options = qipu::ReadOptions {
            game: Some(qipu::Game::Draughts),
            keep_records: true,
            ..qipu::ReadOptions::default()
        };
        let document = qipu::read_document("t.pdn", text.as_bytes(), &options);
        let report = &document.records[0];
        let Some(record) = report.kept::<qipu::draughts::DraughtsRecord>() else {
            panic!("{moves}: {:?}", report.diagnostics);
        };
        assert!(report.valid(), "{moves}: {:?}", report.diagnostics);
        let json = qipu::write::write_record(
            report.record.as_ref().unwrap(),
            "t",
            0,
            qipu::write::Format::Json,
            &qipu::write::WriteOptions::default(),
        )
        .unwrap();
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let path: Vec<u8> = value["moves"][0]["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap() as u8)
            .collect();
        assert_eq!(path, expected_path, "{moves}");
        assert_eq!(record.moves.len(), 1);
    }
}
