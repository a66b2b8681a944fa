//! Encodings that never corrupt a record: a declared charset with a few bad sequences is
//! kept, UTF-8 with one bad byte stays UTF-8, and an encoding guessed from the bytes never
//! takes a `]` or a line end into a character. Every input is built here, byte by byte.

use encoding_rs::{Encoding, BIG5, EUC_KR, GB18030, SHIFT_JIS};
use qipu::diag::Diagnostic;
use qipu::record::Tags;
use qipu::write::{write_record, Format, WriteOptions};
use qipu::{read_document, Document, ReadOptions, RecordReport};

use crate::support::family::{family, Family};

fn keep() -> ReadOptions {
    ReadOptions {
        keep_records: true,
        ..ReadOptions::default()
    }
}

fn only(document: &Document) -> &RecordReport {
    let [report] = &document.records[..] else {
        panic!("one record expected, got {}", document.records.len());
    };
    report
}

fn tags(report: &RecordReport) -> &Tags {
    match family(report.record.as_ref().expect("kept record")) {
        Family::Go(go) => &go.tags,
        Family::Shatar(record) => &record.tags,
        Family::Draughts(record) => &record.tags,
    }
}

fn codes(report: &RecordReport) -> Vec<&'static str> {
    report.diagnostics.iter().map(Diagnostic::code).collect()
}

/// Line and column of each `bad-encoding` diagnostic.
fn bad_bytes(document: &Document, report: &RecordReport) -> Vec<(usize, usize)> {
    report
        .diagnostics
        .iter()
        .filter(|d| d.code() == "bad-encoding")
        .map(|d| {
            d.located(&document.text, &document.lines)
                .line_col()
                .expect("located")
        })
        .collect()
}

/// A Fox-style record (`KM[375]`, ranks in Chinese) whose White name ends in `张` cut to
/// its first two bytes. The five bytes of that name are odd, so GB18030 would pair the
/// last with the `]` after it, and `BR`, `WR`, `KM` and `RE` would end up in values.
fn fox_with_truncated_name(ca: bool) -> Vec<u8> {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(b"(;GM[1]FF[4]");
    if ca {
        bytes.extend_from_slice(b"CA[UTF-8]");
    }
    bytes.extend_from_slice("SZ[19]AP[foxwq]\nPB[柯洁]PW[李".as_bytes());
    bytes.extend_from_slice(&"张".as_bytes()[..2]);
    bytes.extend_from_slice("]BR[9段]WR[9段]KM[375]HA[0]RU[Japanese]RE[B+R]\n".as_bytes());
    bytes.extend_from_slice(b";B[pd];W[dp];B[pp];W[dd])\n");
    bytes
}

#[test]
fn a_truncated_utf8_name_under_ca_stays_utf8_and_intact() {
    for ca in [true, false] {
        let bytes = fox_with_truncated_name(ca);
        let document = read_document("fox.sgf", &bytes, &keep());
        assert_eq!(document.encoding, "UTF-8", "CA: {ca}");
        let report = only(&document);
        let tags = tags(report);
        for (name, value) in [
            ("PB", "柯洁"),
            ("PW", "李\u{FFFD}"),
            ("BR", "9段"),
            ("WR", "9段"),
            ("KM", "375"),
            ("RE", "B+R"),
            ("RU", "Japanese"),
        ] {
            assert_eq!(tags.get(name), Some(value), "{name} (CA: {ca})");
        }
        // The two bytes are one malformed sequence, on line 2 after `PB[柯洁]PW[李`.
        assert_eq!(bad_bytes(&document, report), [(2, 11)], "CA: {ca}");
        assert!(!codes(report).contains(&"encoding-mismatch"));
        assert_eq!(report.plies, 4);
    }
}

#[test]
fn converting_the_truncated_name_keeps_every_property() {
    let document = read_document("fox.sgf", &fox_with_truncated_name(true), &keep());
    let record = only(&document).record.as_ref().expect("kept");
    let sgf =
        write_record(record, "fox.sgf", 0, Format::Sgf, &WriteOptions::default()).expect("SGF");
    for property in [
        "PB[柯洁]",
        "PW[李\u{FFFD}]",
        "BR[9段]",
        "WR[9段]",
        "RE[B+R]",
    ] {
        assert!(sgf.contains(property), "{property} missing from {sgf}");
    }
    let again = read_document("again.sgf", sgf.as_bytes(), &keep());
    assert_eq!(tags(only(&again)).get("BR"), Some("9段"));
    assert_eq!(only(&again).plies, 4);
}

