//! `convert --strip`, `--ply-limit` and `--line-width` on every family: what goes, what
//! must stay (the main line, the unreplayed rest of a record with errors, the tags the
//! writer needs), the closing line's counts, shaping twice as shaping once, and output
//! that reads back with no diagnostic the input did not have. Fixtures in
//! tests/fixtures/shape/, written for these tests.

use std::collections::BTreeSet;

use qipu::write::{Shape, Strip, Stripped};
use qipu::{read_str, Format, ReadOptions, WriteOptions};

use crate::support::run::{qipu, qipu_with_input};

const SHATAR: &str = "tests/fixtures/shape/shatar.pgn";
const DRAUGHTS: &str = "tests/fixtures/shape/draughts.pdn";
const GO: &str = "tests/fixtures/shape/go.sgf";

/// Each fixture with the format it is written in.
const FAMILIES: [(&str, &str); 3] = [(SHATAR, "pgn"), (DRAUGHTS, "pdn"), (GO, "sgf")];

fn convert(path: &str, to: &str, extra: &[&str]) -> (String, String) {
    let mut args = vec!["convert", "--to", to];
    args.extend_from_slice(extra);
    args.push(path);
    let (out, err, status) = qipu(&args);
    assert!(status <= 1, "{args:?}: {err}");
    (out, err)
}

/// The text with its white space folded, line breaks too.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The closing line of a run.
fn summary(err: &str) -> &str {
    err.lines()
        .rfind(|line| line.starts_with("qipu: convert"))
        .expect("a closing line")
}

#[test]
fn without_shaping_flags_the_closing_line_is_as_before() {
    for (path, to) in FAMILIES {
        let (_, err) = convert(path, to, &[]);
        let line = summary(&err);
        assert!(
            line.ends_with("0 skipped, 0 files unreadable"),
            "{path}: {line}"
        );
    }
}

#[test]
fn comments_go_but_the_unreplayed_rest_stays() {
    let (pgn, err) = convert(SHATAR, "pgn", &["--strip", "comments"]);
    for gone in [
        "A quiet opening",
        "forced",
        "solid",
        "the knight",
        "develops",
    ] {
        assert!(!pgn.contains(gone), "{gone}: {pgn}");
    }
    assert!(pgn.contains("unreplayed: 3. Ke3 {a king walk} Nf6 {answer} 4. Nc3"));
    assert!(pgn.contains("5. Bxh6 Qe7 $5 6. Rb1 Bxa3 1-0"), "{pgn}");
    assert!(summary(&err).ends_with("; stripped 5 comments"), "{err}");

    let (pdn, err) = convert(DRAUGHTS, "pdn", &["--strip", "comments"]);
    assert!(!pdn.contains('{'), "{pdn}");
    assert!(summary(&err).ends_with("; stripped 4 comments"), "{err}");

    let (sgf, err) = convert(GO, "sgf", &["--strip", "comments"]);
    // C and N go; GC is game information.
    for gone in [
        "C[root note]",
        "C[center]",
        "N[joseki]",
        "C[deep]",
        "C[first]",
    ] {
        assert!(!sgf.contains(gone), "{gone}: {sgf}");
    }
    assert!(sgf.contains("GC[club game]"), "{sgf}");
    assert!(
        sgf.contains(";W[ee]C[on a stone]SQ[aa];B[cc]C[after the error]"),
        "the rest from the move that could not be replayed is kept as written: {sgf}"
    );
    assert!(summary(&err).ends_with("; stripped 8 comments"), "{err}");
}

#[test]
fn nags_go_as_dollars_marks_and_sgf_annotations() {
    let (pgn, err) = convert(SHATAR, "pgn", &["--strip", "nags"]);
    assert!(!pgn.contains('$') && !pgn.contains("?!"), "{pgn}");
    assert!(summary(&err).ends_with("; stripped 4 NAGs"), "{err}");
    let (pdn, err) = convert(DRAUGHTS, "pdn", &["--strip", "nags"]);
    assert!(!pdn.contains('$'), "{pdn}");
    assert!(summary(&err).ends_with("; stripped 4 NAGs"), "{err}");
    let (sgf, err) = convert(GO, "sgf", &["--strip", "nags"]);
    for gone in ["BM[", "TE[", "GB["] {
        assert!(!sgf.contains(gone), "{gone}: {sgf}");
    }
    assert!(summary(&err).ends_with("; stripped 3 NAGs"), "{err}");
}

