//! What an archivist runs: convert keeps every record and never destroys an input,
//! converts folders file by file, names what a format cannot carry, and validate closes
//! with a summary. Every fixture is written by the test into a folder of its own.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::run::{command, qipu, qipu_in};

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qipu-convert-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

const GO: &str = "(;GM[1]FF[4]SZ[9]PB[Kim]PW[Lee];B[ee];W[cc];B[gg])\n";
const GO_ILLEGAL: &str = "(;GM[1]FF[4]SZ[9];B[ee];W[ee];B[cc])\n";
const SHATAR_ERROR: &str = "[Event \"Club\"]\n[Round \"4\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[Variant \"Shatar\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Ke3 {a king walk} Nf6 4. Nc3 *\n";

#[test]
fn output_onto_its_own_input_normalises_it() {
    let dir = scratch("onto-input");
    write(&dir, "x.sgf", GO);
    let (_, err, status) = qipu_in(&dir, &["convert", "--to", "sgf", "x.sgf", "-o", "x.sgf"]);
    assert_eq!(status, 0, "{err}");
    let written = read(&dir, "x.sgf");
    assert!(
        written.contains("B[ee]") && written.contains("PB[Kim]"),
        "{written}"
    );
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
}

#[test]
fn output_inside_a_walked_folder_is_not_read_back() {
    let dir = scratch("inside-walk");
    write(&dir, "games/a.sgf", GO);
    write(&dir, "games/b.sgf", GO);
    for _ in 0..2 {
        let (_, err, status) = qipu_in(
            &dir,
            &["convert", "--to", "sgf", "games", "-o", "games/all.sgf"],
        );
        assert_eq!(status, 0, "{err}");
        assert!(err.contains("2 files: 2 records written"), "{err}");
    }
    assert_eq!(read(&dir, "games/all.sgf").matches("(;").count(), 2);
}

#[test]
fn output_dir_mirrors_the_tree_with_the_target_extension() {
    let dir = scratch("output-dir");
    write(&dir, "in/a.pgn", SHATAR_ERROR);
    write(
        &dir,
        "in/deep/er/b.txt",
        "白方：甲 蓝方：乙\n(1)e2—e4,e7—e5; (2)Ng1—f3,Nb8—c6;\n",
    );
    let (_, err, status) = qipu_in(
        &dir,
        &["convert", "--to", "pgn", "in", "--output-dir", "out"],
    );
    assert_eq!(status, 1, "{err}");
    assert!(
        read(&dir, "out/a.pgn").contains("; unreplayed: 3. Ke3 {a king walk} Nf6 4. Nc3\n"),
        "{err}"
    );
    assert!(read(&dir, "out/deep/er/b.pgn").contains("[White \"甲\"]"));
    // The output folder below the input folder is never read as input.
    let (_, err, _) = qipu_in(
        &dir,
        &["convert", "--to", "pgn", ".", "--output-dir", "out"],
    );
    assert!(err.contains("2 files: 2 records written"), "{err}");
}

#[test]
fn in_place_rewrites_files_where_they_are_and_never_loses_a_record() {
    let dir = scratch("in-place");
    write(&dir, "a.sgf", "(;GM[1]FF[4]SZ[9]\n  ;B[ee]\n  ;W[cc])\n");
    write(&dir, "b.pgn", SHATAR_ERROR);
    write(&dir, "c.sgf", "");
    let (_, err, status) = qipu_in(
        &dir,
        &[
            "convert",
            "--to",
            "sgf",
            "--in-place",
            "a.sgf",
            "b.pgn",
            "c.sgf",
        ],
    );
    assert_eq!(status, 2, "{err}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // A rewritten file keeps the permissions it had.
        let path = dir.join("a.sgf");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        let (_, err, _) = qipu_in(&dir, &["convert", "--to", "sgf", "--in-place", "a.sgf"]);
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{err}");
    }
    assert!(
        read(&dir, "a.sgf").starts_with("(;FF[4]"),
        "{}",
        read(&dir, "a.sgf")
    );
    // A PGN file is not filled with SGF under its old name.
    assert!(err.contains("b.pgn: --in-place would write sgf"), "{err}");
    assert_eq!(read(&dir, "b.pgn"), SHATAR_ERROR);
    // A file with a record that cannot be written stays as it was.
    assert!(err.contains("c.sgf: left unchanged"), "{err}");
    assert_eq!(read(&dir, "c.sgf"), "");
}