/// A short SGF without `CA` whose only non-ASCII text is two names, in `encoding`.
fn short_sgf(encoding: &'static Encoding, black: &str, white: &str) -> Vec<u8> {
    sgf_declaring("", encoding, black, white)
}

/// A short SGF whose root starts with `declaration`, written in `encoding`.
fn sgf_declaring(
    declaration: &str,
    encoding: &'static Encoding,
    black: &str,
    white: &str,
) -> Vec<u8> {
    let text =
        format!("(;GM[1]FF[4]{declaration}SZ[19]PB[{black}]PW[{white}]KM[7.5];B[pd];W[dp])\n");
    let (bytes, _, unmappable) = encoding.encode(&text);
    assert!(!unmappable, "{black}/{white} in {}", encoding.name());
    bytes.into_owned()
}

fn assert_names_read(encoding: &'static Encoding, name: &str, pairs: &[(&str, &str)]) {
    for (black, white) in pairs {
        let bytes = short_sgf(encoding, black, white);
        let document = read_document("short.sgf", &bytes, &keep());
        assert_eq!(document.encoding, name, "{black}/{white}");
        let report = only(&document);
        assert_eq!(tags(report).get("PB"), Some(*black));
        assert_eq!(tags(report).get("PW"), Some(*white));
        assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    }
}

#[test]
fn short_gb18030_names_without_ca() {
    // One- and two-character names: too little for statistics alone (`王`/`陈` looks like
    // windows-1251 to them), enough for an SGF, which is far more likely Chinese.
    assert_names_read(
        GB18030,
        "GB18030",
        &[
            ("王", "陈"),
            ("张三", "李四"),
            ("古力", "常昊"),
            ("柯洁", "朴廷桓"),
        ],
    );
}

#[test]
fn short_big5_shift_jis_and_euc_kr_names_without_ca() {
    assert_names_read(BIG5, "Big5", &[("張三", "李四"), ("林海峰", "許皓鋐")]);
    assert_names_read(
        SHIFT_JIS,
        "Shift_JIS",
        &[("山田", "佐藤"), ("井山裕太", "張栩")],
    );
    assert_names_read(
        EUC_KR,
        "EUC-KR",
        &[("김철수", "이세돌"), ("신진서", "박정환")],
    );
}

#[test]
fn a_gbk_trail_backslash_before_a_bracket_is_read_as_gb18030() {
    // `誠` is D5 5C: the bytes show `\]`, yet the name ends there.
    let bytes = short_sgf(GB18030, "李明", "王誠");
    let document = read_document("trail.sgf", &bytes, &keep());
    assert_eq!(document.encoding, "GB18030");
    assert_eq!(tags(only(&document)).get("PW"), Some("王誠"));
}

#[test]
fn a_declared_legacy_charset_with_one_bad_byte_is_kept() {
    let (name, _, _) = GB18030.encode("中国围棋协会");
    let mut bytes = b"(;GM[1]FF[4]CA[GB2312]PB[".to_vec();
    bytes.extend_from_slice(&name);
    bytes.extend_from_slice(b"\xFF]PW[x];B[pd])");
    let document = read_document("gb.sgf", &bytes, &keep());
    assert_eq!(document.encoding, "GB18030");
    let report = only(&document);
    assert_eq!(tags(report).get("PB"), Some("中国围棋协会\u{FFFD}"));
    assert_eq!(codes(report), ["bad-encoding"]);
    assert_eq!(bad_bytes(&document, report), [(1, 32)]);
}

#[test]
fn a_wrong_declaration_is_replaced_only_by_a_clean_reading() {
    // GBK bytes under `CA[UTF-8]`: GB18030 decodes them cleanly and keeps every token.
    let bytes = sgf_declaring("CA[UTF-8]", GB18030, "聂卫平", "马晓春");
    let document = read_document("mislabelled.sgf", &bytes, &keep());
    assert_eq!(document.encoding, "GB18030");
    let report = only(&document);
    assert_eq!(codes(report), ["encoding-mismatch"]);
    assert_eq!(tags(report).get("PW"), Some("马晓春"));
}

