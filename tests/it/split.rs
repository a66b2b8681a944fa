//! `convert --split N` and `--split-by FIELD` below `--output-dir`, on the three families
//! of tests/fixtures/split: numbered files per input mirroring the folders, one file per
//! value over the whole run, names made safe and stable, every target format, with
//! `--where`, `--valid-only`, `--shard`, standard input, many values, and refusals.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::support::run::{command, qipu, qipu_with_input};

const FIXTURES: &str = "tests/fixtures/split";
const SHATAR: &str = "tests/fixtures/split/shatar/open.pgn";

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qipu-split-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every file below `dir`, by its path relative to it, with its text.
fn tree(dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                files.insert(name, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    files
}

fn names(files: &BTreeMap<String, String>) -> Vec<&str> {
    files.keys().map(String::as_str).collect()
}

/// `convert ARGS --output-dir DIR`, which must run to its closing lines (a record the
/// format cannot carry makes the exit status 2); its standard error.
fn convert(dir: &Path, args: &[&str]) -> String {
    let mut all = vec!["convert", "--output-dir", dir.to_str().unwrap()];
    all.extend_from_slice(args);
    let (out, err, _) = qipu(&all);
    assert_eq!(out, "");
    assert!(err.contains("qipu: convert: split into"), "{args:?}: {err}");
    err
}

/// The `(source file, index)` of each JSON line of a file.
fn records(json: &str) -> Vec<(String, u64)> {
    json.lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let source = value["source"].as_str().unwrap();
            let file = source.rsplit('/').next().unwrap().to_string();
            (file, value["index"].as_u64().unwrap())
        })
        .collect()
}

fn at(list: &[(&str, u64)]) -> Vec<(String, u64)> {
    list.iter().map(|(s, i)| (s.to_string(), *i)).collect()
}

/// With `--split 2`, each input's records go to files of two, numbered, in the folders
/// `--output-dir` mirrors; read one after the other they are the unsplit output, for every
/// format each family is written in.
#[test]
fn split_n_numbers_each_inputs_files_and_keeps_every_record() {
    for (format, ext) in [
        ("pgn", "pgn"),
        ("pdn", "pdn"),
        ("sgf", "sgf"),
        ("json", "json"),
        ("text", "txt"),
    ] {
        let whole = scratch(&format!("whole-{format}"));
        let split = scratch(&format!("split-{format}"));
        let (_, err, _) = qipu(&[
            "convert",
            "--output-dir",
            whole.to_str().unwrap(),
            "--to",
            format,
            FIXTURES,
        ]);
        assert!(err.contains("qipu: convert: 3 files"), "{err}");
        let err = convert(&split, &["--to", format, "--split", "2", FIXTURES]);
        // An input of which nothing is written has an empty file without a split, none
        // with one.
        let mut whole = tree(&whole);
        whole.retain(|_, text| !text.is_empty());
        let split = tree(&split);
        assert!(!whole.is_empty(), "{format}");
        let mut joined = BTreeMap::new();
        for (name, text) in &split {
            let (stem, extension) = name.rsplit_once('.').unwrap();
            let (input, number) = stem.rsplit_once('-').unwrap();
            assert_eq!((number.len(), extension), (4, ext), "{name}");
            if format == "json" {
                let next = number.parse::<u32>().unwrap() + 1;
                let last = !split.contains_key(&format!("{input}-{next:04}.{extension}"));
                let records = text.lines().count();
                assert!(records == 2 || (last && records == 1), "{name}: {records}");
            }
            let whole_text: &mut String = joined.entry(format!("{input}.{extension}")).or_default();
            if !whole_text.is_empty() && format != "json" {
                whole_text.push('\n');
            }
            whole_text.push_str(text);
        }
        assert_eq!(joined, whole, "{format}");
        let files = split.len();
        assert!(
            err.contains(&format!("split into {files} files below")),
            "{err}"
        );
    }
    let dir = scratch("split-layout");
    convert(&dir, &["--to", "json", "--split", "2", FIXTURES]);
    assert_eq!(
        names(&tree(&dir)),
        [
            "draughts/kazan-0001.json",
            "draughts/kazan-0002.json",
            "go/games-0001.json",
            "go/games-0002.json",
            "shatar/open-0001.json",
            "shatar/open-0002.json",
            "shatar/open-0003.json",
        ]
    );
}

