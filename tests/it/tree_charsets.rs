//! One charset per game tree (issue 18, items 4 and 5): a collection whose trees declare
//! different charsets is decoded tree by tree, each by its own `CA`, a tree without `CA`
//! as the file's other such trees, a tree in UTF-16 where it stands; and a file without
//! `CA` whose statistical guess breaks the SGF structure is read in the East Asian encoding
//! that keeps it, with a note. Every input is built here, byte by byte; whole files,
//! standard input and streams over 8 MB read alike.

use encoding_rs::{Encoding, BIG5, EUC_KR, GB18030, GBK, SHIFT_JIS, UTF_8};
use qipu::diag::Diagnostic;
use qipu::family::Family;
use qipu::go::{Go, GoRecord};
use qipu::stream::{DocumentStream, WHOLE_DECODE};
use qipu::{read_document, Document, ReadOptions, RecordReport};

use crate::support::rng::Rng;
use crate::support::run::qipu_with_input;

fn keep() -> ReadOptions {
    ReadOptions {
        keep_records: true,
        ..ReadOptions::default()
    }
}

/// How a tree writes its characters.
#[derive(Clone, Copy, Debug)]
enum Form {
    /// Bytes of its encoding, trail bytes `\` and `]` as they come (as legacy editors
    /// write them).
    Bytes,
    /// UTF-16 code units throughout, with or without a byte-order mark.
    Utf16 { bom: bool },
    /// An ASCII root and structure, its text values in UTF-16 with every `\` and `]`
    /// byte escaped, as SGFC writes `CA[UTF-16LE]` trees.
    Utf16Values,
    /// Bytes, with an escape before every `\` or `]` byte, trail bytes included, as
    /// SGFC writes them.
    EscapedBytes,
}

/// A game tree to write: its players and root comment, its `CA` (none: left out), the
/// encoding its bytes are in and how.
#[derive(Clone, Debug)]
struct Tree {
    black: String,
    white: String,
    comment: String,
    ca: Option<&'static str>,
    encoding: &'static Encoding,
    form: Form,
}

/// SGF text escapes.
fn escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    text.encode_utf16()
        .flat_map(|unit| {
            if big_endian {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            }
        })
        .collect()
}

/// Bytes of `text` in `encoding` (all of it encodable).
fn encoded(text: &str, encoding: &'static Encoding) -> Vec<u8> {
    if encoding == encoding_rs::UTF_16LE || encoding == encoding_rs::UTF_16BE {
        return utf16(text, encoding == encoding_rs::UTF_16BE);
    }
    let (bytes, _, unmappable) = encoding.encode(text);
    assert!(!unmappable, "{text} in {}", encoding.name());
    bytes.into_owned()
}

/// Every `\` and `]` byte escaped (SGFC's escaping, blind to characters).
fn byte_escaped(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for &byte in bytes {
        if matches!(byte, b'\\' | b']') {
            out.push(b'\\');
        }
        out.push(byte);
    }
    out
}

impl Tree {
    fn bytes(&self) -> Vec<u8> {
        let ca = self
            .ca
            .map(|label| format!("CA[{label}]"))
            .unwrap_or_default();
        match self.form {
            Form::Bytes | Form::Utf16 { .. } => {
                let text = format!(
                    "(;FF[4]GM[1]SZ[19]{ca}PB[{}]PW[{}]\nC[{}];B[pd];W[dd])\n",
                    escaped(&self.black),
                    escaped(&self.white),
                    escaped(&self.comment)
                );
                let mut bytes = Vec::new();
                if let Form::Utf16 { bom: true } = self.form {
                    bytes.extend(encoded("\u{FEFF}", self.encoding));
                }
                bytes.extend(encoded(&text, self.encoding));
                bytes
            }
            Form::Utf16Values | Form::EscapedBytes => {
                let mut bytes = format!("(;FF[4]GM[1]SZ[19]{ca}").into_bytes();
                for (ident, text) in [
                    ("PB", &self.black),
                    ("PW", &self.white),
                    ("\nC", &self.comment),
                ] {
                    bytes.extend_from_slice(ident.as_bytes());
                    bytes.push(b'[');
                    bytes.extend(byte_escaped(&encoded(text, self.encoding)));
                    bytes.push(b']');
                }
                bytes.extend_from_slice(b";B[pd];W[dd])\n");
                bytes
            }
        }
    }

