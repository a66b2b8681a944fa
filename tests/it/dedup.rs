//! `--dedup` on validate and convert, every family: duplicates under other headers, in
//! another file and another notation; a Go game rotated and reflected; a move order
//! transposed, alike only under `--dedup final`; what convert writes, leaves out and puts
//! in `--duplicates`; the same answer on one thread and on many.

use std::process::Command;

use crate::support::run::{command, qipu, qipu_with_input};

const DIR: &str = "tests/fixtures/dedup";

/// A record's file and index, and the first record of its game if it is a duplicate.
type Row = (String, u64, Option<(String, u64)>);

/// `(file, index) → the first (file, index)` of each record `validate` gives in JSON,
/// files named without the folder.
fn firsts(args: &[&str]) -> Vec<Row> {
    let (out, err, status) = qipu(args);
    assert!(status < 2, "{args:?}: {err}");
    out.lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let name = |source: &serde_json::Value| {
                let source = source.as_str().expect("a source");
                source.rsplit('/').next().expect("a name").to_string()
            };
            let first = &value["duplicate_of"];
            let first = (!first.is_null()).then(|| {
                (
                    name(&first["source"]),
                    first["index"].as_u64().expect("index"),
                )
            });
            (
                name(&value["source"]),
                value["index"].as_u64().expect("index"),
                first,
            )
        })
        .collect()
}

#[allow(clippy::type_complexity)]
fn table(rows: &[(&str, u64, Option<(&str, u64)>)]) -> Vec<Row> {
    rows.iter()
        .map(|(file, index, first)| {
            let first = first.map(|(f, i)| (f.to_string(), i));
            (file.to_string(), *index, first)
        })
        .collect()
}

/// Worked out by hand from the fixtures: the PGN's third game is its first under other
/// headers, and so is the scoresheet; the PDN's second game is its first in the
/// rulebook's numbers, its fourth the same moves under Brazilian rules (another game);
/// the rotated and reflected Go games are the first, the game with one move elsewhere is
/// not, nor is a 9×9 game whose moves come in another order.
#[test]
fn duplicates_by_moves_in_every_family() {
    let expected = table(&[
        ("different.sgf", 0, None),
        ("game.sgf", 0, None),
        ("games.pdn", 0, None),
        ("games.pdn", 1, Some(("games.pdn", 0))),
        ("games.pdn", 2, None),
        ("games.pdn", 3, None),
        ("games.pgn", 0, None),
        ("games.pgn", 1, None),
        ("games.pgn", 2, Some(("games.pgn", 0))),
        ("games.pgn", 3, None),
        ("reflected.sgf", 0, Some(("game.sgf", 0))),
        ("rotated.sgf", 0, Some(("game.sgf", 0))),
        ("sheet.txt", 0, Some(("games.pgn", 0))),
        ("transposed.sgf", 0, None),
        ("transposed.sgf", 1, None),
    ]);
    assert_eq!(
        firsts(&["validate", "--format", "json", "--dedup", DIR]),
        expected
    );
}

/// Under `final`, the transposed move orders meet too: the PGN's fourth game, the PDN's
/// third and the second 9×9 game reach their first's final position.
#[test]
fn duplicates_by_final_position_in_every_family() {
    let expected = table(&[
        ("different.sgf", 0, None),
        ("game.sgf", 0, None),
        ("games.pdn", 0, None),
        ("games.pdn", 1, Some(("games.pdn", 0))),
        ("games.pdn", 2, Some(("games.pdn", 0))),
        ("games.pdn", 3, None),
        ("games.pgn", 0, None),
        ("games.pgn", 1, None),
        ("games.pgn", 2, Some(("games.pgn", 0))),
        ("games.pgn", 3, Some(("games.pgn", 0))),
        ("reflected.sgf", 0, Some(("game.sgf", 0))),
        ("rotated.sgf", 0, Some(("game.sgf", 0))),
        ("sheet.txt", 0, Some(("games.pgn", 0))),
        ("transposed.sgf", 0, None),
        ("transposed.sgf", 1, Some(("transposed.sgf", 0))),
    ]);
    let args = ["validate", "--format", "json", "--dedup", "final", DIR];
    assert_eq!(firsts(&args), expected);
    let joined = ["validate", "--format", "json", "--dedup=final", DIR];
    assert_eq!(firsts(&joined), expected);
}