/// One file per value over all inputs, in input order within each; the records without
/// the field in `unknown`, a real value "unknown" apart from them; names safe, with a
/// hash of the value where the safe form lost something of it.
#[test]
fn split_by_gives_one_file_per_value_over_the_whole_run() {
    let dir = scratch("by-event");
    let err = convert(&dir, &["--to", "json", "--split-by", "event", FIXTURES]);
    assert!(err.contains("11 records written (1 with errors)"), "{err}");
    assert!(
        err.ends_with(&format!("split into 6 files below {}\n", dir.display())),
        "{err}"
    );
    let files = tree(&dir);
    assert_eq!(
        names(&files),
        [
            "Darkhan_Erdenet Cup-c934111f.json",
            "Kazan Cup.json",
            "Ulaanbaatar Open.json",
            "_CON-a1fd9952.json",
            "unknown-f4975c9e.json",
            "unknown.json",
        ]
    );
    let of = |name: &str| records(&files[name]);
    // The families mixed, in the order the folder walk reads them.
    assert_eq!(
        of("Ulaanbaatar Open.json"),
        at(&[("games.sgf", 0), ("open.pgn", 0), ("open.pgn", 1)])
    );
    assert_eq!(
        of("unknown.json"),
        at(&[("kazan.pdn", 2), ("games.sgf", 2), ("open.pgn", 3)])
    );
    assert_eq!(of("unknown-f4975c9e.json"), at(&[("open.pgn", 4)]));
    assert_eq!(
        of("Kazan Cup.json"),
        at(&[("kazan.pdn", 0), ("kazan.pdn", 1)])
    );
    assert_eq!(of("_CON-a1fd9952.json"), at(&[("games.sgf", 1)]));
    // The same names in another run: stable.
    let again = scratch("by-event-again");
    convert(&again, &["--to", "json", "--split-by", "event", FIXTURES]);
    assert_eq!(tree(&again), files);
}

/// Players' names of any script are kept readable; what could climb out of the folder,
/// hide, or name a Windows device is made safe, and nothing is written outside `DIR`.
#[test]
fn split_by_makes_names_safe() {
    let dir = scratch("by-white");
    convert(&dir, &["--to", "pgn", "--split-by", "white", SHATAR]);
    let files = tree(&dir);
    assert_eq!(
        names(&files),
        [
            "Batbayar.pgn",
            "_._etc-5019f25e.pgn",
            "_NUL-f4014419.pgn",
            "hidden-e5e365c5.pgn",
            "李昌镐.pgn",
        ]
    );
    assert!(files["李昌镐.pgn"].contains("[White \"李昌镐\"]"));
    assert!(files["_._etc-5019f25e.pgn"].contains("[White \"../../etc\"]"));
    let black = scratch("by-black");
    convert(&black, &["--to", "pgn", "--split-by", "black", SHATAR]);
    let files = tree(&black);
    assert_eq!(names(&files), ["Tsogt.pgn", "李昌镐.pgn"]);
    assert_eq!(files["Tsogt.pgn"].matches("[Event").count(), 4);
}

/// `year` splits by the year of the date, whatever the family writes it as; a date with
/// no year is the missing value.
#[test]
fn split_by_year_and_numbered_within_each_value() {
    let dir = scratch("by-year");
    convert(&dir, &["--to", "json", "--split-by", "year", FIXTURES]);
    let files = tree(&dir);
    assert_eq!(
        names(&files),
        [
            "1990.json",
            "1991.json",
            "1992.json",
            "2016.json",
            "2017.json",
            "unknown.json"
        ]
    );
    assert_eq!(records(&files["unknown.json"]), at(&[("open.pgn", 3)]));
    assert_eq!(
        records(&files["2017.json"]),
        at(&[("kazan.pdn", 2), ("games.sgf", 1)])
    );
    let dir = scratch("by-year-split");
    convert(
        &dir,
        &[
            "--to",
            "json",
            "--split-by",
            "year",
            "--split",
            "2",
            FIXTURES,
        ],
    );
    let files = tree(&dir);
    assert_eq!(
        names(&files),
        [
            "1990-0001.json",
            "1990-0002.json",
            "1991-0001.json",
            "1992-0001.json",
            "2016-0001.json",
            "2016-0002.json",
            "2017-0001.json",
            "unknown-0001.json",
        ]
    );
    assert_eq!(
        records(&files["1990-0001.json"]),
        at(&[("games.sgf", 0), ("open.pgn", 0)])
    );
    assert_eq!(records(&files["1990-0002.json"]), at(&[("open.pgn", 1)]));
}

