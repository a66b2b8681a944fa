//! Go validation end to end: the oracle fixtures (sgfmill), the archives and samples, the
//! encodings, the SGF round trip, diagnostics of every kind, and deep trees.

use std::path::Path;

use encoding_rs::{Encoding, BIG5, EUC_KR, GB18030, SHIFT_JIS, UTF_8, WINDOWS_1251};
use qipu::diag::{Diagnostic, Severity, Side};
use qipu::go::GoRecord;
use qipu::write::{write_record, Format, WriteOptions};
use qipu::{read_document, Document, Game, ReadOptions, RecordReport};
use serde_json::Value;

use crate::support::fixtures::fixture;
use crate::support::sgf::{archives, samples_dir, sgf_files};

fn keep() -> ReadOptions {
    ReadOptions {
        keep_records: true,
        ..ReadOptions::default()
    }
}

fn read_bytes(source: &str, bytes: &[u8]) -> Document {
    read_document(source, bytes, &keep())
}

fn read_path(path: &Path) -> Document {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    read_bytes(&path.display().to_string(), &bytes)
}

fn read_text(text: &str) -> Document {
    read_bytes("test.sgf", text.as_bytes())
}

fn go(report: &RecordReport) -> &GoRecord {
    match report.kept::<GoRecord>() {
        Some(record) => record,
        other => panic!("not a Go record: {other:?}"),
    }
}