#[test]
fn convert_keeps_records_with_errors_unless_valid_only() {
    let dir = scratch("keeps-invalid");
    write(&dir, "go.sgf", GO_ILLEGAL);
    write(&dir, "shatar.pgn", SHATAR_ERROR);
    let (out, err, status) = qipu_in(&dir, &["convert", "--to", "sgf", "go.sgf"]);
    assert_eq!(status, 1, "{err}");
    assert!(
        out.contains("W[ee]") && out.contains("B[cc]"),
        "every node kept: {out}"
    );
    assert!(err.contains("occupied-point"), "{err}");
    assert!(
        err.contains("1 record written (1 with errors), 0 skipped"),
        "{err}"
    );
    let (out, err, status) = qipu_in(&dir, &["convert", "--to", "sgf", "--valid-only", "go.sgf"]);
    assert_eq!(status, 1);
    assert_eq!(out, "");
    assert!(
        err.contains("0 records written (0 with errors), 1 skipped"),
        "{err}"
    );

    let (first, _, status) = qipu_in(&dir, &["convert", "--to", "pgn", "shatar.pgn"]);
    assert_eq!(status, 1);
    // The rest holds a `}`, which a PGN brace comment cannot: a rest-of-line comment.
    assert!(
        first.contains("2. Nf3 Nc6 ; unreplayed: 3. Ke3 {a king walk} Nf6 4. Nc3\n*"),
        "{first}"
    );
    // Read back, the record is the same moves with the rest in a comment, and a second
    // conversion gives the same bytes.
    write(&dir, "again.pgn", &first);
    let (second, err, status) = qipu_in(&dir, &["convert", "--to", "pgn", "again.pgn"]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(second, first);
    let (json, _, _) = qipu_in(&dir, &["convert", "--to", "json", "shatar.pgn"]);
    let record: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(record["moves"].as_array().unwrap().len(), 4);
    assert_eq!(record["unreplayed"], "3. Ke3 {a king walk} Nf6 4. Nc3");
}

#[test]
fn the_text_form_carries_the_unreplayed_rest_and_names_what_it_leaves_out() {
    let dir = scratch("text-form");
    write(&dir, "shatar.pgn", SHATAR_ERROR);
    let (first, err, status) = qipu_in(&dir, &["convert", "--to", "text", "shatar.pgn"]);
    assert_eq!(status, 1);
    assert!(
        first.contains("(2)Ng1—f3,Nb8—c6 （unreplayed: 3. Ke3 {a king walk} Nf6 4. Nc3）;"),
        "{first}"
    );
    assert!(
        err.contains("note[left-out]: text has no place for the Event tag, the Round tag"),
        "{err}"
    );
    assert!(err.contains("shatar.pgn: record 1"), "{err}");
    write(&dir, "again.txt", &first);
    let (second, _, status) = qipu_in(&dir, &["convert", "--to", "text", "again.txt"]);
    assert_eq!(status, 0);
    assert_eq!(second, first);
}

#[test]
fn chess_is_named_once_and_its_variant_kept() {
    let dir = scratch("chess");
    let chess = "[Event \"Casual\"]\n[Result \"1-0\"]\n[Variant \"Standard\"]\n\n1. e4 c5 2. Nf3 d6 1-0\n\n\
                 [Event \"Casual\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Bc5 1-0\n\n\
                 [Event \"Casual\"]\n[Result \"*\"]\n\n1. Nf3 d5 2. g3 *\n";
    write(&dir, "chess.pgn", chess);
    let (out, _, status) = qipu_in(&dir, &["validate", "--format", "json", "chess.pgn"]);
    assert_eq!(status, 1);
    for line in out.lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let codes: Vec<&str> = record["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].as_str().unwrap())
            .collect();
        assert_eq!(codes, ["other-game"], "{line}");
    }
    // One field, one meaning: `variant` is what the record is, in validate and convert.
    write(
        &dir,
        "variants.pgn",
        &format!(
            "{chess}\n[Variant \"Crazyhouse\"]\n\n1. e4 e5 *\n\n[Event \"Shatar\"]\n\n1. e4 e5 *\n"
        ),
    );
    let variants = |args: &[&str]| -> Vec<serde_json::Value> {
        let (out, _, _) = qipu_in(&dir, args);
        out.lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["variant"].clone())
            .collect()
    };
    let validated = variants(&["validate", "--format", "json", "variants.pgn"]);
    let converted = variants(&["convert", "--to", "json", "variants.pgn"]);
    let want = ["chess", "chess", "chess", "other"].map(serde_json::Value::from);
    assert_eq!(validated[..4], want);
    assert_eq!(
        validated[4],
        serde_json::Value::Null,
        "a Shatar game has none"
    );
    assert_eq!(converted, validated);
    let (pgn, _, _) = qipu_in(&dir, &["convert", "--to", "pgn", "chess.pgn"]);
    assert!(pgn.contains("[Variant \"Standard\"]"), "{pgn}");
    assert!(!pgn.contains("[Variant \"Shatar\"]"), "{pgn}");
    assert!(
        pgn.contains("{unreplayed: 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Bc5} 1-0"),
        "{pgn}"
    );
    // A game tagged Shatar is checked as Shatar, slips and all.
    write(&dir, "tagged.pgn", "[Variant \"Shatar\"]\n\n1. Nf3 d5 *\n");
    let (out, _, _) = qipu_in(&dir, &["validate", "--format", "json", "tagged.pgn"]);
    assert!(out.contains("bad-first-move"), "{out}");
}

