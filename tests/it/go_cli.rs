//! The `qipu` binary on Go records: snapshots of `validate --format json` and of
//! `convert --to sgf|json` over the samples, exit statuses, standard input, folders.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs `qipu` in the package root (so sources in the output are relative paths).
fn qipu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qipu"))
        .args(args)
        .current_dir(ROOT)
        .output()
        .expect("qipu runs")
}

fn qipu_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qipu"))
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qipu starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("input written");
    child.wait_with_output().expect("qipu ends")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// Sample files, relative to the package root, sorted.
fn samples() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(Path::new(ROOT).join("samples/go"))
        .expect("samples folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".sgf"))
        .collect();
    names.sort();
    names
}

fn snapshot_name(kind: &str, sample: &str) -> String {
    format!("{kind}__{}", sample.trim_end_matches(".sgf"))
}

#[test]
fn validate_json_snapshots() {
    for sample in samples() {
        let path = format!("samples/go/{sample}");
        let output = qipu(&["validate", "--format", "json", &path]);
        assert_eq!(output.status.code(), Some(0), "{sample}");
        insta::assert_snapshot!(snapshot_name("validate", &sample), stdout(&output));
    }
}

#[test]
fn convert_snapshots() {
    for sample in samples() {
        let path = format!("samples/go/{sample}");
        for to in ["sgf", "json"] {
            let output = qipu(&["convert", "--to", to, &path]);
            assert_eq!(output.status.code(), Some(0), "{sample} to {to}");
            let text = stdout(&output);
            insta::assert_snapshot!(snapshot_name(&format!("convert_{to}"), &sample), text);
            if to == "sgf" {
                let again = qipu_stdin(&["convert", "--to", "sgf", "-"], text.as_bytes());
                assert_eq!(stdout(&again), text, "{sample}: converting again");
            }
        }
    }
}

#[test]
fn exit_statuses() {
    let valid = qipu(&["validate", "--format", "json", "samples/go/utf8.sgf"]);
    assert_eq!(valid.status.code(), Some(0));
    let invalid = qipu(&[
        "validate",
        "--format",
        "json",
        "tests/fixtures/go/corrupted/001-ko.sgf",
    ]);
    assert_eq!(invalid.status.code(), Some(1));
    assert!(stdout(&invalid).contains(r#""code":"ko""#));
    let missing = qipu(&[
        "validate",
        "--format",
        "json",
        "samples/go/no-such-file.sgf",
    ]);
    assert_eq!(missing.status.code(), Some(2));
    let usage = qipu(&["validate", "--format", "yaml", "samples/go/utf8.sgf"]);
    assert_eq!(usage.status.code(), Some(2));
    // A bad file does not stop the run: the valid file after it is still reported.
    let both = qipu(&[
        "validate",
        "--format",
        "json",
        "samples/go/no-such-file.sgf",
        "samples/go/utf8.sgf",
    ]);
    assert_eq!(both.status.code(), Some(2));
    // The missing file has an io-error object of its own.
    assert_eq!(stdout(&both).lines().count(), 2);
    assert!(stdout(&both).contains(r#""code":"io-error""#));
}

#[test]
fn standard_input_is_read_with_a_dash() {
    let output = qipu_stdin(
        &["validate", "--format", "json", "-"],
        b"(;GM[1]SZ[9];B[ee];W[ee])",
    );
    assert_eq!(output.status.code(), Some(1));
    let line: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("JSON line");
    assert_eq!(line["source"], "<stdin>");
    assert_eq!(line["game"], "go");
    assert_eq!(line["plies"], 1);
    let diagnostic = &line["diagnostics"][0];
    assert_eq!(diagnostic["code"], "occupied-point");
    assert_eq!(diagnostic["ply"], 2);
    assert_eq!(diagnostic["side"], "white");
    assert_eq!(diagnostic["line"], 1);
    assert_eq!(diagnostic["column"], 20);
    assert_eq!(diagnostic["text"], "W[ee]");
}

#[test]
fn folders_are_read_recursively() {
    let output = qipu(&["validate", "--format", "json", "tests/fixtures/go"]);
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    // Every SGF file below the folder is one record; exactly the corrupted ones and the
    // file cut inside a value fail.
    let files = sgf_files("tests/fixtures/go");
    assert_eq!(lines.len(), files.len());
    let invalid = lines.iter().filter(|l| l["valid"] == false).count();
    let broken = files
        .iter()
        .filter(|f| f.contains("corrupted") || f.ends_with("cut-in-value.sgf"))
        .count();
    assert_eq!(invalid, broken);
    // Sorted walk: the corrupted folder comes before the random one.
    let first = |folder: &str| {
        lines.iter().position(|l| {
            l["source"]
                .as_str()
                .is_some_and(|s| s.contains(&format!("/{folder}/")))
        })
    };
    assert!(first("corrupted").expect("corrupted") < first("random").expect("random"));
    let samples = qipu(&["validate", "--format", "json", "samples/go"]);
    assert_eq!(samples.status.code(), Some(0));
    assert_eq!(stdout(&samples).lines().count(), 8);
}

/// The SGF files below `root`, found with an explicit stack.
fn sgf_files(root: &str) -> Vec<String> {
    let mut files = Vec::new();
    let mut pending = vec![std::path::PathBuf::from(root)];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "sgf") {
                files.push(path.display().to_string());
            }
        }
    }
    files
}