    /// The encoding a reader should name for it.
    fn encoding_name(&self) -> &'static str {
        qipu::text::encoding_display_name(self.encoding)
    }
}

fn go(report: &RecordReport) -> &GoRecord {
    report.kept::<GoRecord>().expect("a kept Go record")
}

/// PB, PW and the root's comment, as read.
fn texts(report: &RecordReport) -> (String, String, String) {
    let root = go(report).extra.tree.root();
    let text = |ident: &str| {
        root.get(ident)
            .and_then(|p| p.value())
            .map(|v| v.text())
            .unwrap_or_default()
    };
    (text("PB"), text("PW"), text("C"))
}

fn codes(report: &RecordReport) -> Vec<&'static str> {
    report.diagnostics.iter().map(Diagnostic::code).collect()
}

/// Each record of `document` against its tree: texts, encoding, no diagnostic but
/// those `allowed`.
fn assert_read(document: &Document, trees: &[Tree], allowed: &[&str], context: &str) {
    assert_eq!(document.records.len(), trees.len(), "{context}");
    for (report, tree) in document.records.iter().zip(trees) {
        let expected = (tree.black.clone(), tree.white.clone(), tree.comment.clone());
        assert_eq!(texts(report), expected, "{context}: {tree:?}");
        assert_eq!(
            document.encoding_of(report),
            tree.encoding_name(),
            "{context}: {tree:?}"
        );
        let unexpected: Vec<_> = codes(report)
            .into_iter()
            .filter(|code| !allowed.contains(code))
            .collect();
        assert!(unexpected.is_empty(), "{context}: {tree:?}: {unexpected:?}");
        assert_eq!(report.plies, 2, "{context}: {tree:?}");
    }
}

fn collection(trees: &[Tree]) -> Vec<u8> {
    trees.iter().flat_map(Tree::bytes).collect()
}

/// The shape of SGFC's `test-files/mixed-encoding.sgf`, in texts of our own: a tree with
/// an ASCII root and UTF-16LE values, one in ISO-8859-15, one without `CA`, one in GB18030
/// whose trail bytes `\` and `]` are escaped (`運` DF 5C, `揮` 93 5D), one in Shift_JIS
/// with a `\`.
fn sgfc_shape() -> Vec<Tree> {
    let tree = |black: &str, comment: &str, ca, encoding, form| Tree {
        black: black.to_string(),
        white: "Weiß".to_string(),
        comment: comment.to_string(),
        ca,
        encoding,
        form,
    };
    let latin9 = Encoding::for_label(b"iso-8859-15").unwrap();
    vec![
        tree(
            "Jürgen",
            "grüß dich: 10 € [sic]",
            Some("UTF-16LE"),
            encoding_rs::UTF_16LE,
            Form::Utf16Values,
        ),
        tree(
            "Jürgen",
            "grüß dich: 10 €",
            Some("ISO-8859-15"),
            latin9,
            Form::Bytes,
        ),
        tree("Ann", "plain", None, UTF_8, Form::Bytes),
        Tree {
            white: "指揮".to_string(),
            ..tree(
                "運輸",
                "趙治勲 交通運輸\n指揮權",
                Some("GB18030"),
                GB18030,
                Form::EscapedBytes,
            )
        },
        Tree {
            white: "ソ".to_string(),
            ..tree(
                "表",
                "Yen: \\ 能力",
                Some("SHIFT_JIS"),
                SHIFT_JIS,
                Form::EscapedBytes,
            )
        },
    ]
}