#[test]
fn empty_binary_and_unreadable_files_are_named() {
    let dir = scratch("not-records");
    write(&dir, "empty.sgf", "  \n");
    std::fs::write(
        dir.join("binary.pgn"),
        b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x03\x00>\x00",
    )
    .unwrap();
    let (out, _, status) = qipu_in(
        &dir,
        &[
            "validate",
            "--format",
            "json",
            "empty.sgf",
            "binary.pgn",
            "missing.pdn",
        ],
    );
    assert_eq!(status, 2);
    let codes: Vec<String> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["diagnostics"][0]["code"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(codes, ["empty-file", "binary-file", "io-error"]);
}

#[test]
fn walked_text_files_that_are_no_records_are_skipped_with_a_note() {
    let dir = scratch("walked-text");
    write(
        &dir,
        "games/README.txt",
        "Games of the 2008 club season, kept by the secretary.\n",
    );
    write(&dir, "games/a.sgf", GO);
    let (out, _, status) = qipu_in(&dir, &["validate", "--format", "human", "games"]);
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("note[not-a-record-file]"), "{out}");
    assert!(
        out.contains("summary: 2 files, 1 record: 1 valid, 0 invalid, 1 file skipped"),
        "{out}"
    );
    // Named on the command line, it is read, and what it is not is an error.
    let (out, _, status) = qipu_in(&dir, &["validate", "--format", "json", "games/README.txt"]);
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("unknown-game"), "{out}");
}

#[test]
fn quiet_deny_warnings_and_the_summary() {
    let dir = scratch("quiet");
    write(
        &dir,
        "warned.txt",
        "White: A  Blue: B\n1. e4 e5 2. Nf3+ Nc6 *\n",
    );
    write(&dir, "bad.sgf", GO_ILLEGAL);
    write(&dir, "good.sgf", GO);
    let (out, _, status) = qipu_in(&dir, &["validate", "--format", "human", "warned.txt"]);
    assert_eq!(status, 0);
    assert!(out.contains("warning[check-marker]"), "{out}");
    let (_, _, status) = qipu_in(
        &dir,
        &[
            "validate",
            "--format",
            "human",
            "--deny",
            "warnings",
            "warned.txt",
        ],
    );
    assert_eq!(status, 1);
    let (out, _, status) = qipu_in(&dir, &["validate", "--quiet", "--format", "human", "."]);
    assert_eq!(status, 1);
    assert!(!out.contains("warning["), "{out}");
    assert!(out.contains("error[occupied-point]"), "{out}");
    assert!(!out.contains(": record 0"), "{out}");
    assert_eq!(
        out.lines().last().unwrap(),
        "summary: 3 files, 3 records: 2 valid, 1 invalid; 1 error (occupied-point 1), 1 warning"
    );
    // JSON stays one object per record; --quiet keeps the invalid ones.
    let (out, _, _) = qipu_in(&dir, &["validate", "--quiet", "--format", "json", "."]);
    assert_eq!(out.lines().count(), 1);
    assert!(out.contains("\"source\":\"./bad.sgf\""), "{out}");
}

