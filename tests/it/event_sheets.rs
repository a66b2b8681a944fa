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
