//! Converting Go records keeps everything: an invalid record is still kept, its SGF has
//! every node and property as read, its JSON has the replayed moves plus the rest of the
//! main line as written; what JSON has no place for is named by `left_out`.

use qipu::diag::{Diagnostic, Severity};
use qipu::go::sgf::{unescape, GameTree};
use qipu::go::GoRecord;
use qipu::write::{left_out, write_record, Format, LeftOut, WriteOptions};
use qipu::{read_document, Document, ReadOptions, RecordReport};
use serde_json::Value;

fn read(text: &str) -> Document {
    let options = ReadOptions {
        keep_records: true,
        ..ReadOptions::default()
    };
    read_document("t.sgf", text.as_bytes(), &options)
}

fn only(document: &Document) -> &RecordReport {
    let [report] = &document.records[..] else {
        panic!("one record expected: {}", document.records.len());
    };
    report
}

fn go(report: &RecordReport) -> &GoRecord {
    match report.kept::<GoRecord>() {
        Some(record) => record,
        other => panic!("not a kept Go record: {other:?}"),
    }
}

fn write(report: &RecordReport, format: Format) -> String {
    let record = report.record.as_ref().expect("kept");
    write_record(record, "t.sgf", 0, format, &WriteOptions::default()).expect("written")
}

/// Every node's properties, each as its identifier and unescaped values, sorted: what a
/// tree says, whatever the order and escaping it was written in.
fn contents(tree: &GameTree) -> Vec<Vec<(String, Vec<String>)>> {
    tree.nodes()
        .map(|node| {
            let mut props: Vec<(String, Vec<String>)> = node
                .properties()
                .filter(|p| !matches!(p.ident(), "FF" | "CA" | "GM"))
                .map(|p| {
                    let values = p.values().map(|v| unescape(v.raw, false)).collect();
                    (p.ident().to_string(), values)
                })
                .collect();
            props.sort();
            props
        })
        .collect()
}

/// What the rules found: code, severity and move number, without positions in the text.
fn rules_found(report: &RecordReport) -> Vec<(&'static str, Severity, Option<u32>)> {
    let mut found: Vec<_> = report
        .diagnostics
        .iter()
        .map(|d: &Diagnostic| (d.code(), d.severity, d.ply))
        .collect();
    found.sort();
    found
}

/// The SGF of an invalid record, read back, holds the same tree and breaks the same rules.
fn assert_sgf_keeps_everything(text: &str) -> String {
    let document = read(text);
    let report = only(&document);
    assert!(!report.valid(), "{text}: expected an invalid record");
    let sgf = write(report, Format::Sgf);
    let again = read(&sgf);
    let again = only(&again);
    assert_eq!(
        go(again).extra.tree.len(),
        go(report).extra.tree.len(),
        "{sgf}"
    );
    assert_eq!(
        contents(&go(again).extra.tree),
        contents(&go(report).extra.tree),
        "{sgf}"
    );
    assert_eq!(rules_found(again), rules_found(report), "{sgf}");
    assert_eq!(again.plies, report.plies, "{sgf}");
    sgf
}

#[test]
fn invalid_records_are_written_whole_as_sgf() {
    for text in [
        // Occupied point in the main line, with comments, markup, unknown properties and
        // a variation after the illegal move.
        "(;GM[1]SZ[9]C[root]XX[unknown];B[ee];W[cc]MA[dd];B[ee]C[oops];W[gg](;B[hh])(;B[aa]N[v]))",
        // Suicide, then moves after it.
        "(;GM[1]SZ[3]AB[aa][ab]AW[ba][bb][bc];B[ac]TR[ac];W[cc])",
        // The ko retaken at once.
        "(;GM[1]SZ[4:3]AB[ba][ab][bc][cb]AW[ca][db][cc];W[bb]C[takes];B[cb]C[retakes];W[aa])",
        // A move off the board.
        "(;GM[1]SZ[9];B[ee];W[zz];B[cc])",
    ] {
        assert_sgf_keeps_everything(text);
    }
}

