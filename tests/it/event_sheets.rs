//! What issue 19's event of hand-written scoresheets showed besides the slips themselves:
//! each a fixture of its own under tests/fixtures/event, in the shape the event had.

use crate::support::run::qipu;

/// The JSON report's diagnostics of `path`: (severity, code) of each.
fn diagnostics(path: &str) -> (Vec<(String, String)>, bool) {
    let (out, err, _) = qipu(&["validate", "--format", "json", path]);
    assert!(err.is_empty(), "{err}");
    let report: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON line");
    let found = report["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            (
                d["severity"].as_str().unwrap().to_string(),
                d["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (found, report["valid"].as_bool().unwrap())
}

#[test]
fn a_result_against_the_mate_on_the_board_is_an_error() {
    let (found, valid) = diagnostics("tests/fixtures/event/blue-mates-white-wins.txt");
    assert_eq!(found, [("error".into(), "result-mismatch".into())]);
    assert!(!valid);
    let (_, _, status) = qipu(&["validate", "tests/fixtures/event/blue-mates-white-wins.txt"]);
    assert_eq!(status, 1);
}

#[test]
fn a_draughts_result_against_the_loss_on_the_board_is_an_error() {
    let (found, valid) = diagnostics("tests/fixtures/event/draughts-no-pieces-wrong-result.pdn");
    assert_eq!(found, [("error".into(), "result-mismatch".into())]);
    assert!(!valid);
}

#[test]
fn one_skipped_move_number_is_one_warning() {
    let (out, _, status) = qipu(&[
        "validate",
        "--format",
        "json",
        "tests/fixtures/event/skipped-number.txt",
    ]);
    assert_eq!(status, 0);
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let diagnostics = report["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{out}");
    assert_eq!(diagnostics[0]["code"], "move-number");
    assert_eq!(diagnostics[0]["text"], "(4)");
    assert_eq!(diagnostics[0]["move_number"], 3);
}

/// Draughts does not check move numbers: a skip in them gives no cascade either.
#[test]
fn a_skipped_draughts_move_number_gives_no_cascade() {
    let (found, valid) = diagnostics("tests/fixtures/event/draughts-skipped-number.pdn");
    assert_eq!(found, []);
    assert!(valid);
}

/// The first diagnostic's message and help of `path` in `lang`.
fn first_words(path: &str, lang: &str) -> (String, String) {
    let (out, _, _) = qipu(&["validate", "--format", "json", "--lang", lang, path]);
    let report: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON line");
    let diagnostic = &report["diagnostics"][0];
    (
        diagnostic["message"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
        diagnostic["help"].as_str().unwrap_or_default().to_string(),
    )
}

#[test]
fn a_promotion_in_chess_words_is_named_as_the_rulebook_writes_it() {
    for (path, written) in [
        ("tests/fixtures/event/promotion-queen-word.txt", "后"),
        ("tests/fixtures/event/promotion-rise-word.txt", "升虎"),
    ] {
        let (message, help) = first_words(path, "en");
        assert!(message.contains(written), "{message}");
        assert!(help.starts_with("did you mean b7—b8变虎?"), "{help}");
        let (message, help) = first_words(path, "zh");
        assert!(message.contains(written), "{message}");
        assert!(help.starts_with("是否应为 b7—b8变虎？"), "{help}");
        let (_, help) = first_words(path, "zh-Hant");
        assert!(help.starts_with("是否應為 b7—b8變虎？"), "{help}");
    }
}

#[test]
fn the_numbering_help_names_the_game_type_of_the_records_rules() {
    let (_, help) = first_words("tests/fixtures/event/draughts-gametype-26.pdn", "en");
    assert!(help.contains("[GameType \"26,W,8,8,N0,0\"]"), "{help}");
    let (_, help) = first_words("tests/fixtures/event/draughts-gametype-26.pdn", "zh");
    assert!(help.contains("[GameType \"26,W,8,8,N0,0\"]"), "{help}");
}

#[test]
fn a_queen_is_named_by_the_side_that_owns_it() {
    let (message, help) = first_words("tests/fixtures/event/queen-blocked.txt", "en");
    assert!(
        message.starts_with("the tiger on d1 cannot move to d3"),
        "{message}"
    );
    assert!(help.starts_with("the tiger on d1 can go to"), "{help}");
    let (message, _) = first_words("tests/fixtures/event/lion-blocked.txt", "en");
    assert!(
        message.starts_with("the lion on d8 cannot move to d6"),
        "{message}"
    );
    let (message, _) = first_words("tests/fixtures/event/lion-blocked.txt", "zh");
    assert!(message.starts_with("d8 的狮不能走到 d6"), "{message}");
}
