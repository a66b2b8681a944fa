//! Go rule sets: `RU` decides the rules (Chinese when it is missing or unknown), `--rules`
//! overrides it; repetitions, suicide and result checks follow the rules in force.

use qipu::diag::{Diagnostic, Severity};
use qipu::go::Rules;
use qipu::go::{Board, Color, KoRule, Point};
use qipu::{read_document, ReadOptions, RecordReport};

use crate::support::fixtures::fixture;
use crate::support::run::qipu;

fn read(text: &str, rules: Option<Rules>) -> RecordReport {
    let mut options = ReadOptions {
        keep_records: true,
        ..ReadOptions::default()
    };
    if let Some(rules) = rules {
        options = options.with_rules(rules);
    }
    let mut document = read_document("rules.sgf", text.as_bytes(), &options);
    assert_eq!(document.records.len(), 1, "{text}");
    document.records.remove(0)
}

fn found(report: &RecordReport) -> Vec<(&'static str, Severity, Option<u32>)> {
    report
        .diagnostics
        .iter()
        .map(|d: &Diagnostic| (d.code(), d.severity, d.ply))
        .collect()
}

/// Three kos on a 4x11 board: ko 1 and ko 3 for Black to take, ko 2 for White. Taking
/// and retaking in turn, no capture an immediate retake, gives back the first position at
/// move 6 (a triple ko).
const TRIPLE_KO: &str = "GM[1]SZ[4:11]\
     AB[ba][ab][bc][be][af][bg][cf][bi][aj][bk]\
     AW[ca][db][cc][bb][ce][df][cg][ci][dj][ck][bj]\
     ;B[cb];W[bf];B[cj];W[bb];B[cf];W[bj])";

fn triple_ko(ru: &str) -> String {
    format!("(;{ru}{TRIPLE_KO}")
}

#[test]
fn a_triple_ko_is_an_error_under_chinese_rules_and_a_note_under_japanese() {
    let chinese = read(&triple_ko(""), None);
    assert_eq!(found(&chinese), [("ko", Severity::Error, Some(6))]);
    assert_eq!(chinese.plies, 5);
    let help = chinese.diagnostics[0].kind.help().expect("help");
    assert!(help.contains("Chinese rules"), "{help}");

    for ru in ["RU[Japanese]", "RU[jp]", "RU[Korean]"] {
        let japanese = read(&triple_ko(ru), None);
        assert_eq!(
            found(&japanese),
            [("repetition-allowed", Severity::Note, Some(6))],
            "{ru}"
        );
        assert!(japanese.valid());
        assert_eq!(japanese.plies, 6);
    }
    let ing = read(&triple_ko("RU[GOE]"), None);
    assert_eq!(
        found(&ing),
        [("repetition-allowed", Severity::Note, Some(6))]
    );
    let help = ing.diagnostics[0].kind.help().expect("help");
    assert!(help.contains("Ing"), "{help}");
    // Situational superko (AGA, New Zealand) and positional (Tromp-Taylor) forbid it.
    for ru in ["RU[AGA]", "RU[NZ]", "RU[New Zealand]", "RU[Tromp/Taylor]"] {
        let report = read(&triple_ko(ru), None);
        assert_eq!(found(&report), [("ko", Severity::Error, Some(6))], "{ru}");
    }
}

#[test]
fn the_immediate_ko_retake_is_forbidden_under_every_rule_set() {
    // White takes the ko on bb; Black retakes at once on cb.
    let text = "(;GM[1]SZ[4:3]AB[ba][ab][bc][cb]AW[ca][db][cc];W[bb];B[cb])";
    for rules in [
        Rules::Chinese,
        Rules::Japanese,
        Rules::Ing,
        Rules::TrompTaylor,
    ] {
        let report = read(text, Some(rules));
        assert_eq!(
            found(&report),
            [("ko", Severity::Error, Some(2))],
            "{rules}"
        );
    }
}

#[test]
fn the_rules_flag_overrides_ru() {
    let japanese = triple_ko("RU[Japanese]");
    let report = read(&japanese, Some(Rules::Chinese));
    assert_eq!(found(&report), [("ko", Severity::Error, Some(6))]);
    let report = read(&triple_ko("RU[Chinese]"), Some(Rules::Japanese));
    assert_eq!(
        found(&report),
        [("repetition-allowed", Severity::Note, Some(6))]
    );
    // An override leaves nothing to guess: no note about an unknown RU.
    let report = read(&triple_ko("RU[Lasker]"), Some(Rules::Korean));
    assert_eq!(
        found(&report),
        [("repetition-allowed", Severity::Note, Some(6))]
    );
}

#[test]
fn an_unknown_ru_is_noted_and_the_chinese_rules_are_used() {
    let report = read(&triple_ko("RU[Lasker]"), None);
    assert_eq!(
        found(&report),
        [
            ("unknown-rules", Severity::Note, None),
            ("ko", Severity::Error, Some(6))
        ]
    );
    let note = &report.diagnostics[0];
    assert!(
        note.kind.message().contains("RU[Lasker]"),
        "{}",
        note.kind.message()
    );
    assert!(
        note.kind.message().contains("Chinese"),
        "{}",
        note.kind.message()
    );
    assert_eq!(note.span, Some(4..12));
}