/// A UTF-8 Shatar PGN with Mongolian and Chinese names, one of them with a stray byte.
#[test]
fn a_utf8_pgn_with_one_bad_byte_stays_utf8() {
    let mut bytes = "[Event \"Улсын аварга\"]\n[Site \"Улаанбаатар\"]\n[White \"Батбаяр\"]\n"
        .as_bytes()
        .to_vec();
    bytes.extend_from_slice("[Black \"张".as_bytes());
    bytes.push(0xB5);
    bytes.extend_from_slice(
        "三\"]\n[Result \"*\"]\n[Variant \"Shatar\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n".as_bytes(),
    );
    let document = read_document("one-bad-byte.pgn", &bytes, &keep());
    assert_eq!(document.encoding, "UTF-8");
    let report = only(&document);
    assert_eq!(tags(report).get("White"), Some("Батбаяр"));
    assert_eq!(tags(report).get("Black"), Some("张\u{FFFD}三"));
    assert_eq!(tags(report).get("Event"), Some("Улсын аварга"));
    assert_eq!(bad_bytes(&document, report), [(4, 10)]);
    assert_eq!(report.plies, 4);
}

#[test]
fn labels_archives_write() {
    let expected = [
        ("UTF-8", "UTF-8"),
        ("UTF8", "UTF-8"),
        ("utf_8", "UTF-8"),
        ("GB2312", "gb18030"),
        ("gb2312", "gb18030"),
        ("GBK", "gb18030"),
        ("GB18030", "gb18030"),
        ("EUC-CN", "gb18030"),
        ("EUC_CN", "gb18030"),
        ("cp936", "gb18030"),
        ("CP936", "gb18030"),
        ("Big5", "Big5"),
        ("BIG-5", "Big5"),
        ("Big5-HKSCS", "Big5"),
        ("cp950", "Big5"),
        ("Shift_JIS", "Shift_JIS"),
        ("SJIS", "Shift_JIS"),
        ("x-sjis", "Shift_JIS"),
        ("MS_KANJI", "Shift_JIS"),
        ("Shift-JIS", "Shift_JIS"),
        ("cp932", "Shift_JIS"),
        ("Windows-31J", "Shift_JIS"),
        ("EUC-KR", "EUC-KR"),
        ("EUC_KR", "EUC-KR"),
        ("KS_C_5601-1987", "EUC-KR"),
        ("cp949", "EUC-KR"),
        ("UHC", "EUC-KR"),
        ("ISO-8859-1", "windows-1252"),
        ("ISO8859_1", "windows-1252"),
        ("ISO8859-1", "windows-1252"),
        ("Latin-1", "windows-1252"),
        ("Windows-1252", "windows-1252"),
        ("cp1251", "windows-1251"),
        ("EUC-JP", "EUC-JP"),
    ];
    for (label, name) in expected {
        let found = qipu::text::encoding_for_label(label).map(Encoding::name);
        assert_eq!(found, Some(name), "{label}");
    }
    assert_eq!(qipu::text::encoding_for_label("no-such-charset"), None);
    assert_eq!(qipu::text::encoding_for_label("GB2312"), Some(GB18030));
}

#[test]
fn no_guess_takes_a_bracket_when_utf8_is_too_broken() {
    // One well-formed character and one truncated: not "UTF-8 with a few bad bytes", so
    // the encoding is guessed. GB18030 decodes the bytes cleanly but takes the `]`; the
    // guess must be an encoding that leaves every property where it is.
    let mut bytes = b"(;GM[1]FF[4]SZ[19]PB[Ke Jie]PW[".to_vec();
    bytes.extend_from_slice("李".as_bytes());
    bytes.extend_from_slice(&"张".as_bytes()[..2]);
    bytes.extend_from_slice(b"]BR[9d]WR[9d]KM[375]RE[B+R];B[pd];W[dp];B[pp];W[dd])");
    let document = read_document("broken.sgf", &bytes, &keep());
    assert_ne!(document.encoding, "GB18030");
    let report = only(&document);
    for (name, value) in [("PB", "Ke Jie"), ("BR", "9d"), ("WR", "9d"), ("KM", "375")] {
        assert_eq!(tags(report).get(name), Some(value), "{name}");
    }
    assert_eq!(report.plies, 4);
}