#[test]
fn diagnostics_on_a_long_line_show_a_window_and_the_true_column() {
    let dir = scratch("long-line");
    let mut line = String::from("e4 e5");
    for _ in 0..500 {
        line.push_str(" Nf3+ Nf6+ Ng1+ Ng8+");
    }
    write(&dir, "long.txt", &format!("White: A  Blue: B\n{line} *\n"));
    let (out, _, _) = qipu_in(&dir, &["validate", "--format", "human", "long.txt"]);
    assert_eq!(out.matches("warning[check-marker]").count(), 2000);
    // The 1000th marked move starts at character 7 + 999 × 5 of its line.
    assert!(out.contains(" --> long.txt:2:5002\n"), "{}", &out[..2000]);
    let widest = out.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(widest < 300, "a line of {widest} characters");
}

#[cfg(unix)]
#[test]
fn fifos_neither_block_a_walk_nor_a_named_read() {
    let dir = scratch("fifo");
    write(&dir, "games/a.sgf", GO);
    let made = Command::new("mkfifo")
        .arg(dir.join("games/b.sgf"))
        .status()
        .unwrap();
    assert!(made.success());
    // Walked: only regular files are read.
    let (out, _, status) = qipu_in(&dir, &["validate", "--format", "json", "games"]);
    assert_eq!(status, 0);
    assert_eq!(out.lines().count(), 1, "{out}");
    // Named, with no writer: read as it is (nothing), not waited on forever.
    let (out, _, status) = qipu_in(&dir, &["validate", "--format", "json", "games/b.sgf"]);
    assert_eq!(status, 1);
    assert!(out.contains("\"valid\":false"), "{out}");
}

#[test]
fn free_text_is_no_shatar_record() {
    let dir = scratch("junk");
    for (name, text) in [("hello.pgn", "hello\n"), ("place.txt", "突泉县\n")] {
        write(&dir, name, text);
        let (out, _, status) = qipu_in(
            &dir,
            &["validate", "--format", "json", "--game", "shatar", name],
        );
        assert_eq!(status, 1, "{out}");
        assert!(out.contains("\"code\":\"no-records\""), "{out}");
    }
}

#[test]
fn header_values_that_would_read_back_otherwise_are_left_out_of_the_text_form() {
    let dir = scratch("text-headers");
    let pgn = "[Site \"9蓝方：\"]\n[White \"A 蓝方：C\"]\n[Black \"B\"]\n[Date \"2007.05.01\"]\n\
               [Variant \"Shatar\"]\n\n1. e4 e5 *\n";
    write(&dir, "s.pgn", pgn);
    let (first, err, status) = qipu_in(&dir, &["convert", "--to", "text", "s.pgn"]);
    assert_eq!(status, 0, "{err}");
    assert!(
        first.starts_with("白方：? 蓝方：B\n2007年5月1日 9蓝方：\n"),
        "{first}"
    );
    assert!(err.contains("text has no place for the White tag"), "{err}");
    write(&dir, "again.txt", &first);
    let (second, _, _) = qipu_in(&dir, &["convert", "--to", "text", "again.txt"]);
    assert_eq!(second, first);
}

