//! The `qipu` binary on Go records: snapshots of `validate --format json` and of
//! `convert --to sgf|json` over the samples, exit statuses, standard input, folders.

use crate::support::fixtures::sample;
use crate::support::run::{qipu, qipu_with_input};
use crate::support::snapshot::snapshot_name;

/// Sample files, relative to the package root, sorted.
fn samples() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(sample("go"))
        .expect("samples folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".sgf"))
        .collect();
    names.sort();
    names
}

#[test]
fn validate_json_snapshots() {
    for sample in samples() {
        let path = format!("samples/go/{sample}");
        let (out, _, status) = qipu(&["validate", "--format", "json", &path]);
        assert_eq!(status, 0, "{sample}");
        insta::assert_snapshot!(snapshot_name("validate_json", &sample), out);
    }
}

#[test]
fn convert_snapshots() {
    for sample in samples() {
        let path = format!("samples/go/{sample}");
        for to in ["sgf", "json"] {
            let (text, _, status) = qipu(&["convert", "--to", to, &path]);
            assert_eq!(status, 0, "{sample} to {to}");
            insta::assert_snapshot!(snapshot_name(&format!("convert_{to}"), &sample), text);
            if to == "sgf" {
                let (again, _, _) =
                    qipu_with_input(&["convert", "--to", "sgf", "-"], text.as_bytes());
                assert_eq!(again, text, "{sample}: converting again");
            }
        }
    }
}

#[test]
fn exit_statuses() {
    let (_, _, valid) = qipu(&["validate", "--format", "json", "samples/go/utf8.sgf"]);
    assert_eq!(valid, 0);
    let (invalid, _, status) = qipu(&[
        "validate",
        "--format",
        "json",
        "tests/fixtures/go/corrupted/001-ko.sgf",
    ]);
    assert_eq!(status, 1);
    assert!(invalid.contains(r#""code":"ko""#));
    let (_, _, missing) = qipu(&[
        "validate",
        "--format",
        "json",
        "samples/go/no-such-file.sgf",
    ]);
    assert_eq!(missing, 2);
    let (_, _, usage) = qipu(&["validate", "--format", "yaml", "samples/go/utf8.sgf"]);
    assert_eq!(usage, 2);
    // A bad file does not stop the run: the valid file after it is still reported.
    let (both, _, status) = qipu(&[
        "validate",
        "--format",
        "json",
        "samples/go/no-such-file.sgf",
        "samples/go/utf8.sgf",
    ]);
    assert_eq!(status, 2);
    // The missing file has an io-error object of its own.
    assert_eq!(both.lines().count(), 2);
    assert!(both.contains(r#""code":"io-error""#));
}

#[test]
fn standard_input_is_read_with_a_dash() {
    let (out, _, status) = qipu_with_input(
        &["validate", "--format", "json", "-"],
        b"(;GM[1]SZ[9];B[ee];W[ee])",
    );
    assert_eq!(status, 1);
    let line: serde_json::Value = serde_json::from_str(&out).expect("JSON line");
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
    let (out, _, status) = qipu(&["validate", "--format", "json", "tests/fixtures/go"]);
    assert_eq!(status, 1);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    // Every Go file below the folder (SGF, GIB, NGF, UGF, UGI) is one record; exactly the
    // corrupted ones and the file cut inside a value fail.
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
    let (samples, _, status) = qipu(&["validate", "--format", "json", "samples/go"]);
    assert_eq!(status, 0);
    assert_eq!(samples.lines().count(), 8);
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
            } else if path
                .extension()
                .is_some_and(|e| ["sgf", "gib", "ngf", "ugf", "ugi"].iter().any(|x| e == *x))
            {
                files.push(path.display().to_string());
            }
        }
    }
    files
}