#[test]
fn an_illegal_move_deep_in_a_joseki_dictionary_loses_nothing() {
    // A dictionary-like tree: 40 variations from the root, each a few moves with
    // comments and markup; the 27th plays on an occupied point in its third move.
    let mut text = String::from("(;GM[1]SZ[19]C[Joseki dictionary]");
    for k in 0..40u8 {
        let x = char::from(b'a' + k % 19);
        let y = char::from(b'a' + k / 19);
        let third = if k == 26 {
            format!("{x}{y}")
        } else {
            "pp".to_string()
        };
        text.push_str(&format!(
            "(;B[{x}{y}]C[line {k}];W[dd]TR[{x}{y}];B[{third}]LB[dd:A];W[qq])"
        ));
    }
    text.push(')');
    let document = read(&text);
    let report = only(&document);
    let errors: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| (d.code(), d.ply))
        .collect();
    assert_eq!(errors, [("occupied-point", Some(3))]);
    // The main line is the first variation, replayed whole.
    assert_eq!(report.plies, 4);
    let sgf = assert_sgf_keeps_everything(&text);
    assert_eq!(sgf.matches("(;").count(), 41, "{sgf}");
    // JSON holds the 39 other lines whole and the broken one up to its illegal move.
    assert_eq!(
        left_out(report.record.as_ref().expect("kept"), Format::Json),
        [LeftOut::Variations, LeftOut::Markup]
    );
}

#[test]
fn recovered_syntax_errors_keep_the_record() {
    // An unclosed tree and a missing `;`: read, replayed, written closed and complete.
    for text in [
        "(;GM[1]SZ[9];B[ee];W[cc];B[ee]",
        "(;GM[1]SZ[9];B[ee](W[cc];B[ee]))",
    ] {
        let document = read(text);
        let report = only(&document);
        assert!(!report.valid(), "{text}");
        let sgf = write(report, Format::Sgf);
        let again = read(&sgf);
        let again = only(&again);
        assert_eq!(
            contents(&go(again).extra.tree),
            contents(&go(report).extra.tree),
            "{sgf}"
        );
        // The writer fixes the syntax; what the rules say stays.
        let rules = |r: &RecordReport| {
            rules_found(r)
                .into_iter()
                .filter(|(code, ..)| !matches!(*code, "unclosed-game-tree" | "missing-semicolon"))
                .collect::<Vec<_>>()
        };
        assert_eq!(rules(again), rules(report), "{sgf}");
    }
}