#[cfg(unix)]
#[test]
fn endless_inputs_stop_with_a_diagnostic() {
    // A device of NULs is binary from its first bytes.
    let (out, _, status) = qipu(&[
        "validate",
        "--format",
        "json",
        "--game",
        "shatar",
        "/dev/zero",
    ]);
    assert_eq!(status, 1);
    assert!(out.contains("\"code\":\"binary-file\""), "{out}");
    // Text without a record boundary stops at the size limit.
    let mut child = command()
        .args([
            "validate",
            "--format",
            "json",
            "--game",
            "shatar",
            "--max-record-size",
            "2M",
            "-",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let line = "e4 e5 Nf3 Nc6 Bc4 Bc5 ".repeat(1000);
        // Written until qipu stops reading (a broken pipe), at most 64 MB.
        for _ in 0..3000 {
            if stdin.write_all(line.as_bytes()).is_err() {
                break;
            }
        }
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(1), "{out}");
    assert!(out.contains("\"code\":\"record-too-large\""), "{out}");
    let (_, err, status) = qipu(&["validate", "--max-record-size", "0", "-"]);
    assert_eq!(status, 2, "{err}");
}

#[test]
fn variations_that_cannot_be_replayed_are_kept_as_written() {
    let dir = scratch("variations");
    write(
        &dir,
        "v.pgn",
        "[Variant \"Shatar\"]\n\n1. e4 e5 (1... Kd7?? 2. Nf3) 2. Nf3 (2. Nc3 Nc6 3. Ke3 Nf6) Nc6 ( ) *\n",
    );
    let (first, err, status) = qipu_in(&dir, &["convert", "--to", "pgn", "v.pgn"]);
    assert_eq!(status, 1, "{err}");
    // A variation whose first move fails rides on the move it replaces; one that fails
    // later keeps its replayed moves and the rest; an empty one has nothing to keep.
    let folded = first.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        folded.contains("e5 {unreplayed variation: (Kd7?? 2. Nf3)} 2. Nf3"),
        "{first}"
    );
    assert!(
        folded.contains("(2. Nc3 Nc6 {unreplayed: 3. Ke3 Nf6}) 2... Nc6"),
        "{first}"
    );
    assert!(!first.contains("( )") && !first.contains("()"), "{first}");
    write(&dir, "again.pgn", &first);
    let (second, _, status) = qipu_in(&dir, &["convert", "--to", "pgn", "again.pgn"]);
    assert_eq!(status, 0);
    assert_eq!(second, first);
}

