//! `--where` on validate, convert and show: the records of every family selected by tags
//! (as written and by the names every family shares), computed fields, dates as ranges,
//! regular expressions; the summary's counts; bad expressions as usage errors.

use crate::support::run::{qipu, qipu_with_input};

const SGF: &str = "tests/fixtures/select/players.sgf";
const PGN: &str = "tests/fixtures/select/players.pgn";
const PDN: &str = "tests/fixtures/select/players.pdn";

/// The `(source, index)` of each record `validate --where expr` gives in JSON.
fn selected(expr: &str, paths: &[&str]) -> Vec<(String, u64)> {
    let mut args = vec!["validate", "--format", "json", "--where", expr];
    args.extend_from_slice(paths);
    let (out, err, status) = qipu(&args);
    assert!(status < 2, "{expr}: {err}");
    out.lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let source = value["source"].as_str().unwrap();
            let name = source.rsplit('.').next().unwrap().to_string();
            (name, value["index"].as_u64().unwrap())
        })
        .collect()
}

fn at(list: &[(&str, u64)]) -> Vec<(String, u64)> {
    list.iter().map(|(s, i)| (s.to_string(), *i)).collect()
}

/// A table of expressions over the three fixtures, each answer worked out by hand from
/// their tags.
#[test]
fn every_family_selected_by_a_table_of_expressions() {
    let all = [SGF, PGN, PDN];
    let table: [(&str, &[(&str, u64)]); 23] = [
        // The shared names map to PW/PB/DT/EV/RE in SGF, White/Black/… in PGN and PDN.
        (
            r#"black ~ "Lee""#,
            &[("sgf", 0), ("sgf", 2), ("pgn", 0), ("pdn", 0)],
        ),
        (r#"white ~ "^Lee""#, &[("pgn", 1)]),
        ("white = AlphaGo", &[("sgf", 0)]),
        (r#"white ~ "(?i)alphago""#, &[("sgf", 0), ("sgf", 1)]),
        // As written: SGF's PB, PGN's Black.
        (r#"PB = "Ke Jie""#, &[("sgf", 1)]),
        (r#"Black = Batbayar"#, &[("pgn", 1)]),
        // Dates: partial ones are ranges, SGF's second day is ignored.
        (
            "date >= 2016",
            &[("sgf", 0), ("sgf", 1), ("pdn", 0), ("pdn", 1)],
        ),
        ("date = 1990", &[("sgf", 2), ("pgn", 0)]),
        ("date = 1990.05.12", &[("sgf", 2), ("pgn", 0)]),
        ("date < 1991", &[("sgf", 2), ("pgn", 0)]),
        ("date > 2016.07.01", &[("sgf", 1), ("pdn", 1)]),
        ("date = 2017.05.23", &[("sgf", 1)]),
        // The year of the date, whatever the family writes it as (1991.??.?? is 1991).
        ("year = 2016", &[("sgf", 0), ("pdn", 0), ("pdn", 1)]),
        (
            "year < 1991 or year = 2017",
            &[("sgf", 1), ("sgf", 2), ("pgn", 0)],
        ),
        ("year = 1991 and not year != 1991", &[("pgn", 1)]),
        // Computed fields.
        ("plies > 5", &[("sgf", 0), ("sgf", 2)]),
        ("plies <= 2", &[("pgn", 1), ("pdn", 0)]),
        (
            "game = draughts and variant = russian",
            &[("pdn", 0), ("pdn", 1)],
        ),
        ("warnings > 0 or code = bad-date", &[("sgf", 2)]),
        ("valid = false", &[]),
        ("round = 2 or RO = 1", &[("sgf", 0), ("pgn", 1)]),
        // A record without the field: false, and true under not.
        ("not round = 1 and game = go", &[("sgf", 1), ("sgf", 2)]),
        (
            r#"(black ~ Lee or white ~ Lee) and not (result = 1-0 or result = W+R)"#,
            &[("sgf", 2), ("pgn", 1), ("pdn", 0)],
        ),
    ];
    for (expr, expected) in table {
        assert_eq!(selected(expr, &all), at(expected), "{expr}");
    }
}

#[test]
fn the_summary_counts_the_records_read_and_those_that_matched() {
    let (out, _, status) = qipu(&[
        "validate",
        "--format",
        "human",
        "--where",
        "black ~ Lee",
        SGF,
        PGN,
        PDN,
    ]);
    assert_eq!(status, 0);
    let summary = out.lines().last().unwrap();
    assert_eq!(
        summary,
        "summary: 3 files, 4 records (7 read, 4 matched --where): 4 valid, 0 invalid; 0 errors, 1 warning"
    );
    let (out, _, _) = qipu(&[
        "validate",
        "--format",
        "human",
        "--lang",
        "zh",
        "--where",
        "black ~ Lee",
        SGF,
    ]);
    assert!(out.contains("（读取 3 份，2 份符合 --where）"), "{out}");
    let (_, err, status) = qipu(&["convert", "--to", "sgf", "--where", "black ~ Lee", SGF]);
    assert_eq!(status, 0);
    assert!(
        err.contains("1 file (3 read, 2 matched --where): 2 records written"),
        "{err}"
    );
}

#[test]
fn convert_writes_only_the_selected_records_which_read_back_alike() {
    let (out, err, status) = qipu(&["convert", "--to", "sgf", "--where", "date < 2017", SGF]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(out.matches("(;").count(), 2, "{out}");
    assert!(
        out.contains("PB[Lee Sedol]") && out.contains("PB[Lee Chang-ho]"),
        "{out}"
    );
    assert!(!out.contains("Ke Jie"), "{out}");
    let (again, _, _) = qipu_with_input(
        &["convert", "--to", "sgf", "--game", "go", "-"],
        out.as_bytes(),
    );
    assert_eq!(again, out);
    // Standard input and a stream select as a file does.
    let bytes = std::fs::read(crate::support::fixtures::root().join(PGN)).unwrap();
    let (from_stdin, _, _) = qipu_with_input(
        &["convert", "--to", "pgn", "--where", "round = 2", "-"],
        &bytes,
    );
    let (from_file, _, _) = qipu(&["convert", "--to", "pgn", "--where", "round = 2", PGN]);
    assert_eq!(from_stdin, from_file);
    assert!(from_file.contains("[Round \"2\"]") && !from_file.contains("[Round \"1\"]"));
}

#[test]
fn show_draws_the_first_record_that_matches() {
    let (selected, _, status) = qipu(&["show", "--where", "black = 'Ke Jie'", SGF]);
    assert_eq!(status, 0);
    let (second, _, _) = qipu(&["show", "--record", "1", SGF]);
    assert_eq!(selected, second);
    let (_, err, status) = qipu(&["show", "--where", "black = Nobody", SGF]);
    assert_eq!(status, 2);
    assert!(err.contains("holds 0 records"), "{err}");
}

#[test]
fn a_bad_expression_is_a_usage_error_that_marks_where() {
    for (expr, message, caret) in [
        ("black ~", "expected a value", "         ^"),
        (
            "black Lee",
            "expected one of =, !=, <, <=, >, >=, ~",
            "        ^",
        ),
        (
            r#"white ~ "(""#,
            "not a regular expression: unclosed group",
            "          ^",
        ),
        ("(plies > 3", "expected `)`", "            ^"),
        (
            "李 = 3 李",
            "expected `and`, `or` or the end of the expression",
            "        ^",
        ),
    ] {
        let (out, err, status) = qipu(&["validate", "--where", expr, SGF]);
        assert_eq!(status, 2, "{expr}");
        assert!(out.is_empty());
        assert!(
            err.contains(&format!("'--where <EXPR>': {message}\n  {expr}\n{caret}\n")),
            "{expr}: {err}"
        );
    }
}