#[test]
fn json_keeps_the_unreplayed_rest_of_the_main_line_as_written() {
    let text = "(;GM[1]SZ[9];B[ee];W[cc]\n;B[ee]C[oops]\n;W[gg](;B[hh])(;B[aa]))";
    let document = read(text);
    let report = only(&document);
    assert_eq!(report.plies, 2);
    let json: Value = serde_json::from_str(&write(report, Format::Json)).expect("JSON");
    let moves = json["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 2);
    assert_eq!(json["unreplayed"], ";B[ee]C[oops];W[gg];B[hh]");
    // The alternative to B[hh] hangs off the unreplayed part: named as left out.
    let record = report.record.as_ref().expect("kept");
    assert_eq!(left_out(record, Format::Json), [LeftOut::Variations]);
    // Markup in the unreplayed part is in `unreplayed`; in the replayed part it is lost.
    for (text, lost) in [
        (
            "(;GM[1]SZ[9];B[ee];W[cc];B[ee]TR[ee];W[gg]LB[gg:A])",
            vec![],
        ),
        (
            "(;GM[1]SZ[9];B[ee]TR[ee];W[cc];B[ee];W[gg])",
            vec![LeftOut::Markup],
        ),
    ] {
        let document = read(text);
        let record = only(&document).record.as_ref().expect("kept");
        assert_eq!(left_out(record, Format::Json), lost, "{text}");
    }
    // A valid record has no unreplayed part.
    let document = read("(;GM[1]SZ[9];B[ee];W[cc])");
    let json: Value = serde_json::from_str(&write(only(&document), Format::Json)).expect("JSON");
    assert_eq!(json["unreplayed"], Value::Null);
}

#[test]
fn json_names_what_it_cannot_carry() {
    let text = "Archive note\n(;GM[1]FF[4]CA[UTF-8]SZ[9]AP[Editor:1]PB[a]KM[6.5]C[root]\
                ;B[ee]N[opening]TE[1]MA[cc];W[cc]LB[dd:A]XY[z]BL[30]\
                (;B[gg];AB[aa]C[setup in a line])(;W[hh]C[a white move])(;C[no moves]PB[b]))";
    let document = read(text);
    let report = only(&document);
    let record = report.record.as_ref().expect("kept");
    assert_eq!(
        left_out(record, Format::Json),
        [
            LeftOut::Tag("PB".to_string()),
            LeftOut::Comments,
            LeftOut::Variations,
            LeftOut::Markup,
            LeftOut::NodeNames,
            LeftOut::Annotations,
            LeftOut::TextOutsideRecords,
            LeftOut::Property("AB".to_string()),
            LeftOut::Property("AP".to_string()),
            LeftOut::Property("BL".to_string()),
            LeftOut::Property("XY".to_string()),
        ]
    );
    // The JSON indeed has none of them, and every comment that has a move to ride on.
    let json = write(report, Format::Json);
    for absent in ["opening", "Editor", "Archive", "no moves", "\"z\""] {
        assert!(!json.contains(absent), "{absent} in {json}");
    }
    for present in ["root", "setup in a line", "a white move"] {
        assert!(json.contains(present), "{present} not in {json}");
    }
    // SGF keeps all of it, the note before the tree too.
    assert_eq!(left_out(record, Format::Sgf), []);
    let sgf = write(report, Format::Sgf);
    assert!(sgf.starts_with("Archive note\n(;FF[4]"), "{sgf}");
    let again = read(&sgf);
    assert_eq!(
        go(only(&again)).extra.before.as_deref(),
        Some("Archive note")
    );
    assert_eq!(write(only(&again), Format::Sgf), sgf);
}

#[test]
fn text_after_the_last_tree_is_kept_in_sgf() {
    let document = read("(;GM[1]SZ[9];B[ee])\n\n-- end of the club archive --\n");
    let report = only(&document);
    let sgf = write(report, Format::Sgf);
    assert!(sgf.ends_with(")\n-- end of the club archive --\n"), "{sgf}");
    assert_eq!(
        left_out(report.record.as_ref().expect("kept"), Format::Sgf),
        []
    );
    assert_eq!(
        left_out(report.record.as_ref().expect("kept"), Format::Json),
        [LeftOut::TextOutsideRecords]
    );
    let again = read(&sgf);
    assert_eq!(write(only(&again), Format::Sgf), sgf);
}

#[test]
fn a_comment_without_a_move_to_ride_on_is_named() {
    let document = read("(;GM[1]SZ[9];B[ee](;W[cc])(;C[only a comment]))");
    let record = only(&document).record.as_ref().expect("kept");
    assert_eq!(
        left_out(record, Format::Json),
        [LeftOut::Comments, LeftOut::Variations]
    );
}

#[test]
fn text_before_the_tree_that_sgf_cannot_hold_is_named() {
    // A `(` in the text would start a tree when read back: it is not written.
    let document = read("Copyright (c) 2020 the club\n(;GM[1]SZ[9];B[ee])");
    let report = only(&document);
    let record = report.record.as_ref().expect("kept");
    assert_eq!(left_out(record, Format::Sgf), [LeftOut::TextOutsideRecords]);
    assert!(write(report, Format::Sgf).starts_with("(;FF[4]"));
}