#[test]
fn control_characters_are_written_as_their_pictures_and_named() {
    let dir = scratch("controls");
    // Few enough among other text to be read as text (one byte in a hundred at most).
    let site = "a long way from home ".repeat(30);
    let pdn = format!(
        "[Event \"a\x01b\x1b\"]\n[Site \"{site}\"]\n[White \"\x00\x00\x00\"]\n\n1. c3-d4 {{x\x7f}} *\n"
    );
    write(&dir, "d.pdn", &pdn);
    let (first, err, status) = qipu_in(&dir, &["convert", "--to", "pdn", "d.pdn"]);
    assert_eq!(status, 0, "{err}");
    assert!(first.contains("[Event \"a␁b␛\"]\n"), "{first}");
    assert!(first.contains("[White \"␀␀␀\"]\n"), "{first}");
    assert!(first.contains("{x␡}"), "{first}");
    assert!(
        err.contains(
            "note[left-out]: pdn has no place for control characters (each written as a \
             symbol such as ␀ instead); left out of this record's output"
        ),
        "{err}"
    );
    assert!(
        err.contains("only JSON output keeps control characters"),
        "{err}"
    );
    // Read back, the pictures are text like any other: the same bytes again, no note.
    write(&dir, "again.pdn", &first);
    let (second, err, _) = qipu_in(&dir, &["convert", "--to", "pdn", "again.pdn"]);
    assert_eq!(second, first);
    assert!(!err.contains("left-out"), "{err}");
    let (json, _, _) = qipu_in(&dir, &["convert", "--to", "json", "d.pdn"]);
    assert!(json.contains(r#""White":"\u0000\u0000\u0000""#), "{json}");
}

/// An error line names the path and what was being done, in English and Chinese: an
/// output in a directory that is not there (`-o` of every command), an output directory
/// where a file stands or under one, an input that is not there, and a folder with no
/// record files (empty, or only other files), which is an error of the run (exit 2).
#[test]
fn error_lines_name_the_path_and_what_was_being_done() {
    let dir = scratch("error-lines");
    write(&dir, "game.sgf", GO);
    write(&dir, "a-file", "not a folder\n");
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    write(&dir, "other/notes.doc", "no records here\n");
    let run = |args: &[&str]| {
        let (_, err, status) = qipu_in(&dir, args);
        (err, status)
    };
    for args in [
        &["validate", "-o", "gone/x.json", "game.sgf"][..],
        &["convert", "--to", "sgf", "-o", "gone/x.json", "game.sgf"],
        &["show", "--format", "svg", "-o", "gone/x.json", "game.sgf"],
    ] {
        let (err, status) = run(args);
        assert_eq!(status, 2, "{args:?}: {err}");
        assert_eq!(
            err, "qipu: cannot write gone/x.json: no such directory\n",
            "{args:?}"
        );
        let zh = [args, &["--lang", "zh"]].concat();
        let (err, _) = run(&zh);
        assert_eq!(err, "qipu: 无法写入 gone/x.json：文件夹不存在\n", "{zh:?}");
    }
    assert!(!dir.join("gone").exists());
    let (err, status) = run(&[
        "convert",
        "--to",
        "sgf",
        "--output-dir",
        "a-file/out",
        "game.sgf",
    ]);
    assert_eq!(status, 2);
    assert_eq!(
        err,
        "qipu: cannot create directory a-file/out: a part of the path is a file, not a directory\n"
    );
    let (err, status) = run(&[
        "convert",
        "--to",
        "sgf",
        "--output-dir",
        "a-file",
        "game.sgf",
    ]);
    assert_eq!(status, 2);
    assert!(
        err.starts_with("qipu: cannot create directory a-file: a file of that name"),
        "{err}"
    );
    // A missing input: the JSON object's message, and the line on standard error.
    let (out, err, status) = qipu_in(&dir, &["validate", "--format", "json", "missing.sgf"]);
    assert_eq!(status, 2);
    assert_eq!(
        err,
        "qipu: cannot read missing.sgf: no such file or directory\n"
    );
    let record: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        record["diagnostics"][0]["message"],
        "cannot read the file: no such file or directory"
    );
    let (err, status) = run(&["show", "--lang", "zh", "missing.sgf"]);
    assert_eq!(status, 2);
    assert_eq!(err, "qipu: 无法读取 missing.sgf：文件或文件夹不存在\n");
    let (out, _, _) = qipu_in(&dir, &["validate", "--format", "human", "missing.sgf"]);
    assert!(out.contains("missing.sgf: not read\n"), "{out}");
    // Folders that name no record: every command says so, and the run fails.
    for folder in ["empty", "other"] {
        let line = format!(
            "qipu: {folder}: no record files in this directory (it reads .pgn .pdn .sgf .txt .gib .ngf .ugf .ugi)\n"
        );
        for args in [
            &["validate", folder][..],
            &["validate", "--format", "human", folder],
            &["convert", "--to", "sgf", folder],
            &["convert", "--to", "sgf", "--in-place", folder],
            &["show", folder],
        ] {
            let (err, status) = run(args);
            assert_eq!(status, 2, "{args:?}: {err}");
            assert!(err.starts_with(&line), "{args:?}: {err}");
            assert_eq!(
                err.matches("qipu: ").count(),
                1 + usize::from(args[0] == "convert"),
                "{args:?}: {err}"
            );
        }
    }
    let (err, _) = run(&["validate", "--lang", "zh", "empty"]);
    assert!(
        err.starts_with("qipu: empty：此文件夹中没有棋谱文件"),
        "{err}"
    );
    // The other inputs of the run are read all the same.
    let (out, _, status) = qipu_in(&dir, &["validate", "--format", "json", "empty", "game.sgf"]);
    assert_eq!(status, 2);
    assert_eq!(out.lines().count(), 1, "{out}");
}