/// Black's three stones on the left edge of a 3x3 board fill their last liberty on `ac`:
/// White's column keeps its liberties, so nothing is captured.
const SUICIDE: &str = "(;GM[1]SZ[3]AB[aa][ab]AW[ba][bb][bc];B[ac];W[aa])";

#[test]
fn suicide_is_an_error_where_forbidden() {
    for rules in [Rules::Chinese, Rules::Japanese, Rules::Korean, Rules::Aga] {
        let report = read(SUICIDE, Some(rules));
        assert_eq!(
            found(&report),
            [("suicide", Severity::Error, Some(1))],
            "{rules}"
        );
        assert_eq!(report.plies, 0);
    }
}

#[test]
fn suicide_removes_the_own_group_where_allowed() {
    for ru in ["RU[NZ]", "RU[Tromp-Taylor]", "RU[Ing]"] {
        let text = SUICIDE.replace("GM[1]", &format!("GM[1]{ru}"));
        let report = read(&text, None);
        // White's next move on `aa` is legal only because the black stones are gone.
        assert_eq!(
            found(&report),
            [("suicide-allowed", Severity::Note, Some(1))],
            "{ru}"
        );
        assert_eq!(report.plies, 2, "{ru}");
        let message = report.diagnostics[0].kind.message();
        assert!(message.contains("3 stones"), "{message}");
        let Some(record) = report.kept::<qipu::go::GoRecord>() else {
            panic!("a Go record");
        };
        assert_eq!(record.moves.len(), 2);
    }
}

#[test]
fn suicide_leaves_the_position_the_rules_give() {
    let p = |s: &str| Point::from_sgf(s).expect("point");
    let mut board = Board::new(3, 3)
        .expect("size")
        .with_ko_rule(KoRule::Situational)
        .with_suicide_allowed(true);
    for (point, color) in [
        ("aa", Color::Black),
        ("ab", Color::Black),
        ("ba", Color::White),
        ("bb", Color::White),
        ("bc", Color::White),
    ] {
        board.set(p(point), Some(color)).expect("on the board");
    }
    let outcome = board.play(Color::Black, p("ac")).expect("allowed");
    assert_eq!((outcome.captures, outcome.suicide), (0, 3));
    // By hand: the black column is gone, White's stays, and the stones are White's prisoners.
    assert_eq!(board.to_string(), ".O.\n.O.\n.O.\n");
    assert_eq!(board.prisoners(Color::Black), 3);
    let mut sorted = board.last_captures().to_vec();
    sorted.sort();
    assert_eq!(sorted, [p("aa"), p("ab"), p("ac")]);
    // White's stones got their liberties back.
    board.play(Color::White, p("aa")).expect("empty again");
    assert_eq!(board.to_string(), "OO.\n.O.\n.O.\n");
}

#[test]
fn a_lone_stone_suicide_repeats_the_position_under_tromp_taylor() {
    // After the first suicide and White's `ab`, Black's lone stone on `aa` dies at once:
    // the board is as it was, which positional superko forbids and situational allows.
    let text = "(;GM[1]SZ[3]AB[aa][ab]AW[ba][bb][bc];B[ac];W[ab];B[aa])";
    let report = read(text, Some(Rules::TrompTaylor));
    assert_eq!(
        found(&report),
        [
            ("suicide-allowed", Severity::Note, Some(1)),
            ("ko", Severity::Error, Some(3))
        ]
    );
    let report = read(text, Some(Rules::NewZealand));
    assert_eq!(
        found(&report),
        [
            ("suicide-allowed", Severity::Note, Some(1)),
            ("suicide-allowed", Severity::Note, Some(3))
        ]
    );
}

#[test]
fn results_are_counted_only_under_area_rules() {
    // A 2x2 board with one black stone: Black's area is all 4 points.
    let text = |ru: &str| format!("(;SZ[2]KM[0]{ru}RE[W+2];B[aa];W[];B[])");
    for ru in ["", "RU[AGA]", "RU[NZ]", "RU[Tromp-Taylor]", "RU[Ing]"] {
        let report = read(&text(ru), None);
        assert_eq!(
            found(&report),
            [("result-mismatch", Severity::Warning, None)],
            "{ru}"
        );
    }
    for ru in ["RU[Japanese]", "RU[Korean]"] {
        let report = read(&text(ru), None);
        assert_eq!(
            found(&report),
            [("result-unverifiable", Severity::Note, None)],
            "{ru}"
        );
        let message = report.diagnostics[0].kind.message();
        assert!(message.contains("territory"), "{message}");
    }
    // A right area result is right under Chinese rules, and still unverifiable by territory.
    let right = "(;SZ[2]KM[0]RE[B+4];B[aa];W[];B[])";
    assert!(found(&read(right, None)).is_empty());
    let report = read(right, Some(Rules::Japanese));
    assert_eq!(
        found(&report),
        [("result-unverifiable", Severity::Note, None)]
    );
}