#[test]
fn variations_go_with_those_inside_them() {
    let (pgn, err) = convert(SHATAR, "pgn", &["--strip", "variations"]);
    assert!(!pgn.contains('('), "{pgn}");
    assert!(!pgn.contains("{the knight}") && pgn.contains("{forced}"));
    assert!(summary(&err).ends_with("; stripped 2 variations"), "{err}");
    let (pdn, err) = convert(DRAUGHTS, "pdn", &["--strip", "variations"]);
    assert!(!pdn.contains('('), "{pdn}");
    assert!(summary(&err).ends_with("; stripped 2 variations"), "{err}");
    let (sgf, err) = convert(GO, "sgf", &["--strip", "variations"]);
    assert_eq!(sgf.matches('(').count(), 2, "one per tree: {sgf}");
    assert!(sgf.contains(";B[eg]C[end]"), "the main line stays: {sgf}");
    assert!(summary(&err).ends_with("; stripped 2 variations"), "{err}");
}

#[test]
fn markup_is_sgf_s_and_pgn_and_pdn_have_none() {
    let (sgf, err) = convert(GO, "sgf", &["--strip", "markup"]);
    for gone in ["LB[", "TR[", "MA["] {
        assert!(!sgf.contains(gone), "{gone}: {sgf}");
    }
    assert!(
        sgf.contains("SQ[aa]"),
        "the unreplayed rest keeps its markup"
    );
    assert!(
        summary(&err).ends_with("; stripped 3 markup properties"),
        "{err}"
    );
    for (path, to) in [(SHATAR, "pgn"), (DRAUGHTS, "pdn")] {
        let (plain, _) = convert(path, to, &[]);
        let (out, err) = convert(path, to, &["--strip", "markup"]);
        assert_eq!(out, plain, "{path}");
        assert!(summary(&err).ends_with("; stripped 0 markup properties"));
    }
}

#[test]
fn unknown_tags_and_properties_go_the_standard_ones_stay() {
    let (pgn, err) = convert(SHATAR, "pgn", &["--strip", "unknown"]);
    assert!(
        !pgn.contains("[Source") && !pgn.contains("[ScanQuality"),
        "{pgn}"
    );
    for kept in [
        "[WhiteElo \"1800\"]",
        "[Annotator \"coach\"]",
        "[Variant \"Shatar\"]",
    ] {
        assert!(pgn.contains(kept), "{kept}: {pgn}");
    }
    assert!(
        summary(&err).ends_with("; stripped 2 unknown tags"),
        "{err}"
    );
    let (pdn, err) = convert(DRAUGHTS, "pdn", &["--strip", "unknown"]);
    assert!(
        !pdn.contains("[Source") && !pdn.contains("[Scanner"),
        "{pdn}"
    );
    assert!(pdn.contains("[WhiteTitle \"GM\"]") && pdn.contains("[GameType"));
    assert!(
        summary(&err).ends_with("; stripped 2 unknown tags"),
        "{err}"
    );
    let (sgf, err) = convert(GO, "sgf", &["--strip", "unknown"]);
    assert!(!sgf.contains("XX[") && !sgf.contains("ZZ["), "{sgf}");
    assert!(sgf.contains("KM[6.5]") && sgf.contains("GC[club game]"));
    assert!(
        summary(&err).ends_with("; stripped 2 unknown properties"),
        "{err}"
    );
}

#[test]
fn fix_keeps_the_old_properties_it_rewrites() {
    let old = "(;GM[1]FF[3]SZ[9]KI[13]XY[1];B[ee]L[aa][bb])\n";
    let (out, _, _) = qipu_with_input(
        &[
            "convert", "--to", "sgf", "--game", "go", "--fix", "--strip", "unknown", "-",
        ],
        old.as_bytes(),
    );
    assert!(
        out.contains("KM[6.5]") && out.contains("LB[aa:a][bb:b]"),
        "{out}"
    );
    assert!(!out.contains("XY["), "{out}");
    let (out, _, _) = qipu_with_input(
        &[
            "convert", "--to", "sgf", "--game", "go", "--strip", "unknown", "-",
        ],
        old.as_bytes(),
    );
    assert!(
        !out.contains("KI[") && !out.contains("L["),
        "without --fix, FF[3]'s properties are unknown to FF[4]: {out}"
    );
}