#[test]
fn sgfc_mixed_encoding_shape_decodes_each_tree_by_its_own_charset() {
    let trees = sgfc_shape();
    let bytes = collection(&trees);
    let allowed = ["other-charset", "escape-in-character"];
    let whole = read_document("mixed.sgf", &bytes, &keep());
    assert_read(&whole, &trees, &allowed, "whole");
    // The GB18030 tree's escapes inside characters are read as such, and said so.
    let gb = &whole.records[3];
    let note = gb
        .diagnostics
        .iter()
        .find(|d| d.code() == "escape-in-character")
        .expect("a note on the escapes");
    assert_eq!(note.severity, qipu::Severity::Note);
    // Standard input, streamed, reads the same.
    let mut stream = DocumentStream::new("-", &bytes[..], &keep());
    let streamed = stream.next_document().unwrap().expect("a document");
    assert_read(&streamed, &trees, &allowed, "streamed");
    // JSON names each record's own encoding.
    let (json, _, status) = qipu_with_input(
        &["validate", "--format", "json", "--game", "go", "-"],
        &bytes,
    );
    assert_eq!(status, 0, "{json}");
    let encodings: Vec<&str> = json
        .lines()
        .map(|line| {
            line.split("\"encoding\":\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(
        encodings,
        ["UTF-16LE", "ISO-8859-15", "UTF-8", "GB18030", "Shift_JIS"]
    );
    assert!(!json.contains("binary-file"), "{json}");
}

#[test]
fn converting_a_mixed_collection_writes_every_tree_in_utf8() {
    let trees = sgfc_shape();
    let bytes = collection(&trees);
    let dir = std::env::temp_dir().join(format!("qipu-tree-charsets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mixed.sgf");
    std::fs::write(&path, &bytes).unwrap();
    let (from_file, _, status) =
        crate::support::run::qipu(&["convert", "--to", "sgf", path.to_str().unwrap()]);
    assert_eq!(status, 0);
    let (from_stdin, _, _) =
        qipu_with_input(&["convert", "--to", "sgf", "--game", "go", "-"], &bytes);
    assert_eq!(from_file, from_stdin);
    std::fs::remove_dir_all(&dir).unwrap();
    for tree in &trees {
        assert!(
            from_file.contains(&format!("PB[{}]", escaped(&tree.black))),
            "{from_file}"
        );
        assert!(
            from_file.contains(&escaped(&tree.comment)),
            "{}: {from_file}",
            tree.comment
        );
    }
    // Only what is written is declared: CA[UTF-8] once a tree, no other charset.
    assert_eq!(from_file.matches("CA[").count(), trees.len());
    assert_eq!(from_file.matches("CA[UTF-8]").count(), trees.len());
    // Read back, the output is one UTF-8 collection with the same texts.
    let again = read_document("again.sgf", from_file.as_bytes(), &keep());
    let utf8: Vec<Tree> = trees
        .iter()
        .map(|tree| Tree {
            encoding: UTF_8,
            ..tree.clone()
        })
        .collect();
    assert_read(&again, &utf8, &[], "converted");
}

/// Characters each encoding is tried with: common and rare CJK, kana, Hangul, Latin, and
/// those whose trail byte is `\` or `]` in one encoding or another (GBK `昞` 95 5C, `奭`
/// 8A 5D, `誠` D5 5C; Shift_JIS `表` 95 5C, `能` 94 5C, `ソ` 83 5C; Big5 `許` B3 5C,
/// `功` A5 5C).
const POOL: &str = "黑白棋局对手先后胜负目半李王张趙治勲運輸指揮權昞奭誠許功表能ソ\
                    かなカナ의바둑기사정석ÄöüßéñØ";

/// The characters of [`POOL`] that `encoding` can write.
fn alphabet(encoding: &'static Encoding) -> Vec<char> {
    POOL.chars()
        .filter(|c| {
            let text = c.to_string();
            !encoding.encode(&text).2
                && encoding
                    .decode_without_bom_handling(&encoding.encode(&text).0)
                    .0
                    == text
        })
        .collect()
}

/// `shortest` to `shortest + spread - 1` characters of `alphabet`.
fn word(rng: &mut Rng, alphabet: &[char], shortest: usize, spread: usize) -> String {
    let len = shortest + rng.below(spread);
    (0..len)
        .map(|_| alphabet[rng.below(alphabet.len())])
        .collect()
}

/// A random tree in a random charset: legacy ones declare it (with one of their labels),
/// UTF-8 and UTF-16 ones may not; UTF-16 trees are UTF-16 throughout or, declared, in
/// their values only.
fn random_tree(rng: &mut Rng) -> Tree {
    let choices: [(&'static Encoding, &[&'static str]); 8] = [
        (UTF_8, &["UTF-8", "utf8"]),
        (GB18030, &["GB18030", "GB2312", "cp936"]),
        (GBK, &["GBK"]),
        (SHIFT_JIS, &["Shift_JIS", "SJIS", "cp932"]),
        (EUC_KR, &["EUC-KR", "cp949"]),
        (BIG5, &["Big5", "cp950"]),
        (encoding_rs::UTF_16LE, &["UTF-16LE"]),
        (encoding_rs::UTF_16BE, &["UTF-16BE"]),
    ];
    let (encoding, labels) = choices[rng.below(choices.len())];
    let legacy = encoding != UTF_8 && encoding.is_ascii_compatible();
    let declared = legacy || rng.below(2) == 0;
    let form = if encoding.is_ascii_compatible() {
        Form::Bytes
    } else if declared && rng.below(2) == 0 {
        Form::Utf16Values
    } else {
        Form::Utf16 {
            bom: rng.below(2) == 0,
        }
    };
    let letters = alphabet(if encoding.is_ascii_compatible() {
        encoding
    } else {
        UTF_8
    });
    let mut comment = word(rng, &letters, 6, 20);
    if rng.below(3) == 0 {
        comment.push_str(" a [bracket] and a \\ ");
        comment.push_str(&word(rng, &letters, 4, 1));
    }
    Tree {
        black: word(rng, &letters, 2, 3),
        white: word(rng, &letters, 2, 3),
        comment,
        ca: declared.then(|| labels[rng.below(labels.len())]),
        encoding,
        form,
    }
}

/// Generated: collections of two to six trees in random charsets decode each tree to its
/// own text, read whole, from a stream, and from standard input as `validate` does.
#[test]
fn random_collections_decode_every_tree_to_its_text() {
    let mut rng = Rng(0x5eed_c0de_0018_0004);
    for round in 0..200 {
        let trees: Vec<Tree> = (0..2 + rng.below(5))
            .map(|_| random_tree(&mut rng))
            .collect();
        let bytes = collection(&trees);
        let context = format!("round {round}");
        let whole = read_document("random.sgf", &bytes, &keep());
        assert_read(
            &whole,
            &trees,
            &["other-charset"],
            &format!("{context} whole"),
        );
        let mut stream = DocumentStream::new("-", &bytes[..], &keep());
        let streamed = stream.next_document().unwrap().expect("a document");
        assert_read(
            &streamed,
            &trees,
            &["other-charset"],
            &format!("{context} streamed"),
        );
    }
}

/// Past the first 8 MB, a stream decodes every later tree by its own charset too, piece
/// after piece, as the whole file is read.
#[test]
fn a_long_mixed_stream_decodes_every_tree_by_its_own_charset() {
    let mut rng = Rng(0x0018_0004_0000_0b16);
    let block: Vec<Tree> = (0..40).map(|_| random_tree(&mut rng)).collect();
    let one = collection(&block);
    let copies = (WHOLE_DECODE + (1 << 20)) / one.len() + 1;
    let bytes = one.repeat(copies);
    let trees: Vec<Tree> = block
        .iter()
        .cycle()
        .take(block.len() * copies)
        .cloned()
        .collect();
    let mut stream = DocumentStream::new("-", &bytes[..], &keep());
    let (mut at, mut documents) = (0, 0);
    while let Some(document) = stream.next_document().unwrap() {
        let n = document.records.len();
        assert_read(
            &document,
            &trees[at..at + n],
            &["other-charset"],
            &format!("piece {documents}"),
        );
        at += n;
        documents += 1;
    }
    assert_eq!(at, trees.len());
    assert!(documents > 10, "{documents} pieces");
}

/// Item 5: GBK `昞` is 95 5C and `奭` 8A 5D. Without `CA`, the statistics chose
/// windows-1252, which read an escape and a `]` in them, lost `PW` and reported
/// `unexpected-text`; GB18030 decodes the bytes cleanly and keeps the structure, so it is
/// used, with a note that names both.
#[test]
fn a_trail_backslash_or_bracket_without_ca_is_read_by_the_structure() {
    let sgf = "(;GM[1]FF[4]PB[昞奭因]PW[李];B[pd])";
    let (bytes, _, _) = GBK.encode(sgf);
    for document in [
        read_document("gbk.sgf", &bytes, &keep()),
        DocumentStream::new("-", &bytes[..], &keep())
            .next_document()
            .unwrap()
            .unwrap(),
    ] {
        assert_eq!(document.encoding, "GB18030");
        let report = &document.records[0];
        assert_eq!(codes(report), ["encoding-from-structure"]);
        assert!(report.valid());
        let (black, white, _) = texts(report);
        assert_eq!((black.as_str(), white.as_str()), ("昞奭因", "李"));
        let note = &report.diagnostics[0];
        assert_eq!(note.severity, qipu::Severity::Note);
        assert!(
            note.kind.message().contains("windows-1252"),
            "{}",
            note.kind.message()
        );
        assert!(
            note.kind.message().contains("GB18030"),
            "{}",
            note.kind.message()
        );
    }
    let (json, _, status) = qipu_with_input(
        &["validate", "--format", "json", "--game", "go", "-"],
        &bytes,
    );
    assert_eq!(status, 0);
    assert!(json.contains("\"encoding\":\"GB18030\""), "{json}");
    assert!(
        json.contains("\"code\":\"encoding-from-structure\""),
        "{json}"
    );
    let (zh, _, _) = qipu_with_input(
        &[
            "validate", "--format", "json", "--lang", "zh", "--game", "go", "-",
        ],
        &bytes,
    );
    assert!(zh.contains("SGF 结构"), "{zh}");
    // Converted, PW is kept, and no charset is written but the output's own.
    let (sgf_out, _, _) = qipu_with_input(&["convert", "--to", "sgf", "--game", "go", "-"], &bytes);
    assert!(sgf_out.contains("PB[昞奭因]PW[李]"), "{sgf_out}");
    assert_eq!(sgf_out.matches("CA[").count(), 1);
}

/// The Shift_JIS `5C` cases (`表`, `能`): windows-1252 escapes each `]` after them, so
/// that one value swallows the next property; Shift_JIS reads every value.
#[test]
fn shift_jis_trail_backslashes_without_ca_keep_every_property() {
    let sgf = "(;GM[1]FF[4]PB[表]PW[能];B[pd])";
    let (bytes, _, _) = SHIFT_JIS.encode(sgf);
    let document = read_document("sjis.sgf", &bytes, &keep());
    assert_eq!(document.encoding, "Shift_JIS");
    let report = &document.records[0];
    let (black, white, _) = texts(report);
    assert_eq!((black.as_str(), white.as_str()), ("表", "能"));
    assert_eq!(report.plies, 1);
}

/// A declared charset wins over any guess, as before: CA[windows-1252] over the GBK bytes
/// reads them as windows-1252, with no note.
#[test]
fn a_declared_charset_still_wins_over_the_structure() {
    let (bytes, _, _) = GBK.encode("(;GM[1]FF[4]CA[windows-1252]PB[昞奭因]PW[李];B[pd])");
    let document = read_document("declared.sgf", &bytes, &keep());
    assert_eq!(document.encoding, "windows-1252");
    let report = &document.records[0];
    assert!(!codes(report).contains(&"encoding-from-structure"));
}

/// A tree without `CA` among trees that declare theirs is read as a file of such trees
/// alone would be: here its GBK bytes are detected as GB18030, beside a UTF-8 tree that
/// declares UTF-8 and a Big5 one.
#[test]
fn a_tree_without_ca_among_declared_ones_is_detected() {
    let tree = |black: &str, ca, encoding| Tree {
        black: black.to_string(),
        white: "对手".to_string(),
        comment: "黑白棋局对手先后胜负".to_string(),
        ca,
        encoding,
        form: Form::Bytes,
    };
    let trees = [
        tree("李四", Some("UTF-8"), UTF_8),
        tree("王五", None, GBK),
        Tree {
            white: "對手".to_string(),
            comment: "黑白棋局對手先後勝負".to_string(),
            ..tree("張三", Some("Big5"), BIG5)
        },
    ];
    let bytes = collection(&trees);
    let document = read_document("three.sgf", &bytes, &keep());
    assert_read(&document, &trees, &["other-charset"], "three");
}

/// The stream's decoder, fed the bytes in pieces of any size, decodes them as a whole
/// file is decoded part by part: the same text, issues and encodings.
#[test]
fn parts_decode_alike_in_pieces_of_any_size() {
    use qipu::text::{decode_parts, PartsDecoder, Syntax};
    let mut rng = Rng(0x0018_0004_0000_c4a7);
    let mut mixed = 0;
    for round in 0..60 {
        let trees: Vec<Tree> = (0..2 + rng.below(5))
            .map(|_| random_tree(&mut rng))
            .collect();
        let bytes = collection(&trees);
        let Some(parts) = Go.charset_parts(&bytes, std::str::from_utf8(&bytes).ok()) else {
            continue;
        };
        mixed += 1;
        let whole = decode_parts(&bytes, &parts, Syntax::Sgf);
        let scan = || Go.part_scan(0).expect("SGF scans its trees");
        // The first bytes are taken in whole, as a stream's first 8 MB are.
        let mut at = rng.below(bytes.len());
        let sample = &bytes[..at];
        let declared = Go.declared_charset(sample).map(|(label, _)| (label, None));
        let chosen = qipu::text::choose_encoding(sample, false, None, declared, Syntax::Sgf);
        let mut decoder =
            PartsDecoder::new(scan, sample, (chosen.encoding, chosen.bom_len), Syntax::Sgf);
        let (mut text, mut issues, mut runs) = (String::new(), Vec::new(), Vec::new());
        decoder.feed(&[], false, &mut text, &mut issues, &mut runs);
        while at < bytes.len() {
            let end = (at + 1 + rng.below(40)).min(bytes.len());
            decoder.feed(
                &bytes[at..end],
                end == bytes.len(),
                &mut text,
                &mut issues,
                &mut runs,
            );
            at = end;
        }
        assert_eq!(text, whole.text, "round {round}");
        assert_eq!(issues, whole.issues, "round {round}");
        let first = runs.first().filter(|run| run.0 == 0).map(|run| run.1);
        assert_eq!(
            first.unwrap_or(chosen.encoding),
            whole.encoding,
            "round {round}"
        );
        let later: Vec<_> = runs.into_iter().filter(|run| run.0 > 0).collect();
        assert_eq!(later, whole.runs, "round {round}");
    }
    assert!(mixed > 40, "{mixed} mixed collections");
}

/// Each shard of a mixed collection decodes its trees as the whole file does, whether
/// the file is decoded whole (up to 8 MB) or streamed.
#[test]
fn shards_of_a_mixed_collection_decode_each_tree_by_its_own_charset() {
    let mut rng = Rng(0x0018_0004_005a_a7d5);
    let block: Vec<Tree> = (0..30).map(|_| random_tree(&mut rng)).collect();
    for copies in [4, 1 + (WHOLE_DECODE + (1 << 20)) / collection(&block).len()] {
        let trees: Vec<Tree> = block
            .iter()
            .cycle()
            .take(block.len() * copies)
            .cloned()
            .collect();
        let bytes = collection(&trees);
        let mut at = 0;
        for index in 0..3 {
            let shard = qipu::shard::Shard::new(index, 3).unwrap();
            let reader = std::io::Cursor::new(&bytes[..]);
            let mut stream = DocumentStream::shard("mixed.sgf", reader, shard, &keep()).unwrap();
            while let Some(document) = stream.next_document().unwrap() {
                let n = document.records.len();
                let context = format!("{copies} copies, shard {index}");
                assert_read(&document, &trees[at..at + n], &["other-charset"], &context);
                at += n;
            }
        }
        assert_eq!(at, trees.len(), "{copies} copies");
    }
}

/// A tree longer than a part is judged by (4 MB) past a stream's first 8 MB is decoded as
/// it comes, by its first bytes' charset, and the trees after it by their own.
#[test]
fn a_long_tree_in_a_stream_is_decoded_as_it_comes() {
    let mut rng = Rng(0x0018_0004_0010_0a9e);
    let block: Vec<Tree> = (0..40).map(|_| random_tree(&mut rng)).collect();
    let one = collection(&block);
    let mut trees: Vec<Tree> = block
        .iter()
        .cycle()
        .take(block.len() * (WHOLE_DECODE / one.len() + 1))
        .cloned()
        .collect();
    let long = Tree {
        black: "長い".to_string(),
        white: "碁".to_string(),
        comment: "一局の解説。".repeat(qipu::text::LONG_PART / 12),
        ca: Some("Shift_JIS"),
        encoding: SHIFT_JIS,
        form: Form::Bytes,
    };
    trees.push(long);
    trees.extend(block.iter().take(8).cloned());
    let bytes = collection(&trees);
    let mut stream = DocumentStream::new("-", &bytes[..], &keep());
    let mut at = 0;
    while let Some(document) = stream.next_document().unwrap() {
        let n = document.records.len();
        assert_read(&document, &trees[at..at + n], &["other-charset"], "long");
        at += n;
    }
    assert_eq!(at, trees.len());
}
