//! Go records in six encodings against an independent engine: random legal games played by
//! sgfmill (`tools/oracle/go_encoded_games.py`), with Chinese, Japanese and Korean names and
//! comments, handicap stones, passes and variations, written as UTF-8, GB18030 (with and
//! without `CA`), Big5, Shift_JIS and EUC-KR. Each must replay to the same moves, decode to the
//! same text, survive the SGF round trip, and fail at exactly the move a corrupted copy breaks.

use std::collections::BTreeMap;
use std::path::Path;

use encoding_rs::Encoding;
use qipu::diag::{Diagnostic, Severity, Side};
use qipu::go::{GoMove, GoRecord};
use qipu::record::Node;
use qipu::write::{write_record, Format, WriteOptions};
use qipu::{read_document, Document, Game, ReadOptions, RecordReport};
use serde_json::Value;

use crate::support::fixtures::fixture;

fn keep() -> ReadOptions {
    ReadOptions {
        keep_records: true,
        ..Default::default()
    }
}

fn read_path(path: &Path) -> (Vec<u8>, Document) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let document = read_document(&path.display().to_string(), &bytes, &keep());
    (bytes, document)
}

fn truth(file: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(fixture("go/encoded").join(file)).expect("truth file");
    text.lines()
        .map(|line| serde_json::from_str(line).expect("JSON line"))
        .collect()
}

fn go(report: &RecordReport) -> &GoRecord {
    match report.kept::<GoRecord>() {
        Some(record) => record,
        other => panic!("not a Go record: {other:?}"),
    }
}

fn only_record<'d>(file: &str, document: &'d Document) -> &'d RecordReport {
    let [report] = &document.records[..] else {
        panic!(
            "{file}: one record expected, got {}",
            document.records.len()
        );
    };
    report
}

/// `["B", "dd"]` pairs, `""` for a pass, as the truth file has them.
fn expected_moves(moves: &Value) -> Vec<(String, String)> {
    moves
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            (
                m[0].as_str().expect("colour").to_string(),
                m[1].as_str().expect("point").to_string(),
            )
        })
        .collect()
}

fn got_moves(line: &[Node<GoMove>]) -> Vec<(String, String)> {
    line.iter()
        .map(|node| {
            (
                node.mv.color.letter().to_string(),
                node.mv.point.map(|p| p.to_string()).unwrap_or_default(),
            )
        })
        .collect()
}

fn comments_by_ply(comments: &Value) -> BTreeMap<u32, String> {
    comments
        .as_object()
        .expect("comments")
        .iter()
        .map(|(k, v)| {
            (
                k.parse().expect("move number"),
                v.as_str().expect("comment").to_string(),
            )
        })
        .collect()
}

fn got_comments(line: &[Node<GoMove>]) -> BTreeMap<u32, String> {
    line.iter()
        .filter_map(|node| node.comment.clone().map(|c| (node.ply, c)))
        .collect()
}

/// Every difference between a replayed record and the truth, one message each.
fn differences(file: &str, record: &GoRecord, game: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut check = |what: &str, expected: String, got: String| {
        if expected != got {
            out.push(format!(
                "{file}: {what}: expected {expected:?}, got {got:?}"
            ));
        }
    };
    let main = &record.moves;
    check(
        "main line",
        format!("{:?}", expected_moves(&game["moves"])),
        format!("{:?}", got_moves(main)),
    );
    let plies: Vec<u32> = main.iter().map(|n| n.ply).collect();
    let numbered: Vec<u32> = (1..=main.len() as u32).collect();
    check("plies", format!("{numbered:?}"), format!("{plies:?}"));
    for (tag, key) in [("PB", "PB"), ("PW", "PW"), ("GC", "GC")] {
        check(
            &format!("tag {tag}"),
            format!("{:?}", game[key].as_str()),
            format!("{:?}", record.tags.get(tag)),
        );
    }
    check(
        "root comment",
        format!("{:?}", game["root_comment"].as_str()),
        format!("{:?}", record.comment.as_deref()),
    );
    check(
        "move comments",
        format!("{:?}", comments_by_ply(&game["comments"])),
        format!("{:?}", got_comments(main)),
    );
    let handicap = game["handicap"].as_u64().expect("handicap");
    check(
        "tag HA",
        format!("{:?}", (handicap > 0).then(|| handicap.to_string())),
        format!("{:?}", record.tags.get("HA")),
    );
    // The start position as `AB[..][..]` in board order: compare the sorted stones.
    let mut setup: Vec<String> = game["setup_black"]
        .as_array()
        .expect("setup")
        .iter()
        .map(|p| p.as_str().expect("point").to_string())
        .collect();
    setup.sort();
    let start = record
        .start
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    let mut stones: Vec<String> = start
        .strip_prefix("AB")
        .unwrap_or(&start)
        .split(['[', ']'])
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    stones.sort();
    check("setup", format!("{setup:?}"), format!("{stones:?}"));

    // Variations, as (branch move number, moves, plies, comments), in file order.
    let expected: Vec<String> = game["variations"]
        .as_array()
        .expect("variations")
        .iter()
        .map(|v| {
            let at = v["at"].as_u64().expect("at") as u32;
            let moves = expected_moves(&v["moves"]);
            let plies: Vec<u32> = (at..at + moves.len() as u32).collect();
            format!(
                "at {at}: {moves:?} {plies:?} {:?} nested 0",
                comments_by_ply(&v["comments"])
            )
        })
        .collect();
    let got: Vec<String> = main
        .iter()
        .flat_map(|node| {
            node.variations.iter().map(move |line| {
                let plies: Vec<u32> = line.iter().map(|n| n.ply).collect();
                let nested: usize = line.iter().map(|n| n.variations.len()).sum();
                format!(
                    "at {}: {:?} {plies:?} {:?} nested {nested}",
                    node.ply,
                    got_moves(line),
                    got_comments(line)
                )
            })
        })
        .collect();
    check("variations", format!("{expected:#?}"), format!("{got:#?}"));
    out
}