/// The main line as the fixtures write it: `Bdd Wpp B` (a bare colour is a pass).
fn main_line(report: &RecordReport) -> String {
    go(report)
        .moves
        .iter()
        .map(|node| {
            let point = node.mv.point.map(|p| p.to_string()).unwrap_or_default();
            format!("{}{point}", node.mv.color.letter())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn codes(report: &RecordReport) -> Vec<&'static str> {
    report.diagnostics.iter().map(Diagnostic::code).collect()
}

fn errors(report: &RecordReport) -> Vec<&Diagnostic> {
    report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect()
}

fn truth(file: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(fixture("go").join(file)).expect("truth file");
    text.lines()
        .map(|line| serde_json::from_str(line).expect("JSON line"))
        .collect()
}

#[test]
fn random_games_replay_as_sgfmill_did() {
    let games = truth("random/truth.jsonl");
    assert_eq!(games.len(), 100);
    for game in &games {
        let file = game["file"].as_str().expect("file");
        let document = read_path(&fixture("go").join("random").join(file));
        assert_eq!(document.game, Some(Game::Go), "{file}");
        let [report] = &document.records[..] else {
            panic!("{file}: one record expected");
        };
        assert!(report.valid(), "{file}: {:?}", report.diagnostics);
        let moves = game["moves"].as_str().expect("moves");
        assert_eq!(main_line(report), moves, "{file}");
        assert_eq!(
            report.plies as usize,
            moves.split_whitespace().count(),
            "{file}"
        );
        let expected = match game["result_check"].as_str() {
            // No RE: nothing to verify, so nothing to say.
            _ if game["result"].is_null() => None,
            Some("matches") => None,
            Some("mismatch") => Some("result-mismatch"),
            Some("cannot-verify") => Some("result-unverifiable"),
            other => panic!("{file}: unknown check {other:?}"),
        };
        let found = codes(report).into_iter().find(|c| c.starts_with("result-"));
        assert_eq!(found, expected, "{file}: {:?}", report.diagnostics);
        let setup = game["setup_black"].as_array().expect("setup");
        let start = go(report).start.clone();
        assert_eq!(start.is_some(), !setup.is_empty(), "{file}: {start:?}");
    }
}

#[test]
fn corrupted_games_fail_at_the_corrupted_move() {
    let games = truth("corrupted/truth.jsonl");
    assert_eq!(games.len(), 30);
    for game in &games {
        let file = game["file"].as_str().expect("file");
        let document = read_path(&fixture("go").join("corrupted").join(file));
        let report = &document.records[0];
        let errors = errors(report);
        // The first error is the corrupted move; the board goes on with its stone placed
        // (as SGFC does), so later moves of the real game may clash with it.
        let Some(error) = errors.first() else {
            panic!("{file}: an error expected");
        };
        let code = match game["error"].as_str() {
            Some("occupied") => "occupied-point",
            Some(other) => other,
            None => panic!("{file}: no error kind"),
        };
        let number = game["move_number"].as_u64().expect("move number") as u32;
        assert_eq!(error.code(), code, "{file}");
        assert_eq!(error.ply, Some(number), "{file}");
        assert_eq!(error.move_number, Some(number), "{file}");
        let side = if number % 2 == 1 { "black" } else { "white" };
        assert_eq!(error.side.map(Side::name), Some(side), "{file}");
        assert_eq!(report.plies, number - 1, "{file}");
        assert!(error.kind.help().is_some(), "{file}");
        assert!(
            errors.iter().skip(1).all(|e| e.ply > error.ply),
            "{file}: each later error is a later move: {errors:?}"
        );
    }
}

/// Every archive file (ours, and the corpus when it is there) and sample, with the
/// validity and diagnostics it is known to have.
#[test]
fn archives_and_samples_read_as_expected() {
    let archives = archives("corpus files read as expected");
    for archive in &archives {
        let document = read_path(&archive.dir.join(archive.engine_game));
        assert_eq!(document.encoding, "UTF-8");
        assert_eq!(
            codes(&document.records[0]),
            [
                "application-without-version",
                "bad-date",
                "result-unverifiable"
            ]
        );
    }
    let expected: &[(&str, &str, &[&str])] = &[
        ("encodings/chinese.sgf", "GB18030", &[]),
        ("encodings/complex.sgf", "UTF-8", &["result-unverifiable"]),
        ("encodings/japanese.sgf", "Shift_JIS", &[]),
        (
            "encodings/japanese_bad.sgf",
            "UTF-8",
            &["encoding-mismatch"],
        ),
        ("encodings/korean.sgf", "EUC-KR", &[]),
        ("encodings/no-ca.sgf", "GB18030", &[]),
        (
            "encodings/utf16le.sgf",
            "UTF-16LE",
            &["mixed-setup-move", "mixed-setup-move"],
        ),
        (
            "encodings/utf8bom.sgf",
            "UTF-8",
            &["mixed-setup-move", "mixed-setup-move"],
        ),
    ];
    for archive in &archives {
        for (name, encoding, diagnostics) in expected {
            let document = read_path(&archive.dir.join(name));
            assert_eq!(document.encoding, *encoding, "{name}");
            assert_eq!(codes(&document.records[0]), *diagnostics, "{name}");
        }
    }
    let files: Vec<_> = archives
        .iter()
        .flat_map(|archive| sgf_files(&archive.dir))
        .chain(sgf_files(&samples_dir()))
        .collect();
    let count: usize = archives.iter().map(|archive| archive.files).sum();
    assert_eq!(files.len(), count + 8, "{files:?}");
    for path in files {
        let document = read_path(&path);
        assert_eq!(document.records.len(), 1, "{path:?}");
        let report = &document.records[0];
        // Every record there is a legal game; only notes and warnings are expected.
        assert!(report.valid(), "{path:?}: {:?}", report.diagnostics);
        assert!(report.plies > 0, "{path:?}");
        assert_eq!(report.plies as usize, go(report).moves.len(), "{path:?}");
    }
}

#[test]
fn encodings_decode_to_the_right_names() {
    let tag = |path: &Path, name: &str| {
        let document = read_path(path);
        let record = &go(&document.records[0]);
        record.tags.get(name).unwrap_or_default().to_string()
    };
    for archive in archives("corpus names decoded") {
        let file = |name: &str| archive.dir.join("encodings").join(name);
        // `ソ` is 83 5C in Shift_JIS: a byte-level reader would see an escape.
        for (name, black) in archive.black {
            assert_eq!(tag(&file(name), "PB"), black, "{name}");
        }
        let no_ca = read_path(&file("no-ca.sgf"));
        let comment = go(&no_ca.records[0]).comment.clone();
        assert!(comment.is_some_and(|c| c.starts_with(archive.no_ca_comment)));
    }
    let sample = |name: &str| samples_dir().join(name);
    assert_eq!(tag(&sample("gb18030-no-ca.sgf"), "PW"), "王誠");
    assert_eq!(
        tag(&sample("gb18030-no-ca.sgf"), "EV"),
        "第三届錦城杯围棋赛"
    );
    assert_eq!(tag(&sample("big5.sgf"), "PB"), "許文華");
    assert_eq!(tag(&sample("shift-jis.sgf"), "EV"), "研究会十番勝負");
    assert_eq!(tag(&sample("utf8.sgf"), "PB"), "김민준");
    assert_eq!(tag(&sample("legacy-ff3.sgf"), "PB"), "Legacy Black");
}

/// SGF without `CA`, encoded here from known text: detection must find the encoding.
#[test]
fn undeclared_encodings_are_detected() {
    let cases: [(&'static Encoding, &str, &str, &str); 6] = [
        (
            UTF_8,
            "柯洁",
            "申真谞",
            "第一局。黑棋开局占据星位，白棋以小目应对，双方在右下角展开激烈的战斗。",
        ),
        (
            GB18030,
            "柯洁",
            "申真谞",
            "第一局。黑棋开局占据星位，白棋以小目应对，双方在右下角展开激烈的战斗，最后白棋中盘胜。",
        ),
        (
            BIG5,
            "許家元",
            "王元均",
            "第一局。黑棋開局佔據星位，白棋以小目應對，雙方在右下角展開激烈的戰鬥，最後白棋中盤勝。",
        ),
        (
            SHIFT_JIS,
            "井山裕太",
            "一力遼",
            "第一局。黒番は星に打ち、白番は小目で応じました。右下隅で激しい戦いが始まり、白の中押し勝ちとなりました。",
        ),
        (
            EUC_KR,
            "이세돌",
            "박정환",
            "제일국. 흑은 화점에 두고 백은 소목으로 응수했습니다. 우하귀에서 치열한 싸움이 벌어졌고 백이 불계승을 거두었습니다.",
        ),
        (
            WINDOWS_1251,
            "Алексей Лазарев",
            "Илья Шикшин",
            "Первая партия. Чёрные заняли угол, белые ответили в другом углу, и в правом нижнем углу началась тяжёлая борьба.",
        ),
    ];
    for (encoding, black, white, comment) in cases {
        let text = format!(
            "(;GM[1]FF[4]SZ[19]PB[{black}]PW[{white}]C[{comment}]\n;B[pd];W[dd]C[{comment}];B[pq])\n"
        );
        let (bytes, _, unmappable) = encoding.encode(&text);
        assert!(!unmappable, "{}", encoding.name());
        let document = read_bytes("undeclared.sgf", &bytes);
        assert_eq!(
            document.encoding,
            qipu::text::encoding_display_name(encoding),
            "{}",
            encoding.name()
        );
        let report = &document.records[0];
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
        let record = &go(report);
        assert_eq!(record.tags.get("PB"), Some(black));
        assert_eq!(record.tags.get("PW"), Some(white));
        assert_eq!(record.comment.as_deref(), Some(comment));
        assert_eq!(record.moves[1].comment.as_deref(), Some(comment));
    }
}

fn convert(document: &Document, format: Format) -> String {
    document
        .records
        .iter()
        .map(|report| {
            let record = report.record.as_ref().expect("a kept record");
            write_record(
                record,
                &document.source,
                report.index,
                format,
                &WriteOptions::default(),
            )
            .expect("Go writes SGF and JSON")
        })
        .collect()
}

/// JSON of a record without what normalisation may change: the move texts as written
/// (`Black[pd]` becomes `B[pd]`) and the order of the tags.
fn comparable_json(json: &str) -> Value {
    let mut value: Value = serde_json::from_str(json).expect("JSON");
    let mut pending = vec![&mut value];
    while let Some(item) = pending.pop() {
        match item {
            Value::Object(map) => {
                map.remove("text");
                pending.extend(map.values_mut());
            }
            Value::Array(items) => pending.extend(items.iter_mut()),
            _ => {}
        }
    }
    if let Some(tags) = value.get_mut("tags").and_then(Value::as_object_mut) {
        let sorted: std::collections::BTreeMap<String, Value> =
            std::mem::take(tags).into_iter().collect();
        *tags = sorted.into_iter().collect();
    }
    value
}

#[test]
fn converting_again_gives_the_same_bytes() {
    let files = archives("corpus files converted twice")
        .into_iter()
        .flat_map(|archive| sgf_files(&archive.dir))
        .chain(sgf_files(&samples_dir()));
    for path in files {
        let document = read_path(&path);
        let once = convert(&document, Format::Sgf);
        assert!(once.starts_with("(;FF[4]CA[UTF-8]"), "{path:?}");
        let again = read_bytes(&document.source, once.as_bytes());
        assert_eq!(again.encoding, "UTF-8", "{path:?}");
        assert_eq!(convert(&again, Format::Sgf), once, "{path:?}");
        assert_eq!(
            comparable_json(&convert(&again, Format::Json)),
            comparable_json(&convert(&document, Format::Json)),
            "{path:?}"
        );
        assert_eq!(
            again.records[0].plies, document.records[0].plies,
            "{path:?}"
        );
    }
}

#[test]
fn go_records_are_not_written_as_pgn() {
    let document = read_path(&samples_dir().join("utf8.sgf"));
    let record = document.records[0].record.as_ref().expect("record");
    let error = write_record(record, "x", 0, Format::Pgn, &WriteOptions::default());
    assert!(error.is_err());
}

/// The one diagnostic `text` gives, with its severity, move number and side.
fn only(text: &str) -> (String, Severity, Option<u32>, Option<&'static str>, String) {
    let document = read_text(text);
    let report = &document.records[0];
    let [d] = &report.diagnostics[..] else {
        panic!("{text}: {:?}", report.diagnostics);
    };
    let help = d.kind.help().unwrap_or_default();
    (
        d.code().to_string(),
        d.severity,
        d.ply,
        d.side.map(Side::name),
        help,
    )
}

#[test]
fn rule_breaches_are_located_and_explained() {
    let (code, severity, ply, side, help) = only("(;SZ[9]AB[cc];B[dd];W[cc])");
    assert_eq!(
        (code.as_str(), severity, ply, side),
        ("occupied-point", Severity::Error, Some(2), Some("white"))
    );
    assert!(help.contains("set up"), "{help}");
    let (code, _, ply, _, help) = only("(;SZ[9];B[cc];W[dd];B[ee];W[cc])");
    assert_eq!((code.as_str(), ply), ("occupied-point", Some(4)));
    assert!(help.contains("move 1"), "{help}");
    // Setup never captures, but a move into no liberties that captures nothing is forbidden.
    let (code, _, ply, side, _) = only("(;SZ[9]AB[ba][ab];W[aa])");
    assert_eq!(
        (code.as_str(), ply, side),
        ("suicide", Some(1), Some("white"))
    );
}

#[test]
fn ko_retake_names_the_captured_stone() {
    // Black ba, ab, bc and White ca, db, cc face each other around bb and cb. White plays
    // bb, Black captures it with cb; White may not retake on bb at once.
    let shape = "(;SZ[9]AB[ba][ab][bc]AW[ca][db][cc];W[bb];B[cb]";
    let (code, severity, ply, side, help) = only(&format!("{shape};W[bb])"));
    assert_eq!(
        (code.as_str(), severity, ply, side),
        ("ko", Severity::Error, Some(3), Some("white"))
    );
    assert!(help.contains("just captured on B8 (bb)"), "{help}");
    // After an exchange elsewhere the retake is legal.
    let document = read_text(&format!("{shape};W[gg];B[ff];W[bb])"));
    assert!(document.records[0].diagnostics.is_empty());
    assert_eq!(document.records[0].plies, 5);
}

/// Points are named as boards and players name them, the SGF letters after (`L9 (kk)` on
/// 19×19, rows counted from the bottom, no `I` column), in every message and help, in
/// English and Chinese, the archive formats' notes too; a point off the board keeps its
/// letters alone.
#[test]
fn points_are_named_as_on_the_board() {
    let messages = |text: &str, source: &str| -> Vec<(String, String, String)> {
        let document = read_bytes(source, text.as_bytes());
        document.records[0]
            .diagnostics
            .iter()
            .map(|d| {
                let (zh, _) = d.kind.zh();
                let help = d.kind.help().unwrap_or_default();
                (d.kind.message(), zh.simplified(), help)
            })
            .collect()
    };
    let found = messages("(;SZ[19]AB[kk][kk]AW[dd];B[kk];W[pd])", "a.sgf");
    assert_eq!(found[0].0, "point L9 (kk) is set up twice in this node");
    assert_eq!(found[0].1, "点 L9 (kk) 在本节点中被摆了两次");
    assert_eq!(
        found[1].0,
        "Black plays on L9 (kk), where a black stone already stands"
    );
    assert_eq!(found[1].1, "黑方在 L9 (kk) 落子，但该点已有一枚黑子");
    // Columns skip I: the ninth column is J; 9×9 rows count from 9 at the top.
    let found = messages("(;SZ[9]AB[ia]AW[ia];W[ia])", "b.sgf");
    assert!(found[0].0.contains("point J9 (ia)"), "{found:?}");
    let shape = "(;SZ[9]AB[ba][ab][bc]AW[ca][db][cc];W[bb];B[cb];W[bb])";
    let found = messages(shape, "c.sgf");
    assert_eq!(
        found[0].0,
        "White retakes the ko on B8 (bb) at once, repeating the previous position"
    );
    assert!(found[0].2.contains("captured on B8 (bb)"), "{found:?}");
    let found = messages("(;SZ[13]AB[cc]AE[aa];B[dd])", "d.sgf");
    assert_eq!(found[0].0, "setup clears A13 (aa), which is already empty");
    // Off the board there is no board coordinate.
    let found = messages("(;SZ[9];B[aa];W[jj])", "e.sgf");
    assert_eq!(found[0].0, "White plays on `jj`, outside the 9x9 board");
    // A GIB handicap placed as the site does.
    let gib = "\\HS\n\\[GAMEBLACKNAME=a (1D)\\]\n\\HE\n\\GS\nINI 0 1 2 &4\nSTO 0 2 2 9 9\n\\GE\n";
    let found = messages(gib, "f.gib");
    let note = found
        .iter()
        .find(|(m, _, _)| m.contains("handicap stones"))
        .expect("the handicap note");
    assert!(
        note.0
            .ends_with("placed as the site does: D4 (dp) Q16 (pd)"),
        "{note:?}"
    );
    assert!(note.1.ends_with("D4 (dp) Q16 (pd)"), "{note:?}");
}

#[test]
fn moves_off_the_board_and_unreadable_moves() {
    let (code, severity, ply, side, help) = only("(;SZ[9];B[aa];W[jj])");
    assert_eq!(
        (code.as_str(), severity, ply, side),
        ("off-board", Severity::Error, Some(2), Some("white"))
    );
    assert!(help.contains("`ii`"), "{help}");
    let (code, _, ply, _, _) = only("(;SZ[9];B[a1])");
    assert_eq!((code.as_str(), ply), ("bad-move", Some(1)));
}

#[test]
fn game_info_notes_and_warnings() {
    let (code, severity, ..) = only("(;SZ[9]HA[3]AB[cc][gg];W[ee])");
    assert_eq!(
        (code.as_str(), severity),
        ("handicap-mismatch", Severity::Warning)
    );
    let document = read_text("(;SZ[9]KM[3.75];B[ee])");
    let d = &document.records[0].diagnostics[0];
    assert_eq!((d.code(), d.severity), ("komi-normalised", Severity::Note));
    assert!(
        d.kind.message().contains("7.5 points"),
        "{}",
        d.kind.message()
    );
    let (code, ..) = only("(;SZ[9]KM[750];B[ee])");
    assert_eq!(code, "komi-normalised");
    // A 2x2 board with one black stone: Black owns all 4 points.
    let (code, severity, _, _, help) = only("(;SZ[2]KM[0]RE[W+2];B[aa];W[];B[])");
    assert_eq!(
        (code.as_str(), severity),
        ("result-mismatch", Severity::Warning)
    );
    assert!(help.contains("Black 4, White 0"), "{help}");
    assert!(
        read_text("(;SZ[2]KM[0.5]RE[B+3.5];B[aa];W[];B[])").records[0]
            .diagnostics
            .is_empty()
    );
    let (code, severity, ..) = only("(;SZ[9]RE[B+R];B[aa])");
    assert_eq!(
        (code.as_str(), severity),
        ("result-unverifiable", Severity::Note)
    );
    let (code, severity, ply, ..) = only("(;SZ[9];B[aa];W[];B[];W[ee])");
    assert_eq!(
        (code.as_str(), severity, ply),
        ("move-after-end", Severity::Warning, Some(4))
    );
    let (code, severity, ..) = only("(;GM[2];B[aa])");
    assert_eq!((code.as_str(), severity), ("not-go", Severity::Error));
}

#[test]
fn syntax_and_structure_issues_keep_their_codes() {
    let document = read_text("(;SZ[9];B[aa]W[bb];B[cc");
    let report = &document.records[0];
    assert_eq!(
        codes(report),
        [
            "unclosed-game-tree",
            "two-moves-in-node",
            "unterminated-value"
        ]
    );
    assert!(!report.valid());
    let document = read_text("no tree here");
    assert_eq!(document.game, Some(Game::Go));
    assert_eq!(codes(&document.records[0]), ["no-game-tree"]);
}

#[test]
fn variations_are_replayed_and_nested() {
    let text = "(;SZ[9];B[ee];W[cc](;B[gg];W[cc])(;B[dd]C[alt];W[ff](;B[gg])(;B[ff])))";
    let document = read_text(text);
    let report = &document.records[0];
    assert_eq!(report.plies, 3);
    let found: Vec<_> = errors(report).iter().map(|e| (e.code(), e.ply)).collect();
    assert_eq!(
        found,
        [("occupied-point", Some(4)), ("occupied-point", Some(5))]
    );
    let moves = &go(report).moves;
    assert_eq!(moves.len(), 3);
    let alternative = &moves[2].variations[0];
    assert_eq!(alternative.len(), 3);
    assert_eq!(alternative[0].ply, 3);
    assert_eq!(alternative[0].comment.as_deref(), Some("alt"));
}

#[test]
fn variation_json_matches_the_contract() {
    let text = "(;SZ[9];B[ee](;W[cc]C[main];B[dd])(;W[dd];B[cc](;W[gg])(;W[])))";
    let document = read_text(text);
    let json: Value =
        serde_json::from_str(&convert(&document, Format::Json)).expect("one JSON object");
    let moves = json["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 3);
    assert_eq!(moves[1]["comment"], "main");
    let variation = &moves[1]["variations"][0];
    assert_eq!(variation[0]["point"], "dd");
    assert_eq!(variation[0]["ply"], 2);
    assert_eq!(variation[1]["variations"], Value::Null);
    assert_eq!(variation[2]["point"], "gg");
    assert_eq!(variation[2]["variations"][0][0]["point"], "");
    assert_eq!(variation[2]["variations"][0][0]["color"], "W");
    assert_eq!(json["game"], "go");
    assert_eq!(json["tags"]["SZ"], "9");
}

/// A file cut off after a move node, and one cut inside a move's value: the moves before
/// the cut are kept and replayed, and the cut is named.
#[test]
fn truncated_files_keep_the_moves_before_the_cut() {
    let cases: [(&str, bool, &[&str]); 2] = [
        (
            "cut-after-node.sgf",
            true,
            &[
                "unclosed-game-tree",
                "application-without-version",
                "bad-date",
                "result-unverifiable",
            ],
        ),
        (
            "cut-in-value.sgf",
            false,
            &[
                "unclosed-game-tree",
                "application-without-version",
                "bad-date",
                "bad-move",
                "unterminated-value",
            ],
        ),
    ];
    for (name, valid, expected) in cases {
        let document = read_path(&fixture("go/truncated").join(name));
        let report = &document.records[0];
        assert_eq!(report.valid(), valid, "{name}: {:?}", report.diagnostics);
        assert_eq!(report.plies, 24, "{name}");
        let mut found = codes(report);
        found.sort_unstable();
        let mut expected = expected.to_vec();
        expected.sort_unstable();
        assert_eq!(found, expected, "{name}");
    }
}

#[test]
fn legacy_text_before_the_tree_is_detected() {
    let document = read_bytes(
        "notes.txt",
        b"Game 3, from the club archive\n\n(;GM[1]SZ[9];B[ee])",
    );
    assert_eq!(document.game, Some(Game::Go));
    assert_eq!(document.records[0].plies, 1);
    let spaced = read_bytes("spaced.txt", b"(\n ;GM[1]SZ[9];B[ee];W[cc])");
    assert_eq!(spaced.game, Some(Game::Go));
}

/// `(;B[]` nested: every node has a leaf and a deeper branch, or the reverse.
#[test]
fn deep_trees_neither_overflow_nor_go_quadratic() {
    let n = 20_000;
    let leaf_first = format!("(;GM[1]{}{})", "(;W[])(;B[]".repeat(n), ")".repeat(n));
    let deep_first = format!("(;GM[1]{}{})", "(;B[]".repeat(n), ")(;W[])".repeat(n));
    // Leaves first: the variations nest n deep. Deep branch first: a long main line.
    let cases = [
        (
            leaf_first,
            1,
            &["superko-limited", "variations-too-deep"][..],
        ),
        (deep_first, n as u32, &["superko-limited"][..]),
    ];
    for (text, plies, notes) in cases {
        let document = read_text(&text);
        let report = &document.records[0];
        assert_eq!(codes(report), notes);
        assert_eq!(report.plies, plies);
        let json = convert(&document, Format::Json);
        assert!(json.len() > 100);
        let sgf = convert(&document, Format::Sgf);
        assert_eq!(sgf.matches('(').count(), 2 * n + 1);
    }
}

#[test]
fn the_board_goes_on_after_the_first_illegal_move() {
    // SGFC places the stone and goes on: the later stone on an occupied point is reported
    // too, once. The record's verdict and its moves stop at the first.
    let sgf = b"(;FF[4]GM[1]SZ[9];B[ee];W[ee];B[dd];W[dd];B[cc];W[ff])";
    let document = qipu::read_document(
        "later.sgf",
        sgf,
        &qipu::ReadOptions {
            keep_records: true,
            ..qipu::ReadOptions::default()
        },
    );
    let report = &document.records[0];
    let found: Vec<(&str, Option<u32>)> =
        errors(report).iter().map(|d| (d.code(), d.ply)).collect();
    assert_eq!(
        found,
        [("occupied-point", Some(2)), ("occupied-point", Some(4))]
    );
    assert_eq!(report.plies, 1);
    assert!(go(report).unreplayed.is_some());
}