#[test]
fn a_ply_limit_cuts_the_main_line_and_leaves_the_result_unknown() {
    let (pgn, err) = convert(SHATAR, "pgn", &["--ply-limit", "4"]);
    let pgn = flat(&pgn);
    // The first record is cut; the second stopped at ply 5, its rest beyond the limit.
    assert!(!pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("2... Bb4 $6 *"), "{pgn}");
    assert!(
        pgn.contains("(2. Nf3 {the knight} 2... Nc6 (2... d6))"),
        "{pgn}"
    );
    assert!(!pgn.contains("unreplayed") && !pgn.contains("1-0"), "{pgn}");
    assert!(summary(&err).ends_with("; cut 2 records at ply 4"), "{err}");

    let (_, err) = convert(SHATAR, "pgn", &["--ply-limit", "6"]);
    assert!(summary(&err).ends_with("; cut 1 record at ply 6"), "{err}");
    let (pgn, _) = convert(SHATAR, "pgn", &["--ply-limit", "6"]);
    assert!(
        pgn.contains("unreplayed: 3. Ke3"),
        "an error before the limit keeps what the record kept: {pgn}"
    );

    let (pdn, err) = convert(DRAUGHTS, "pdn", &["--ply-limit", "3"]);
    let pdn = flat(&pdn);
    assert!(
        pdn.contains("[Result \"*\"]") && pdn.ends_with("2. g3-f4 (2. b2-c3 $5) *"),
        "{pdn}"
    );
    assert!(summary(&err).ends_with("; cut 1 record at ply 3"), "{err}");

    let (sgf, err) = convert(GO, "sgf", &["--ply-limit", "3"]);
    assert!(sgf.contains("RE[?]"), "{sgf}");
    assert!(!sgf.contains("W[gg]") && sgf.contains("B[gc]") && sgf.contains("B[cd]C[alt]"));
    assert!(
        sgf.contains("RE[W+R]"),
        "the second record stopped before ply 3: {sgf}"
    );
    assert!(summary(&err).ends_with("; cut 1 record at ply 3"), "{err}");

    let (json, _) = convert(GO, "json", &["--ply-limit", "3"]);
    let first = json.lines().next().unwrap();
    assert!(
        first.contains("\"RE\":\"?\"") && first.contains("\"result\":null"),
        "{first}"
    );
    let (text, _) = convert(GO, "text", &["--ply-limit", "3"]);
    assert!(text.contains("[Result \"?\"]"), "{text}");
}

#[test]
fn lines_keep_within_the_width_asked_for() {
    let formats = [
        (SHATAR, "pgn"),
        (SHATAR, "text"),
        (DRAUGHTS, "pdn"),
        (GO, "sgf"),
        (GO, "text"),
    ];
    for (path, to) in formats {
        let (plain, _) = convert(path, to, &[]);
        let (wide, _) = convert(path, to, &["--line-width", "79"]);
        assert_eq!(plain, wide, "{path} {to}: 79 is the default");
        // Without comments, which the text forms keep in one token with their move.
        let (plain, _) = convert(path, to, &["--strip", "comments"]);
        let (narrow, _) = convert(path, to, &["--strip", "comments", "--line-width", "24"]);
        assert!(
            narrow.lines().count() > plain.lines().count(),
            "{path} {to}"
        );
        let squeezed = |text: &str| text.split_whitespace().collect::<String>();
        assert_eq!(
            squeezed(&narrow),
            squeezed(&plain),
            "{path} {to}: only the breaks move"
        );
        for line in narrow.lines() {
            // Tags are lines of their own; a single token stands alone (a rest-of-line
            // comment, the unreplayed rest of a record, a scoresheet pair holding it).
            let single =
                !line.contains(' ') || line.starts_with(['[', ';', '{']) || line.contains('（');
            assert!(
                line.chars().count() <= 24 || single,
                "{path} {to}: {line:?}"
            );
        }
    }
    let (json, _) = convert(GO, "json", &["--line-width", "20"]);
    assert_eq!(json.lines().count(), 2, "JSON stays a line a record");
    let (_, err, status) = qipu(&["convert", "--to", "pgn", "--line-width", "19", SHATAR]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("20 or more"), "{err}");
}