/// A value's file is made only for what is written: `--where` and `--valid-only` leave
/// out the records they drop, and a format that cannot carry a family writes none of it.
#[test]
fn split_by_writes_only_what_is_selected_and_written() {
    let dir = scratch("by-where");
    let err = convert(
        &dir,
        &[
            "--to",
            "pgn",
            "--split-by",
            "event",
            "--valid-only",
            "--where",
            "year < 2000",
            FIXTURES,
        ],
    );
    assert!(err.contains("split into 2 files"), "{err}");
    let files = tree(&dir);
    // No year is not before 2000: the records without an event are all left out.
    assert_eq!(
        names(&files),
        ["Ulaanbaatar Open.pgn", "unknown-f4975c9e.pgn"]
    );
    // The Go game of Ulaanbaatar cannot be PGN: skipped, as without --split-by.
    assert_eq!(files["Ulaanbaatar Open.pgn"].matches("[Event").count(), 2);
}

/// Each shard's files carry the shard's name part, so that the workers of one folder
/// never write one file; together they hold every record once.
#[test]
fn shards_write_files_of_their_own() {
    let dir = scratch("by-shard");
    for k in ["0/2", "1/2"] {
        convert(
            &dir,
            &["--to", "json", "--split-by", "event", "--shard", k, SHATAR],
        );
    }
    let files = tree(&dir);
    assert!(
        files
            .keys()
            .all(|name| name.contains(".shard-0-of-2.") || name.contains(".shard-1-of-2.")),
        "{:?}",
        names(&files)
    );
    let mut white: Vec<String> = files
        .values()
        .flat_map(|text| text.lines())
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            value["tags"]["White"].as_str().unwrap().to_string()
        })
        .collect();
    white.sort();
    assert_eq!(white, ["../../etc", ".hidden", "Batbayar", "NUL", "李昌镐"]);
    let dir = scratch("split-shard");
    convert(
        &dir,
        &["--to", "pgn", "--split", "1", "--shard", "0/1", SHATAR],
    );
    assert_eq!(
        names(&tree(&dir)),
        (1..=5)
            .map(|n| format!("open.shard-0-of-1-{n:04}.pgn"))
            .collect::<Vec<_>>()
    );
}

/// Standard input's numbered files are `stdin-0001.EXT`, …; `--split-by` takes it as any
/// input. Without a split, `--output-dir` still refuses it.
#[test]
fn standard_input_is_split_too() {
    let bytes = std::fs::read(crate::support::fixtures::root().join(SHATAR)).unwrap();
    let dir = scratch("stdin");
    let out = dir.to_str().unwrap();
    let (_, err, status) = qipu_with_input(
        &[
            "convert",
            "--to",
            "pgn",
            "--split",
            "2",
            "--output-dir",
            out,
            "-",
        ],
        &bytes,
    );
    assert_eq!(status, 1, "{err}");
    assert_eq!(
        names(&tree(&dir)),
        ["stdin-0001.pgn", "stdin-0002.pgn", "stdin-0003.pgn"]
    );
    let dir = scratch("stdin-by");
    let out = dir.to_str().unwrap();
    let (_, err, status) = qipu_with_input(
        &[
            "convert",
            "--to",
            "pgn",
            "--split-by",
            "black",
            "--output-dir",
            out,
            "-",
        ],
        &bytes,
    );
    assert_eq!(status, 1, "{err}");
    assert_eq!(names(&tree(&dir)), ["Tsogt.pgn", "李昌镐.pgn"]);
    let (_, err, status) = qipu_with_input(
        &["convert", "--to", "pgn", "--output-dir", out, "-"],
        &bytes,
    );
    assert_eq!(status, 2);
    assert!(err.contains("not standard input"), "{err}");
}