/// `duplicate_of` is there only when asked for; without `--dedup` nothing changes.
#[test]
fn duplicate_of_only_with_dedup() {
    let pgn = "tests/fixtures/dedup/games.pgn";
    let (plain, _, _) = qipu(&["validate", "--format", "json", pgn]);
    assert!(!plain.contains("duplicate"), "{plain}");
    let (marked, _, _) = qipu(&["validate", "--format", "json", "--dedup", pgn]);
    assert_eq!(marked.matches(r#""duplicate_of":null"#).count(), 3);
    assert_eq!(marked.matches(r#""code":"duplicate""#).count(), 1);
}

#[test]
fn the_human_report_names_the_first_and_the_summary_counts() {
    let (out, _, status) = qipu(&["validate", "--format", "human", "--dedup", DIR]);
    assert_eq!(status, 0, "{out}");
    assert!(
        out.contains("note[duplicate]: the same game as record 1 of tests/fixtures/dedup/game.sgf"),
        "{out}"
    );
    assert!(
        out.contains("summary: 8 files, 15 records (5 duplicates): 15 valid"),
        "{out}"
    );
    let (zh, _, _) = qipu(&[
        "validate", "--format", "human", "--lang", "zh", "--dedup", DIR,
    ]);
    assert!(
        zh.contains("与 tests/fixtures/dedup/game.sgf 的第 1 份棋谱是同一盘棋"),
        "{zh}"
    );
    assert!(zh.contains("15 份棋谱（5 份重复）"), "{zh}");
}

/// The number of records in PGN, PDN or SGF text.
fn records_in(text: &str) -> usize {
    text.matches("[Event ").count() + text.matches("(;").count()
}

#[test]
fn convert_leaves_duplicates_out_or_writes_them_apart() {
    let (out, err, status) = qipu(&[
        "convert",
        "--to",
        "sgf",
        "--dedup",
        "tests/fixtures/dedup/game.sgf",
        "tests/fixtures/dedup/rotated.sgf",
        "tests/fixtures/dedup/reflected.sgf",
    ]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(records_in(&out), 1, "{out}");
    assert!(out.contains("PB[Lee Chang-ho]"), "the first is kept: {out}");
    assert_eq!(err.matches("note[duplicate]").count(), 2, "{err}");
    assert!(
        err.contains("qipu: convert: 3 files (2 duplicates): 1 record written (0 with errors)"),
        "{err}"
    );

    let dir = tempdir("convert");
    let duplicates = dir.join("duplicates.pgn");
    let duplicates_arg = duplicates.to_str().expect("a UTF-8 path");
    let pgn = "tests/fixtures/dedup/games.pgn";
    let (out, err, status) = qipu(&[
        "convert",
        "--to",
        "pgn",
        "--duplicates",
        duplicates_arg,
        pgn,
    ]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(records_in(&out), 3, "{out}");
    let written = std::fs::read_to_string(&duplicates).expect("the duplicates file");
    assert_eq!(records_in(&written), 1, "{written}");
    assert!(written.contains("Copied from a bulletin"), "{written}");
    assert!(
        err.contains("qipu: convert: 1 duplicate written to"),
        "{err}"
    );

    let (only, err, _) = qipu(&[
        "convert",
        "--to",
        "pgn",
        "--only-duplicates",
        "--dedup",
        "final",
        pgn,
    ]);
    assert_eq!(records_in(&only), 2, "{only}");
    assert!(only.contains("Copied from a bulletin") && only.contains("Transposed"));
    assert!(
        !err.contains("note[duplicate]"),
        "the output is the duplicates: {err}"
    );
}

#[test]
fn only_duplicates_on_validate() {
    let got = firsts(&["validate", "--format", "json", "--only-duplicates", DIR]);
    let files: Vec<&str> = got.iter().map(|(f, _, _)| f.as_str()).collect();
    assert_eq!(
        files,
        [
            "games.pdn",
            "games.pgn",
            "reflected.sgf",
            "rotated.sgf",
            "sheet.txt"
        ]
    );
    assert!(got.iter().all(|(_, _, first)| first.is_some()));
}

/// `--where` comes first: duplicates are told among the records that match.
#[test]
fn dedup_among_the_selected() {
    let got = firsts(&[
        "validate",
        "--format",
        "json",
        "--dedup",
        "--where",
        "white != \"Bat-Erdene\"",
        "tests/fixtures/dedup/games.pgn",
    ]);
    assert_eq!(
        got,
        table(&[
            ("games.pgn", 1, None),
            ("games.pgn", 2, None),
            ("games.pgn", 3, None)
        ])
    );
}

/// A streamed input (standard input) is deduplicated as the same file read whole.
#[test]
fn standard_input_as_a_file() {
    let text = std::fs::read("tests/fixtures/dedup/games.pgn").expect("fixture");
    let doubled = [text.clone(), b"\n".to_vec(), text].concat();
    let (out, err, _) =
        qipu_with_input(&["validate", "--format", "json", "--dedup", "-"], &doubled);
    assert_eq!(out.lines().count(), 8, "{err}");
    assert_eq!(
        out.matches(r#""duplicate_of":{"source":"<stdin>","index":0}"#)
            .count(),
        3,
        "{out}"
    );
    assert_eq!(
        out.matches(r#""duplicate_of":{"source":"<stdin>","index":1}"#)
            .count(),
        1,
        "{out}"
    );
}

/// Many copies in many files, read in parallel batches: one thread and two give the same
/// report, and each copy names the first file.
#[test]
fn the_same_on_one_thread_and_on_many() {
    let dir = tempdir("threads");
    let game = std::fs::read("tests/fixtures/dedup/rotated.sgf").expect("fixture");
    for n in 0..600 {
        std::fs::write(dir.join(format!("copy-{n:03}.sgf")), &game).expect("written");
    }
    let run = |threads: &str| {
        let mut run: Command = command();
        let output = run
            .env("RAYON_NUM_THREADS", threads)
            .args(["validate", "--format", "json", "--dedup"])
            .arg(&dir)
            .output()
            .expect("qipu runs");
        String::from_utf8(output.stdout).expect("UTF-8")
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one.lines().count(), 600);
    let first = format!(
        r#""duplicate_of":{{"source":"{}/copy-000.sgf","index":0}}"#,
        dir.display()
    );
    assert_eq!(
        one.matches(&first).count(),
        599,
        "every copy names the first"
    );
}

fn tempdir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("qipu-dedup-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// Random Go games, each written as seen through every symmetry of the board (this
/// test's own transforms): the library's register marks all but the first as its
/// duplicates, under both likenesses; the same games with the colours swapped are others.
#[test]
fn every_symmetry_of_random_games_is_a_duplicate() {
    use qipu::dedup::{duplicate_of, Duplicates, Likeness};
    use qipu::{read_str, ReadOptions};

    let mut rng = crate::support::rng::Rng(0x5eed_d00d);
    for likeness in [Likeness::Moves, Likeness::Final] {
        let options = ReadOptions {
            keep_records: true,
            dedup: Some(likeness),
            ..ReadOptions::default()
        };
        for game in 0..20 {
            let size = [9usize, 13, 19][game % 3];
            let mut moves: Vec<(usize, usize)> = Vec::new();
            while moves.len() < 30 {
                let point = (rng.below(size), rng.below(size));
                if !moves.contains(&point) {
                    moves.push(point);
                }
            }
            let sgf = |transform: usize, swapped: bool| {
                let mut text = format!("(;GM[1]FF[4]SZ[{size}]PB[B{transform}]PW[W]");
                for (ply, &(x, y)) in moves.iter().enumerate() {
                    let (x, y) = if transform & 4 != 0 { (y, x) } else { (x, y) };
                    let x = if transform & 1 != 0 { size - 1 - x } else { x };
                    let y = if transform & 2 != 0 { size - 1 - y } else { y };
                    let color = if (ply % 2 == 0) != swapped { 'B' } else { 'W' };
                    let letter = |n: usize| char::from(b'a' + n as u8);
                    text.push_str(&format!(";{color}[{}{}]", letter(x), letter(y)));
                }
                text.push(')');
                text
            };
            let mut duplicates = Duplicates::new(likeness);
            for transform in 0..8 {
                let mut document = read_str("game.sgf", &sgf(transform, false), &options);
                duplicates.mark(&mut document);
                let first = duplicate_of(&document.records[0]);
                assert_eq!(
                    first.is_some(),
                    transform > 0,
                    "{likeness:?} {game} {transform}"
                );
            }
            let mut swapped = read_str("swapped.sgf", &sgf(0, true), &options);
            duplicates.mark(&mut swapped);
            assert_eq!(
                duplicate_of(&swapped.records[0]),
                None,
                "{likeness:?} {game}"
            );
            assert_eq!(duplicates.len(), 2);
        }
    }
}