/// A GBK record whose White name was cut after the first byte of `张` (D5 C5), leaving
/// D5 before the `]`: GB18030 reads D5 5D as a character, and would take the `]`.
fn gbk_with_truncated_name(declaration: &str) -> Vec<u8> {
    let head = format!("(;GM[1]FF[4]{declaration}SZ[19]\nPB[古力]PW[王");
    let (head, _, _) = GB18030.encode(&head);
    let mut bytes = head.into_owned();
    bytes.push(0xD5);
    let (tail, _, _) =
        GB18030.encode("]BR[九段]WR[九段]KM[7.5]RE[B+R]\n;B[pd];W[dp];B[pp];W[dd])\n");
    bytes.extend_from_slice(&tail);
    bytes
}

#[test]
fn a_gbk_name_cut_before_its_bracket_keeps_the_bracket() {
    for declaration in ["CA[GB2312]", ""] {
        let document = read_document("cut.sgf", &gbk_with_truncated_name(declaration), &keep());
        assert_eq!(document.encoding, "GB18030", "{declaration}");
        let report = only(&document);
        for (name, value) in [
            ("PB", "古力"),
            ("PW", "王\u{FFFD}"),
            ("BR", "九段"),
            ("WR", "九段"),
            ("KM", "7.5"),
            ("RE", "B+R"),
        ] {
            assert_eq!(
                tags(report).get(name),
                Some(value),
                "{name} ({declaration})"
            );
        }
        // The lone lead byte, on line 2 after `PB[古力]PW[王`.
        assert_eq!(bad_bytes(&document, report), [(2, 11)], "{declaration}");
        assert_eq!(report.plies, 4);
    }
}

#[test]
fn a_small_stream_is_decoded_as_a_whole_file() {
    // Standard input is streamed; one that fits the first sample is decoded like a file.
    let bytes = gbk_with_truncated_name("");
    let mut stream = qipu::stream::DocumentStream::new("-", &bytes[..], &keep());
    let document = stream.next_document().unwrap().expect("a document");
    assert_eq!(document.encoding, "GB18030");
    assert_eq!(tags(only(&document)).get("BR"), Some("九段"));
    assert!(stream.next_document().unwrap().is_none());
}

/// Past the part a stream decodes whole (8 MB), the stream decodes as the bytes come and
/// still ends a cut character before its `]`, in every record, wherever the windows and
/// pieces fall; the tags come out as from one record read whole.
#[test]
fn a_long_stream_keeps_every_bracket() {
    let one = gbk_with_truncated_name("CA[GB2312]");
    let copies = qipu::stream::WHOLE_DECODE / one.len() + 2_000;
    let big = one.repeat(copies);
    let alone = read_document("one.sgf", &one, &keep());
    let expected = codes(only(&alone));
    assert!(expected.contains(&"bad-encoding"));
    let mut stream = qipu::stream::DocumentStream::new("-", &big[..], &keep());
    let (mut records, mut documents) = (0, 0);
    while let Some(document) = stream.next_document().unwrap() {
        documents += 1;
        for report in &document.records {
            assert_eq!(codes(report), expected, "record {}", report.index);
            assert_eq!(tags(report).get("PW"), Some("王\u{FFFD}"));
            assert_eq!(tags(report).get("BR"), Some("九段"));
            assert_eq!(report.plies, 4);
            records += 1;
        }
    }
    assert_eq!(records, copies);
    assert!(documents > 100, "{documents} pieces");
}

/// UTF-16 without a byte-order mark is recognised before UTF-8 is tried (which would read
/// its NULs as characters), in either byte order, whole or streamed.
#[test]
fn utf16_without_a_bom_is_recognised() {
    let sgf = "(;GM[1]FF[4]SZ[9]PB[黑方]PW[白方];B[ee];W[cc])\n";
    let le: Vec<u8> = sgf.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = sgf.encode_utf16().flat_map(u16::to_be_bytes).collect();
    for (bytes, name) in [(le, "UTF-16LE"), (be, "UTF-16BE")] {
        let document = read_document("x.sgf", &bytes, &keep());
        assert_eq!(document.encoding, name);
        let report = only(&document);
        assert!(report.valid(), "{:?}", codes(report));
        assert_eq!(report.plies, 2);
        assert_eq!(tags(report).get("PB"), Some("黑方"));
        let mut stream = qipu::stream::DocumentStream::new("-", &bytes[..], &keep());
        let streamed = stream.next_document().unwrap().unwrap();
        assert_eq!(streamed.encoding, name);
        assert_eq!(only(&streamed).plies, 2);
    }
}