/// A split needs a folder: refused in English and Chinese, exit status 2; so are a count
/// of 0 and a field that is no field name.
#[test]
fn a_split_without_a_folder_is_refused() {
    for args in [
        vec!["convert", "--to", "pgn", "--split", "2", SHATAR],
        vec![
            "convert",
            "--to",
            "pgn",
            "--split-by",
            "event",
            "-o",
            "x.pgn",
            SHATAR,
        ],
        vec![
            "convert",
            "--to",
            "pgn",
            "--split",
            "2",
            "--in-place",
            SHATAR,
        ],
    ] {
        let (out, err, status) = qipu(&args);
        assert_eq!((out.as_str(), status), ("", 2), "{args:?}");
        assert_eq!(
            err,
            "qipu: convert: --split and --split-by write their files below --output-dir DIR; name one\n"
        );
    }
    let (_, err, status) = qipu(&[
        "convert", "--lang", "zh", "--to", "pgn", "--split", "2", SHATAR,
    ]);
    assert_eq!(status, 2);
    assert!(
        err.contains("--split 和 --split-by 把文件写在 --output-dir DIR 之下"),
        "{err}"
    );
    let dir = scratch("refused");
    let out = dir.to_str().unwrap();
    for (flag, value, message) in [
        ("--split", "0", "0 is not a number of records, 1 or more"),
        ("--split", "x", "x is not a number of records, 1 or more"),
        ("--split-by", "white player", "expected a field name"),
    ] {
        let (_, err, status) = qipu(&[
            "convert",
            "--to",
            "pgn",
            flag,
            value,
            "--output-dir",
            out,
            SHATAR,
        ]);
        assert_eq!(status, 2, "{flag} {value}");
        assert!(err.contains(message), "{err}");
    }
    assert!(tree(&dir).is_empty());
}

/// The same files and bytes with one thread or two.
#[test]
fn the_files_are_the_same_whatever_the_thread_count() {
    let mut trees = Vec::new();
    for threads in ["1", "2"] {
        let dir = scratch(&format!("threads-{threads}"));
        let output = command()
            .env("RAYON_NUM_THREADS", threads)
            .args([
                "convert",
                "--to",
                "json",
                "--split-by",
                "black",
                "--split",
                "1",
                "--output-dir",
            ])
            .arg(&dir)
            .arg(FIXTURES)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        trees.push(tree(&dir));
    }
    assert_eq!(trees[0], trees[1]);
    assert_eq!(trees[0].len(), 11);
}

/// More values than the process may open files: the least recently written are closed
/// and reopened, and every record is in its value's file, in order.
#[cfg(unix)]
#[test]
fn more_values_than_open_files() {
    let dir = scratch("many");
    let mut games = String::new();
    // Each value twice, far apart, so that its file is closed and reopened between.
    for round in 0..2 {
        for player in 0..300 {
            games.push_str(&format!(
                "[White \"Player {player}\"]\n[Black \"B\"]\n[Round \"{round}\"]\n[Result \"*\"]\n[Variant \"shatar\"]\n\n1. Pd2-d4 Pd7-d5 *\n\n"
            ));
        }
    }
    std::fs::write(dir.join("many.pgn"), games).unwrap();
    let out = dir.join("out");
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -n 80 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_qipu"))
        .args([
            "convert",
            "--to",
            "json",
            "--split-by",
            "white",
            "--output-dir",
        ])
        .arg(&out)
        .arg(dir.join("many.pgn"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(err.contains("split into 300 files"), "{err}");
    let files = tree(&out);
    assert_eq!(files.len(), 300);
    for (name, text) in &files {
        let rounds: Vec<String> = text
            .lines()
            .map(|line| {
                let value: serde_json::Value = serde_json::from_str(line).unwrap();
                assert_eq!(
                    format!("{}.json", value["tags"]["White"].as_str().unwrap()),
                    *name
                );
                value["tags"]["Round"].as_str().unwrap().to_string()
            })
            .collect();
        assert_eq!(rounds, ["0", "1"], "{name}");
    }
}

/// Files are put in place at the end of the run: an earlier file of the same name is
/// replaced whole, one that cannot be replaced fails the run, and no temporary file is
/// left behind either way.
#[test]
fn files_are_replaced_whole_and_no_temporary_file_stays() {
    let dir = scratch("replace");
    std::fs::write(dir.join("Kazan Cup.json"), "old\n").unwrap();
    convert(&dir, &["--to", "json", "--split-by", "event", FIXTURES]);
    let files = tree(&dir);
    assert_eq!(records(&files["Kazan Cup.json"]).len(), 2);
    let dir = scratch("cannot-replace");
    std::fs::create_dir_all(dir.join("Kazan Cup.json")).unwrap();
    let (_, err, status) = qipu(&[
        "convert",
        "--to",
        "json",
        "--split-by",
        "event",
        "--output-dir",
        dir.to_str().unwrap(),
        FIXTURES,
    ]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("Kazan Cup.json"), "{err}");
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains(".qipu-"))
        .collect();
    assert_eq!(left, Vec::<String>::new());
}