#[test]
fn the_closing_line_speaks_chinese_too() {
    let (_, err) = convert(
        GO,
        "sgf",
        &[
            "--strip",
            "comments,unknown",
            "--ply-limit",
            "3",
            "--lang",
            "zh",
        ],
    );
    assert!(
        summary(&err).ends_with("；已去除 5 条注释、1 个未知属性；1 份棋谱截至第 3 步"),
        "{err}"
    );
}

/// Every record of every fixture.
fn records() -> Vec<qipu::AnyRecord> {
    let keep = ReadOptions {
        keep_records: true,
        ..ReadOptions::default()
    };
    let records: Vec<qipu::AnyRecord> = FAMILIES
        .iter()
        .flat_map(|(path, _)| {
            let text =
                std::fs::read_to_string(crate::support::fixtures::root().join(path)).unwrap();
            read_str(path, &text, &keep)
                .records
                .into_iter()
                .filter_map(|report| report.record)
        })
        .collect();
    assert_eq!(records.len(), 5, "every record of the fixtures is kept");
    records
}

/// Every shape of the strips (each subset) with and without a limit.
fn shapes() -> Vec<Shape> {
    let all = [
        Strip::Comments,
        Strip::Nags,
        Strip::Variations,
        Strip::Markup,
        Strip::Unknown,
    ];
    let mut shapes = Vec::new();
    for bits in 0..(1u32 << all.len()) {
        for limit in [None, Some(0), Some(3), Some(5)] {
            let mut shape = Shape::default();
            shape.ply_limit = limit;
            for (i, what) in all.iter().enumerate() {
                if bits & (1 << i) != 0 {
                    shape = shape.stripping(*what);
                }
            }
            shapes.push(shape);
        }
    }
    shapes
}

#[test]
fn shaping_twice_is_shaping_once() {
    for shape in shapes() {
        let options = WriteOptions::default().with(shape);
        for record in records() {
            let own = match record.game().name() {
                "shatar" => "pgn",
                "draughts" => "pdn",
                _ => "sgf",
            };
            let format = Format::of_name(own).unwrap();
            let mut once = record.clone();
            once.reshape(&options);
            let mut twice = once.clone();
            let again = twice.reshape(&options);
            assert_eq!(again, Stripped::default(), "{shape:?} {record:?}");
            for format in [format, Format::Json, Format::Text] {
                let write = |r: &qipu::AnyRecord| qipu::write_record(r, "x", 0, format, &options);
                assert_eq!(write(&once), write(&twice), "{shape:?} {format:?}");
            }
        }
    }
}

/// The diagnostic codes of validating `text` read as `name`.
fn codes(name: &str, text: &str) -> BTreeSet<String> {
    read_str(name, text, &ReadOptions::default())
        .records
        .iter()
        .flat_map(|report| report.diagnostics.iter().map(|d| d.kind.code().to_string()))
        .collect()
}

#[test]
fn shaped_output_reads_back_without_new_diagnostics() {
    for (path, to) in FAMILIES {
        let input = std::fs::read_to_string(crate::support::fixtures::root().join(path)).unwrap();
        let before = codes(path, &input);
        for strip in ["comments", "nags", "variations", "markup", "unknown"] {
            for limit in ["0", "3", "100"] {
                let (out, _) = convert(path, to, &["--strip", strip, "--ply-limit", limit]);
                let name = format!("out.{to}");
                let after = codes(&name, &out);
                assert!(
                    after.is_subset(&before),
                    "{path} --strip {strip} --ply-limit {limit}: {after:?} beyond {before:?}\n{out}"
                );
                let (again, _, _) = qipu_with_input(
                    &[
                        "convert",
                        "--to",
                        to,
                        "--game",
                        game_of(to),
                        "--strip",
                        strip,
                        "--ply-limit",
                        limit,
                        "-",
                    ],
                    out.as_bytes(),
                );
                assert_eq!(again, out, "{path} --strip {strip} --ply-limit {limit}");
            }
        }
    }
}

fn game_of(format: &str) -> &'static str {
    match format {
        "pgn" => "shatar",
        "pdn" => "draughts",
        _ => "go",
    }
}
