//! `qipu fmt`: files rewritten in place in their own format as `convert` writes it;
//! `--check` and `--diff` change nothing and fail when something would change; a second
//! run changes nothing; what qipu cannot write whole is left as it is.

use std::path::{Path, PathBuf};

use crate::support::fixtures::root;
use crate::support::run::{qipu, qipu_in};

/// A fresh copy of `folders` (below the package root) in a temporary folder.
fn copy(name: &str, folders: &[&str]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qipu-fmt-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for folder in folders {
        copy_tree(&root().join(folder), &dir.join(folder));
    }
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            copy_tree(&path, &to.join(entry.file_name()));
        } else if path.extension().is_some_and(|e| e != "snap") {
            std::fs::copy(&path, to.join(entry.file_name())).unwrap();
        }
    }
}

/// Every file below `dir` with its bytes, in path order.
fn contents(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push((path.clone(), std::fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn check_and_diff_change_nothing_then_fmt_makes_check_pass() {
    let dir = copy("samples", &["samples", "tests/fixtures/select"]);
    let before = contents(&dir);
    let (listed, err, status) = qipu_in(&dir, &["fmt", "--check", "samples", "tests"]);
    assert_eq!(status, 1, "{err}");
    assert!(
        listed.lines().any(|l| l == "samples/go/utf8.sgf"),
        "{listed}"
    );
    assert!(err.contains("would be reformatted"), "{err}");
    let (diff, _, status) = qipu_in(&dir, &["fmt", "--diff", "samples/go/utf8.sgf"]);
    assert_eq!(status, 1);
    assert!(
        diff.starts_with("--- a/samples/go/utf8.sgf\n+++ b/samples/go/utf8.sgf\n@@ "),
        "{diff}"
    );
    assert!(
        diff.lines()
            .any(|l| l.starts_with("+(;FF[4]CA[UTF-8]GM[1]")),
        "{diff}"
    );
    assert_eq!(contents(&dir), before, "--check and --diff wrote nothing");

    let (_, err, status) = qipu_in(&dir, &["fmt", "samples", "tests"]);
    assert_eq!(status, 0, "{err}");
    let changed = listed.lines().count();
    assert!(err.contains(&format!(": {changed} reformatted,")), "{err}");
    let formatted = contents(&dir);
    // Each file is now what `convert` writes of the original in the file's own format.
    for (path, bytes) in &formatted {
        let original = root().join(path.strip_prefix(&dir).unwrap());
        let to = match path.extension().and_then(|e| e.to_str()) {
            Some("txt") => "text",
            Some(other) => other,
            None => continue,
        };
        let (converted, _, _) = qipu(&["convert", "--to", to, original.to_str().unwrap()]);
        assert_eq!(
            String::from_utf8_lossy(bytes),
            converted,
            "{}",
            path.display()
        );
    }
    // A second run has nothing left to do: formatting is a fixed point.
    let (listed, err, status) = qipu_in(&dir, &["fmt", "--check", "samples", "tests"]);
    assert_eq!((status, listed.as_str()), (0, ""), "{err}");
    let (_, _, status) = qipu_in(&dir, &["fmt", "samples", "tests"]);
    assert_eq!(status, 0);
    assert_eq!(contents(&dir), formatted);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn what_qipu_cannot_write_whole_is_left_as_it_is() {
    let dir = copy("left", &["tests/fixtures/go/formats"]);
    // A server archive has no writer of its own kind; a PGN game of chess is not a Shatar
    // record qipu can write back.
    std::fs::write(dir.join("not-a-record.pgn"), "just some words, no game\n").unwrap();
    let before = contents(&dir);
    let (_, err, status) = qipu_in(&dir, &["fmt", "."]);
    assert!(status <= 1, "{err}");
    assert!(
        err.contains("tygem-utf8.gib: left as it is: qipu writes no file of this kind"),
        "{err}"
    );
    for (path, bytes) in contents(&dir) {
        if path.extension().is_some_and(|e| e != "sgf") {
            let kept = before.iter().find(|(p, _)| *p == path).map(|(_, b)| b);
            assert_eq!(kept, Some(&bytes), "{}", path.display());
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn standard_input_and_missing_paths_are_refused() {
    let (_, err, status) = qipu(&["fmt", "-"]);
    assert_eq!(status, 2);
    assert!(
        err.contains("formats files in place, not standard input"),
        "{err}"
    );
    let (_, err, status) = qipu(&["fmt", "no/such/file.sgf"]);
    assert_eq!(status, 2);
    assert!(
        err.contains("cannot read no/such/file.sgf: no such file or directory"),
        "{err}"
    );
}