#[test]
fn handicap_compensation_follows_the_rules() {
    // 3x3, handicap 2 on `aa` and `cc`, Black then owns the board: 9 points.
    // Chinese: White +2 for the handicap; AGA: +1 (stones after the first); NZ: nothing.
    let text = |ru: &str, re: &str| format!("(;SZ[3]KM[0]HA[2]{ru}RE[{re}]AB[aa][cc];W[];B[])");
    for (ru, re) in [("", "B+7"), ("RU[AGA]", "B+8"), ("RU[NZ]", "B+9")] {
        let report = read(&text(ru, re), None);
        assert!(found(&report).is_empty(), "{ru}: {:?}", report.diagnostics);
        let wrong = read(&text(ru, "B+5"), None);
        assert_eq!(
            found(&wrong),
            [("result-mismatch", Severity::Warning, None)],
            "{ru}"
        );
    }
}

#[test]
fn validate_and_convert_take_the_rules_flag() {
    let triple = "tests/fixtures/go/rules/triple-ko-japanese.sgf";
    let (out, _, status) = qipu(&["validate", "--format", "json", triple]);
    assert_eq!(status, 0);
    assert!(out.contains("\"code\":\"repetition-allowed\""), "{out}");
    let (out, _, status) = qipu(&["validate", "--format", "json", "--rules", "chinese", triple]);
    assert_eq!(status, 1);
    assert!(out.contains("\"code\":\"ko\""), "{out}");

    let suicide = "tests/fixtures/go/rules/suicide-nz.sgf";
    let (nz, _, status) = qipu(&["convert", "--to", "json", suicide]);
    assert_eq!(status, 0);
    let json: serde_json::Value = serde_json::from_str(&nz).expect("one JSON line");
    assert_eq!(json["moves"][1]["point"], "aa");
    let (_, _, aga) = qipu(&["validate", "--format", "json", "--rules", "aga", suicide]);
    assert_eq!(aga, 1);
    let (_, _, bad) = qipu(&["validate", "--rules", "lasker", suicide]);
    assert_eq!(bad, 2);
}

/// The final position of a kept record: its setup, then its main line, on a board under the
/// rules it was read with.
/// The record's setup as written (`AB[..]AW[..]`), empty when it has none.
fn setup_text(record: &qipu::go::GoRecord) -> String {
    record
        .start
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default()
}

fn final_position(record: &qipu::go::GoRecord, rules: Rules) -> Board {
    let set = rules.rule_set();
    let size = record.tags.get("SZ").unwrap_or("19");
    let side: u32 = size.parse().expect("square board");
    let mut board = Board::new(side, side)
        .expect("size")
        .with_ko_rule(set.ko)
        .with_suicide_allowed(set.suicide);
    let start = setup_text(record);
    // `AB[..][..]AW[..]`: each bracketed point after AB is black, after AW white.
    let mut color = Color::Black;
    for part in start.split('[') {
        let (point, rest) = part.split_once(']').unwrap_or(("", part));
        if let Some(point) = Point::from_sgf(point) {
            board.set(point, Some(color)).expect("on the board");
        }
        if rest.ends_with("AW") {
            color = Color::White;
        }
    }
    for node in &record.moves {
        match node.mv.point {
            Some(point) => {
                board.play(node.mv.color, point).expect("replayed");
            }
            None => board.pass(node.mv.color),
        }
    }
    board
}

#[test]
fn sgfmill_reads_the_same_setup_moves_and_final_position() {
    let truth = std::fs::read_to_string(fixture("go/rules/sgfmill.jsonl")).expect("truth");
    let mut checked = 0;
    for line in truth.lines() {
        let expected: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        let file = expected["file"].as_str().expect("file");
        let path = ["repeated", "rules"]
            .iter()
            .map(|sub| fixture("go").join(sub).join(file))
            .find(|path| path.exists())
            .expect("fixture");
        let text = std::fs::read_to_string(&path).expect("fixture text");
        let report = read(&text, None);
        assert!(report.valid(), "{file}: {:?}", report.diagnostics);
        assert_eq!(
            u64::from(report.plies),
            expected["plies"].as_u64().expect("plies"),
            "{file}"
        );
        let Some(record) = report.kept::<qipu::go::GoRecord>() else {
            panic!("{file}: a Go record");
        };
        let start = setup_text(record);
        let black = start
            .split("AW")
            .next()
            .unwrap_or_default()
            .matches('[')
            .count();
        assert_eq!(
            black as u64,
            expected["setup_black"].as_u64().expect("setup"),
            "{file}"
        );
        let ru = record.tags.get("RU").unwrap_or_default();
        let rules = Rules::from_ru(ru).unwrap_or_default();
        assert_eq!(
            final_position(record, rules).to_string(),
            expected["final"].as_str().expect("final"),
            "{file}"
        );
        checked += 1;
    }
    assert_eq!(checked, 3);
}
