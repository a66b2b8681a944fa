//! The command-line contract: exit statuses, inputs (files, folders, stdin), JSON
//! Lines shape, a bad file not stopping the run, and a closed pipe.

use std::process::Stdio;

use crate::support::run::{command, qipu, qipu_with_input};

#[test]
fn exit_status_zero_when_every_record_is_valid() {
    let (out, _, status) = qipu(&[
        "validate",
        "--format",
        "json",
        "samples/shatar/rulebook-corrected.txt",
    ]);
    assert_eq!(status, 0);
    let record: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(record["valid"], true);
    assert_eq!(record["plies"], 13);
    assert_eq!(record["game"], "shatar");
    assert_eq!(record["encoding"], "UTF-8");
    assert_eq!(record["index"], 0);
    assert_eq!(record["diagnostics"], serde_json::json!([]));
}

#[test]
fn exit_status_one_when_a_record_is_invalid() {
    let (out, _, status) = qipu(&[
        "validate",
        "--format",
        "json",
        "samples/shatar/rulebook-corrected.txt",
        "samples/shatar/rulebook-full.txt",
    ]);
    assert_eq!(status, 1);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[1]["valid"], false);
    let diagnostic = &lines[1]["diagnostics"][0];
    for key in [
        "severity",
        "code",
        "ply",
        "move_number",
        "side",
        "line",
        "column",
        "text",
        "message",
        "help",
    ] {
        assert!(diagnostic.get(key).is_some(), "missing {key}");
    }
}

#[test]
fn missing_file_is_reported_and_the_run_goes_on() {
    let (out, err, status) = qipu(&[
        "validate",
        "--format",
        "json",
        "no/such/file.pgn",
        "samples/shatar/rulebook-corrected.txt",
    ]);
    assert_eq!(status, 2);
    assert!(err.contains("no/such/file.pgn"), "{err}");
    // The unreadable file has its own object, so that a pipeline sees it.
    assert_eq!(out.lines().count(), 2);
    let unreadable: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(unreadable["source"], "no/such/file.pgn");
    assert_eq!(unreadable["valid"], false);
    assert_eq!(unreadable["encoding"], serde_json::Value::Null);
    assert_eq!(unreadable["diagnostics"][0]["code"], "io-error");
}

#[test]
fn usage_errors_exit_with_two() {
    let (_, _, status) = qipu(&["validate", "--format", "xml", "x"]);
    assert_eq!(status, 2);
    let (_, _, status) = qipu(&["frobnicate"]);
    assert_eq!(status, 2);
    let (_, err, status) = qipu(&[
        "validate",
        "--encoding",
        "klingon",
        "samples/shatar/big5.txt",
    ]);
    assert_eq!(status, 2);
    assert!(err.contains("klingon"));
}

#[test]
fn folders_are_read_recursively_in_sorted_order() {
    let (out, _, _) = qipu(&["validate", "--format", "json", "samples/shatar"]);
    let sources: Vec<String> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["source"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let files: std::collections::BTreeSet<&String> = sources.iter().collect();
    let count = std::fs::read_dir("samples/shatar").unwrap().count();
    assert_eq!(files.len(), count);
    let mut sorted = sources.clone();
    sorted.sort();
    assert_eq!(sources, sorted);
}

#[test]
fn standard_input_is_read_with_a_dash() {
    let (out, _, status) = qipu_with_input(
        &["validate", "--format", "json", "-"],
        "白方：甲 蓝方：乙\n(1)e2—e4,e7—e5; (2)马g1—f3,马b8—c6;".as_bytes(),
    );
    assert_eq!(status, 0);
    let record: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(record["source"], "<stdin>");
    assert_eq!(record["plies"], 4);
}

#[test]
fn legacy_encodings_are_detected_and_reported() {
    let (out, _, status) = qipu(&[
        "validate",
        "--format",
        "json",
        "samples/shatar/gb18030.txt",
        "samples/shatar/big5.txt",
    ]);
    assert_eq!(status, 0);
    let encodings: Vec<String> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["encoding"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(encodings, ["GB18030", "Big5"]);
}

#[test]
fn undecodable_bytes_are_a_warning_with_a_position() {
    let dir = std::env::temp_dir().join(format!("qipu-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.txt");
    std::fs::write(
        &path,
        b"White: A\xff  Blue: B\n(1)e2-e4,e7-e5; (2)Ng1-f3,Nb8-c6;\n",
    )
    .unwrap();
    let (out, _, status) = qipu(&[
        "validate",
        "--format",
        "json",
        "--encoding",
        "utf-8",
        path.to_str().unwrap(),
    ]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(status, 0, "{out}");
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let warning = &record["diagnostics"][0];
    assert_eq!(warning["code"], "bad-encoding");
    assert_eq!(warning["severity"], "warning");
    assert_eq!(warning["line"], 1);
    assert_eq!(warning["column"], 9);
}

#[test]
fn convert_writes_every_record_and_reports_the_invalid_ones() {
    let (out, err, status) = qipu(&["convert", "--to", "pgn", "samples/shatar/collection.pgn"]);
    assert_eq!(status, 1);
    assert_eq!(out.matches("[Variant \"Shatar\"]").count(), 4);
    assert!(out.contains("{unreplayed: 3. Nd2 e6}"), "{out}");
    assert!(err.contains("ambiguous-move"), "{err}");
    assert!(
        err.contains("qipu: convert: 1 file: 4 records written (1 with errors), 0 skipped"),
        "{err}"
    );
    let (out, _, status) = qipu(&[
        "convert",
        "--to",
        "pgn",
        "--valid-only",
        "samples/shatar/collection.pgn",
    ]);
    assert_eq!(status, 1);
    assert_eq!(out.matches("[Variant \"Shatar\"]").count(), 3);
    let (_, err, status) = qipu(&[
        "convert",
        "--to",
        "sgf",
        "samples/shatar/rulebook-corrected.txt",
    ]);
    assert_eq!(status, 2);
    assert!(err.contains("cannot be written as sgf"), "{err}");
}

#[test]
fn convert_to_a_file() {
    let dir = std::env::temp_dir().join(format!("qipu-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("out.pgn");
    let (_, _, status) = qipu(&[
        "convert",
        "--to",
        "pgn",
        "-o",
        path.to_str().unwrap(),
        "samples/shatar/rulebook-corrected.txt",
    ]);
    let written = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(status, 0);
    assert!(written.ends_with("7. Nd5#\n1-0\n"), "{written}");
}

#[test]
fn closed_pipe_ends_quietly() {
    let mut child = command()
        .args([
            "validate",
            "--format",
            "json",
            "tests/fixtures/shatar/random_games.pgn",
            "tests/fixtures/shatar/random_full_latin.txt",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_ne!(output.status.code(), Some(101), "panicked");
}
