//! A property repeated in one node: merged with a warning where that keeps the record's
//! meaning (GNU Go 2.x `AB[pd]AB[dp]`, Fox `AP[…]…AP[…]`), an error where it cannot be
//! (two different moves, sizes, komis); the SGF writer writes a merged property once.

use qipu::diag::Severity;
use qipu::write::{write_record, Format, WriteOptions};
use qipu::{read_document, Document, ReadOptions, RecordReport};

use crate::support::fixtures::fixture;

fn read_bytes(source: &str, bytes: &[u8]) -> Document {
    let options = ReadOptions {
        keep_records: true,
        ..ReadOptions::default()
    };
    read_document(source, bytes, &options)
}

fn read_fixture(name: &str) -> Document {
    let path = fixture("go/repeated").join(name).display().to_string();
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    read_bytes(&path, &bytes)
}

fn only(document: &Document) -> &RecordReport {
    let [report] = &document.records[..] else {
        panic!("one record expected: {}", document.records.len());
    };
    report
}

fn found(report: &RecordReport) -> Vec<(&'static str, Severity)> {
    report
        .diagnostics
        .iter()
        .map(|d| (d.code(), d.severity))
        .collect()
}

fn help_of(report: &RecordReport, code: &str) -> String {
    report
        .diagnostics
        .iter()
        .find(|d| d.code() == code)
        .and_then(|d| d.kind.help())
        .unwrap_or_else(|| panic!("no help for {code}: {:?}", report.diagnostics))
}

fn sgf(report: &RecordReport) -> String {
    let record = report.record.as_ref().expect("kept");
    write_record(record, "t.sgf", 0, Format::Sgf, &WriteOptions::default()).expect("SGF")
}

fn main_line(report: &RecordReport) -> Vec<String> {
    let Some(record) = report.kept::<qipu::go::GoRecord>() else {
        panic!("a Go record");
    };
    record.moves.iter().map(|n| n.text.clone()).collect()
}

#[test]
fn gnu_go_handicap_stones_one_property_each() {
    let document = read_fixture("gnugo2-handicap.sgf");
    let report = only(&document);
    // Both stones count: no false handicap-mismatch.
    assert_eq!(
        found(report),
        [
            ("result-unverifiable", Severity::Note),
            ("merged-property", Severity::Warning)
        ]
    );
    assert!(report.valid());
    assert_eq!(report.plies, 33);
    assert_eq!(
        help_of(report, "merged-property"),
        "write one AB with all points: AB[pd][dp]"
    );
    let Some(record) = report.kept::<qipu::go::GoRecord>() else {
        panic!("a Go record");
    };
    assert_eq!(
        record.start.as_ref().map(ToString::to_string).as_deref(),
        Some("AB[pd][dp]")
    );

    let written = sgf(report);
    assert_eq!(written.matches("AB[").count(), 1, "{written}");
    assert!(written.contains("AB[pd][dp]"), "{written}");
    let again = read_bytes("again.sgf", written.as_bytes());
    let again = only(&again);
    assert_eq!(found(again), [("result-unverifiable", Severity::Note)]);
    assert_eq!(main_line(again), main_line(report));
}

#[test]
fn fox_application_written_twice() {
    let document = read_fixture("fox-two-ap.sgf");
    let report = only(&document);
    assert_eq!(
        found(report),
        [
            ("komi-normalised", Severity::Note),
            ("result-unverifiable", Severity::Note),
            ("old-property", Severity::Note),
            ("merged-property", Severity::Warning),
            ("application-without-version", Severity::Warning)
        ]
    );
    assert!(report.valid());
    assert_eq!(
        help_of(report, "merged-property"),
        "keep one value: AP[GNU Go:3.8] or AP[foxwq] (qipu writes both in one AP)"
    );
    let written = sgf(report);
    assert!(written.contains("AP[GNU Go:3.8][foxwq]"), "{written}");
    assert_eq!(written.matches("AP[").count(), 1, "{written}");
    let again = read_bytes("again.sgf", written.as_bytes());
    assert!(
        !found(only(&again)).contains(&("merged-property", Severity::Warning)),
        "{written}"
    );
}

#[test]
fn repeats_that_change_the_meaning_are_errors() {
    let cases = [
        (
            "(;GM[1]SZ[9];B[cc]B[gg])",
            "keep the move that was played; an alternative goes in a variation: \
             (;B[cc])(;B[gg])",
        ),
        (
            "(;GM[1]SZ[9]SZ[13];B[cc])",
            "keep one value: SZ[9] or SZ[13]",
        ),
        (
            "(;GM[1]SZ[9]KM[6.5]KM[7.5];B[cc])",
            "keep one value: KM[6.5] or KM[7.5]",
        ),
    ];
    for (text, help) in cases {
        let document = read_bytes("t.sgf", text.as_bytes());
        let report = only(&document);
        assert!(
            found(report).contains(&("duplicate-property", Severity::Error)),
            "{text}: {:?}",
            report.diagnostics
        );
        assert_eq!(help_of(report, "duplicate-property"), help, "{text}");
        // Nothing is decided for the reader: the SGF keeps both as read.
        let written = sgf(report);
        let again = read_bytes("again.sgf", written.as_bytes());
        assert_eq!(found(only(&again)), found(report), "{written}");
    }
}

#[test]
fn identical_repeats_are_only_a_warning() {
    let document = read_bytes("t.sgf", b"(;GM[1]SZ[9]KM[6.5]KM[6.5];B[cc]B[cc];W[gg])");
    let report = only(&document);
    assert_eq!(
        found(report),
        [
            ("merged-property", Severity::Warning),
            ("merged-property", Severity::Warning)
        ]
    );
    // The repeated move is one move, not a move on an occupied point.
    assert_eq!(report.plies, 2);
    assert_eq!(
        help_of(report, "merged-property"),
        "keep one value: KM[6.5]"
    );
    let written = sgf(report);
    assert!(written.contains(";B[cc];W[gg]"), "{written}");
    assert_eq!(written.matches("KM[").count(), 1, "{written}");
}

#[test]
fn repeated_comments_are_joined() {
    let document = read_bytes("t.sgf", b"(;GM[1]SZ[9];B[cc]C[first]C[second])");
    let report = only(&document);
    assert_eq!(found(report), [("merged-property", Severity::Warning)]);
    assert_eq!(
        help_of(report, "merged-property"),
        "write one C with both texts"
    );
    let Some(record) = report.kept::<qipu::go::GoRecord>() else {
        panic!("a Go record");
    };
    assert_eq!(record.moves[0].comment.as_deref(), Some("first\nsecond"));
    let written = sgf(report);
    assert!(written.contains("C[first\nsecond]"), "{written}");
}

#[test]
fn unknown_properties_are_merged() {
    let document = read_bytes("t.sgf", b"(;GM[1]SZ[9]XQ[1]XQ[2];B[cc])");
    let report = only(&document);
    assert_eq!(found(report), [("merged-property", Severity::Warning)]);
    assert!(sgf(report).contains("XQ[1][2]"));
}