fn encoding_counts(games: &[Value]) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for game in games {
        let file = game["file"].as_str().expect("file");
        let tag = &file[4..file.len() - 4];
        *counts.entry(tag.to_string()).or_insert(0) += 1;
    }
    counts
}

#[test]
fn fixtures_cover_what_the_oracle_promises() {
    let games = truth("truth.jsonl");
    assert_eq!(games.len(), 40);
    let counts = encoding_counts(&games);
    let expected: BTreeMap<String, usize> = [
        ("big5", 7),
        ("euckr", 6),
        ("gb18030", 7),
        ("gbnoca", 7),
        ("sjis", 6),
        ("utf8", 7),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    assert_eq!(counts, expected);
    let sizes: Vec<u64> = games.iter().map(|g| g["size"].as_u64().unwrap()).collect();
    for size in [9, 13, 19] {
        assert!(sizes.contains(&size), "no {size}x{size} game");
    }
    assert!(games.iter().any(|g| g["handicap"].as_u64() > Some(0)));
    assert!(games.iter().any(|g| expected_moves(&g["moves"])
        .iter()
        .any(|(_, p)| p.is_empty())));
    for game in &games {
        let file = game["file"].as_str().unwrap();
        let n = game["variations"].as_array().unwrap().len();
        assert!((1..=3).contains(&n), "{file}: {n} variations");
        let root = game["root_comment"].as_str().unwrap();
        assert!(root.contains(']') && root.contains('\\'), "{file}");
    }
    // A name whose last character ends in the byte 0x5C or 0x5D, right before the closing
    // `]`, in GBK-family and Big5 files, with and without the name before `CA`.
    for (tag, label) in [
        ("gb18030", "gb18030"),
        ("gbnoca", "gb18030"),
        ("big5", "big5"),
    ] {
        let encoding = Encoding::for_label(label.as_bytes()).unwrap();
        let tricky: Vec<&str> = games
            .iter()
            .filter(|g| g["file"].as_str().unwrap().contains(&format!("-{tag}.")))
            .filter(|g| {
                ["PB", "PW"].iter().any(|k| {
                    let (bytes, _, _) = encoding.encode(g[*k].as_str().unwrap());
                    bytes.len() >= 2 && matches!(bytes[bytes.len() - 1], 0x5C | 0x5D)
                })
            })
            .map(|g| g["file"].as_str().unwrap())
            .collect();
        assert!(tricky.len() >= 2, "{tag}: {tricky:?}");
    }
}

#[test]
fn encoded_games_replay_to_the_oracle_moves_and_text() {
    let games = truth("truth.jsonl");
    assert_eq!(games.len(), 40);
    let mut failures = Vec::new();
    for game in &games {
        let file = game["file"].as_str().expect("file");
        let (_, document) = read_path(&fixture("go/encoded").join(file));
        let expected_encoding = game["encoding"].as_str().expect("encoding");
        if document.encoding != expected_encoding {
            failures.push(format!(
                "{file}: encoding: expected {expected_encoding}, got {}",
                document.encoding
            ));
        }
        assert_eq!(document.game, Some(Game::Go), "{file}");
        let report = only_record(file, &document);
        if !report.valid() || !report.diagnostics.is_empty() {
            failures.push(format!("{file}: diagnostics: {:?}", report.diagnostics));
        }
        let moves = game["moves"].as_array().unwrap().len();
        if report.plies as usize != moves {
            failures.push(format!(
                "{file}: plies: expected {moves}, got {}",
                report.plies
            ));
        }
        failures.extend(differences(file, go(report), game));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn encoded_games_survive_the_sgf_round_trip() {
    let games = truth("truth.jsonl");
    let mut failures = Vec::new();
    for game in &games {
        let file = game["file"].as_str().expect("file");
        let (_, document) = read_path(&fixture("go/encoded").join(file));
        let report = only_record(file, &document);
        let record = report.record.as_ref().expect("kept record");
        let options = WriteOptions::default();
        let first = write_record(record, file, 0, Format::Sgf, &options).expect("SGF");
        assert!(first.contains("CA[UTF-8]"), "{file}: {first}");
        let name = format!("{file} (converted)");
        let again = read_document("converted.sgf", first.as_bytes(), &keep());
        if again.encoding != "UTF-8" {
            failures.push(format!(
                "{name}: encoding: expected UTF-8, got {}",
                again.encoding
            ));
        }
        let report = only_record(file, &again);
        if !report.valid() || !report.diagnostics.is_empty() {
            failures.push(format!("{name}: diagnostics: {:?}", report.diagnostics));
        }
        failures.extend(differences(&name, go(report), game));
        let record = report.record.as_ref().expect("kept record");
        let second = write_record(record, file, 0, Format::Sgf, &options).expect("SGF");
        if first != second {
            failures.push(format!(
                "{name}: second write differs:\n{first}\n---\n{second}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn corrupted_copies_fail_at_the_occupied_point() {
    let corrupted = truth("corrupted/truth.jsonl");
    assert_eq!(corrupted.len(), 6);
    let originals: BTreeMap<String, Value> = truth("truth.jsonl")
        .into_iter()
        .map(|g| (g["file"].as_str().unwrap().to_string(), g))
        .collect();
    let encodings: Vec<&str> = corrupted
        .iter()
        .map(|c| c["encoding"].as_str().unwrap())
        .collect();
    for name in ["UTF-8", "GB18030", "Big5", "Shift_JIS", "EUC-KR"] {
        assert!(encodings.contains(&name), "no corrupted {name} copy");
    }
    let mut failures = Vec::new();
    for bad in &corrupted {
        let file = bad["file"].as_str().expect("file");
        let (_, document) = read_path(&fixture("go/encoded/corrupted").join(file));
        let expected_encoding = bad["encoding"].as_str().unwrap();
        if document.encoding != expected_encoding {
            failures.push(format!(
                "corrupted/{file}: encoding: expected {expected_encoding}, got {}",
                document.encoding
            ));
        }
        let report = only_record(file, &document);
        let errors: Vec<&Diagnostic> = report
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        let number = bad["move_number"].as_u64().unwrap() as u32;
        let side = if bad["colour"] == "B" {
            "black"
        } else {
            "white"
        };
        let got: Vec<_> = errors
            .iter()
            .map(|e| (e.code(), e.ply, e.move_number, e.side.map(Side::name)))
            .collect();
        let want = vec![("occupied-point", Some(number), Some(number), Some(side))];
        if got != want {
            failures.push(format!(
                "corrupted/{file}: errors: expected {want:?}, got {got:?} ({:?})",
                report.diagnostics
            ));
        }
        if report.valid() || report.plies != number - 1 {
            failures.push(format!(
                "corrupted/{file}: expected invalid with {} plies, got valid={} plies={}",
                number - 1,
                report.valid(),
                report.plies
            ));
        }
        // The moves before the bad one, and their comments, are kept as in the original.
        let original = &originals[bad["original"].as_str().unwrap()];
        let record = &go(report);
        let mut moves = expected_moves(&original["moves"]);
        moves.truncate(number as usize - 1);
        if got_moves(&record.moves) != moves {
            failures.push(format!(
                "corrupted/{file}: kept moves: expected {moves:?}, got {:?}",
                got_moves(&record.moves)
            ));
        }
        let mut comments = comments_by_ply(&original["comments"]);
        comments.retain(|&ply, _| ply < number);
        if got_comments(&record.moves) != comments {
            failures.push(format!(
                "corrupted/{file}: kept comments: expected {comments:?}, got {:?}",
                got_comments(&record.moves)
            ));
        }
        if record.tags.get("PB") != original["PB"].as_str() {
            failures.push(format!(
                "corrupted/{file}: PB: expected {:?}, got {:?}",
                original["PB"].as_str(),
                record.tags.get("PB")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
