//! Bytes to text: encoding choice, decoding with positions of bad bytes, and the
//! byte-offset → line/column index that diagnostics use.

use std::fmt;
use std::ops::Range;

use encoding_rs::{Encoding, BIG5, GB18030, GBK, UTF_16BE, UTF_16LE, UTF_8};

/// A byte range into decoded text.
pub type Span = Range<usize>;

/// Where the encoding of a file came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodingSource {
    /// `--encoding` on the command line.
    Override,
    /// A byte-order mark.
    Bom,
    /// A charset the format declares (SGF `CA`, a PDN/PGN `Encoding` tag).
    Declared,
    /// Guessed from the bytes.
    Detected,
}

/// Text decoded from a file, with what was learnt on the way.
#[derive(Debug)]
pub struct Decoded {
    pub text: String,
    pub encoding: &'static Encoding,
    pub source: EncodingSource,
    pub issues: Vec<DecodeIssue>,
}

impl Decoded {
    /// The encoding's name as reported to users (`UTF-8`, `GB18030`, `Big5`, …).
    pub fn encoding_name(&self) -> &'static str {
        encoding_display_name(self.encoding)
    }
}

/// Something wrong found while decoding; positions are byte offsets into the decoded text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeIssue {
    /// Bytes that are not valid in the chosen encoding, replaced by U+FFFD.
    Malformed {
        span: Span,
        byte_offset: usize,
        bytes: Vec<u8>,
        encoding: &'static str,
    },
    /// The declared charset contradicts the bytes (e.g. `CA[UTF-8]` over GBK bytes).
    DeclaredMismatch {
        span: Option<Span>,
        declared: String,
        used: &'static str,
    },
    /// The declared charset label is not one we know.
    UnknownLabel { span: Option<Span>, label: String },
}

impl fmt::Display for DecodeIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeIssue::Malformed {
                byte_offset,
                bytes,
                encoding,
                ..
            } => {
                write!(f, "bytes")?;
                for b in bytes {
                    write!(f, " {b:02X}")?;
                }
                write!(f, " at byte {byte_offset} are not valid {encoding}")
            }
            DecodeIssue::DeclaredMismatch { declared, used, .. } => write!(
                f,
                "the file declares charset {declared} but its bytes are {used}"
            ),
            DecodeIssue::UnknownLabel { label, .. } => {
                write!(f, "unknown charset label \"{label}\"")
            }
        }
    }
}

/// Name shown to users. GBK text is decoded as its superset GB18030, so it is named so.
pub fn encoding_display_name(encoding: &'static Encoding) -> &'static str {
    if encoding == GB18030 || encoding == GBK {
        "GB18030"
    } else {
        encoding.name()
    }
}

/// Looks up an encoding label (`utf-8`, `GB2312`, `big5`, `Shift_JIS`, `MS_KANJI`, …).
/// GB2312 and GBK map to GB18030, their superset.
pub fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    /// Labels that archives write but the WHATWG list lacks, and their canonical labels.
    const ALIASES: [(&str, &str); 11] = [
        ("ms_kanji", "shift_jis"),
        ("ms-kanji", "shift_jis"),
        ("sjis", "shift_jis"),
        ("shift-jis", "shift_jis"),
        ("utf8", "utf-8"),
        ("euckr", "euc-kr"),
        ("big-5", "big5"),
        ("cp936", "gb18030"),
        ("gb2312", "gb18030"),
        ("gbk", "gb18030"),
        ("gb-2312", "gb18030"),
    ];
    let trimmed = label.trim();
    let label = ALIASES
        .iter()
        .find(|(alias, _)| alias.eq_ignore_ascii_case(trimmed))
        .map_or(trimmed, |(_, canonical)| canonical);
    // The WHATWG lookup itself ignores case.
    let encoding = Encoding::for_label(label.as_bytes())?;
    Some(if encoding == GBK { GB18030 } else { encoding })
}

/// The encoding chosen for a file, from its first bytes.
#[derive(Debug)]
pub struct EncodingChoice {
    pub encoding: &'static Encoding,
    pub source: EncodingSource,
    /// Length of the byte-order mark to skip.
    pub bom_len: usize,
    pub issues: Vec<DecodeIssue>,
}

/// Chooses the encoding from `sample` (the whole file, or its first bytes): `forced`
/// wins; then a BOM; then the charset the format declares (checked against the bytes);
/// then detection among UTF-8 and the legacy encodings.
pub fn choose_encoding(
    sample: &[u8],
    forced: Option<&'static Encoding>,
    declared: Option<(&str, Option<Span>)>,
) -> EncodingChoice {
    let mut issues = Vec::new();
    let (encoding, source, bom_len) = if let Some(encoding) = forced {
        let skip = Encoding::for_bom(sample)
            .filter(|(bom, _)| *bom == encoding)
            .map_or(0, |(_, len)| len);
        (encoding, EncodingSource::Override, skip)
    } else if let Some((encoding, len)) = Encoding::for_bom(sample) {
        (encoding, EncodingSource::Bom, len)
    } else if let Some(choice) = declared_choice(sample, declared, &mut issues) {
        (choice, EncodingSource::Declared, 0)
    } else {
        (detect(sample), EncodingSource::Detected, 0)
    };
    if !encoding.is_ascii_compatible() {
        // A declaration's span indexes the bytes, which are not the text's bytes once
        // UTF-16 has been detected instead.
        for issue in &mut issues {
            if let DecodeIssue::DeclaredMismatch { span, .. }
            | DecodeIssue::UnknownLabel { span, .. } = issue
            {
                *span = None;
            }
        }
    }
    EncodingChoice {
        encoding,
        source,
        bom_len,
        issues,
    }
}

/// Decodes a whole file; see [`choose_encoding`] for the order of evidence.
pub fn decode(
    bytes: &[u8],
    forced: Option<&'static Encoding>,
    declared: Option<(&str, Option<Span>)>,
) -> Decoded {
    let choice = choose_encoding(bytes, forced, declared);
    let mut issues = choice.issues;
    let (text, malformed) =
        decode_with_positions(&bytes[choice.bom_len..], choice.encoding, choice.bom_len);
    issues.extend(malformed);
    Decoded {
        text,
        encoding: choice.encoding,
        source: choice.source,
        issues,
    }
}

/// Decodes a file that arrives in pieces, replacing malformed sequences with U+FFFD and
/// remembering where each was.
pub struct StreamDecoder {
    decoder: encoding_rs::Decoder,
    encoding: &'static Encoding,
    /// Bytes of the file consumed so far (BOM included).
    consumed: usize,
}

impl StreamDecoder {
    /// A decoder for a file whose first `bom_len` bytes (a BOM) will not be fed.
    pub fn new(encoding: &'static Encoding, bom_len: usize) -> StreamDecoder {
        StreamDecoder {
            decoder: encoding.new_decoder_without_bom_handling(),
            encoding,
            consumed: bom_len,
        }
    }

    /// Appends the text of `bytes` to `out`; issues are located in `out`.
    pub fn feed(
        &mut self,
        bytes: &[u8],
        last: bool,
        out: &mut String,
        issues: &mut Vec<DecodeIssue>,
    ) {
        let mut read_total = 0;
        loop {
            if let Some(needed) = self
                .decoder
                .max_utf8_buffer_length_without_replacement(bytes.len() - read_total)
            {
                out.reserve(needed);
            }
            let (result, read) =
                self.decoder
                    .decode_to_string_without_replacement(&bytes[read_total..], out, last);
            read_total += read;
            match result {
                encoding_rs::DecoderResult::InputEmpty => break,
                encoding_rs::DecoderResult::OutputFull => out.reserve(64),
                encoding_rs::DecoderResult::Malformed(bad, extra) => {
                    let end = read_total - usize::from(extra);
                    let start = end.saturating_sub(usize::from(bad));
                    let at = out.len();
                    out.push('\u{FFFD}');
                    issues.push(DecodeIssue::Malformed {
                        span: at..out.len(),
                        byte_offset: self.consumed + start,
                        bytes: bytes[start..end].to_vec(),
                        encoding: encoding_display_name(self.encoding),
                    });
                }
            }
        }
        self.consumed += bytes.len();
    }
}

/// Takes the declared charset unless the bytes clearly say otherwise: valid UTF-8
/// declared as something else, or a legacy declaration over bytes that do not decode.
fn declared_choice(
    bytes: &[u8],
    declared: Option<(&str, Option<Span>)>,
    issues: &mut Vec<DecodeIssue>,
) -> Option<&'static Encoding> {
    let (label, span) = declared?;
    let Some(encoding) = encoding_for_label(label) else {
        issues.push(DecodeIssue::UnknownLabel {
            span,
            label: label.to_string(),
        });
        return None;
    };
    let ascii_only = bytes.is_ascii();
    if ascii_only || decodes_cleanly(bytes, encoding) {
        if encoding != UTF_8 && std::str::from_utf8(bytes).is_ok() && !ascii_only {
            // Multi-byte UTF-8 that also happens to decode in a legacy encoding is
            // almost always UTF-8 mislabelled by a converter.
            issues.push(DecodeIssue::DeclaredMismatch {
                span,
                declared: label.to_string(),
                used: "UTF-8",
            });
            return Some(UTF_8);
        }
        return Some(encoding);
    }
    let detected = detect(bytes);
    issues.push(DecodeIssue::DeclaredMismatch {
        span,
        declared: label.to_string(),
        used: encoding_display_name(detected),
    });
    Some(detected)
}

fn decodes_cleanly(bytes: &[u8], encoding: &'static Encoding) -> bool {
    encoding
        .decode_without_bom_handling_and_without_replacement(bytes)
        .is_some()
}

/// Guesses the encoding of unlabelled bytes: UTF-8 if valid, UTF-16 if it looks like
/// it (NUL bytes every other byte), else chardetng's guess among legacy encodings.
pub fn detect(bytes: &[u8]) -> &'static Encoding {
    if std::str::from_utf8(bytes).is_ok() {
        return UTF_8;
    }
    if let Some(utf16) = detect_utf16_without_bom(bytes) {
        return utf16;
    }
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(bytes, true);
    let guess = detector.guess(None, chardetng::Utf8Detection::Deny);
    if guess == GBK {
        GB18030
    } else if guess == BIG5 || decodes_cleanly(bytes, guess) {
        guess
    } else if decodes_cleanly(bytes, GB18030) {
        GB18030
    } else {
        guess
    }
}

fn detect_utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    if bytes.len() < 4 || !bytes.len().is_multiple_of(2) {
        return None;
    }
    let sample = &bytes[..bytes.len().min(512)];
    let even_nuls = sample.iter().step_by(2).filter(|b| **b == 0).count();
    let odd_nuls = sample
        .iter()
        .skip(1)
        .step_by(2)
        .filter(|b| **b == 0)
        .count();
    let half = sample.len() / 2;
    if odd_nuls * 10 >= half * 6 && even_nuls * 10 < half {
        Some(UTF_16LE)
    } else if even_nuls * 10 >= half * 6 && odd_nuls * 10 < half {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// Decodes a whole buffer; `base` is the byte offset of `bytes` in the file (after a BOM).
fn decode_with_positions(
    bytes: &[u8],
    encoding: &'static Encoding,
    base: usize,
) -> (String, Vec<DecodeIssue>) {
    if encoding == UTF_8 {
        if let Ok(text) = std::str::from_utf8(bytes) {
            return (text.to_string(), Vec::new());
        }
    }
    let mut text = String::new();
    let mut issues = Vec::new();
    StreamDecoder::new(encoding, base).feed(bytes, true, &mut text, &mut issues);
    (text, issues)
}

/// A problem found while parsing, and where: `K` is the family's own kind of problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError<K> {
    pub kind: K,
    pub span: Span,
}

impl<K: fmt::Display> fmt::Display for SyntaxError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at bytes {}..{}",
            self.kind, self.span.start, self.span.end
        )
    }
}

impl<K: fmt::Debug + fmt::Display> std::error::Error for SyntaxError<K> {}

/// Maps byte offsets in a text to 1-based lines and character columns.
///
/// A text may be one piece of a larger file: line numbers then start after the lines
/// of the pieces before it.
#[derive(Clone, Debug)]
pub struct LineIndex {
    line_starts: Vec<usize>,
    /// Lines of the file before this text.
    lines_before: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        LineIndex::after_lines(text, 0)
    }

    /// The index of a piece of a file that starts after `lines_before` whole lines.
    pub fn after_lines(text: &str, lines_before: usize) -> LineIndex {
        let mut line_starts = vec![0];
        line_starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        LineIndex {
            line_starts,
            lines_before,
        }
    }

    /// Lines this text starts (the last one may be unterminated).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// 1-based line (of the whole file) and 1-based column in characters of byte `offset`.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let column = text[start..offset].chars().count() + 1;
        (self.lines_before + line + 1, column)
    }

    /// Byte range of the 1-based file `line`, without its line terminator.
    pub fn line_span(&self, text: &str, line: usize) -> Span {
        let line = line - self.lines_before;
        let start = self.line_starts[line - 1];
        let mut end = self
            .line_starts
            .get(line)
            .map_or(text.len(), |next| next - 1);
        if end > start && text.as_bytes()[end - 1] == b'\r' {
            end -= 1;
        }
        start..end.max(start)
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_detected() {
        let d = decode("白方：张三".as_bytes(), None, None);
        assert_eq!(d.encoding_name(), "UTF-8");
        assert_eq!(d.text, "白方：张三");
        assert!(d.issues.is_empty());
    }

    #[test]
    fn gb18030_is_detected() {
        let (bytes, _, _) = GB18030.encode("白方：张三 蓝方：李四\n(1)e2—e4,e7—e5; (2)马g1—f3");
        let d = decode(&bytes, None, None);
        assert_eq!(d.encoding_name(), "GB18030");
        assert!(d.text.starts_with("白方：张三"));
    }

    #[test]
    fn big5_is_detected() {
        let (bytes, _, _) = BIG5.encode("白方：張三 藍方：李四 馬g1—f3 駝f1—c4 車a1—a2 王e1");
        let d = decode(&bytes, None, None);
        assert_eq!(d.encoding_name(), "Big5");
        assert!(d.text.contains("藍方"));
    }

    #[test]
    fn bom_wins_over_declaration() {
        let mut bytes = vec![0xEF, 0xBB, 0xBF];
        bytes.extend_from_slice("CA[GB2312]黑".as_bytes());
        let d = decode(&bytes, None, Some(("GB2312", None)));
        assert_eq!(d.source, EncodingSource::Bom);
        assert_eq!(d.text, "CA[GB2312]黑");
    }

    #[test]
    fn utf16le_with_bom() {
        let mut bytes = vec![0xFF, 0xFE];
        for unit in "(;GM[1]PB[黑])".encode_utf16() {
            bytes.extend_from_slice(&unit.to_le_bytes());
        }
        let d = decode(&bytes, None, None);
        assert_eq!(d.encoding_name(), "UTF-16LE");
        assert_eq!(d.text, "(;GM[1]PB[黑])");
    }

    #[test]
    fn wrong_declaration_is_reported() {
        let (bytes, _, _) = GB18030.encode("棋手名字很长的中国围棋选手对局记录");
        let d = decode(&bytes, None, Some(("UTF-8", Some(3..8))));
        assert_eq!(d.encoding_name(), "GB18030");
        assert!(matches!(d.issues[0], DecodeIssue::DeclaredMismatch { .. }));
    }

    #[test]
    fn malformed_bytes_are_located() {
        let d = decode(b"e2-e4 \xFF e7-e5", Some(UTF_8), None);
        assert_eq!(d.text, "e2-e4 \u{FFFD} e7-e5");
        match &d.issues[0] {
            DecodeIssue::Malformed {
                span, byte_offset, ..
            } => {
                assert_eq!(*byte_offset, 6);
                assert_eq!(span.start, 6);
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn line_columns_count_characters() {
        let text = "白方：甲\n(1)马b1—d3\r\nx";
        let index = LineIndex::new(text);
        let at = text.find('—').unwrap();
        assert_eq!(index.line_col(text, at), (2, 7));
        assert_eq!(&text[index.line_span(text, 2)], "(1)马b1—d3");
        assert_eq!(index.line_col(text, text.len()), (3, 2));
    }

    #[test]
    fn labels() {
        assert_eq!(encoding_for_label("MS_KANJI").unwrap().name(), "Shift_JIS");
        assert_eq!(encoding_for_label("GB2312"), Some(GB18030));
        assert_eq!(encoding_for_label(" Sjis "), Some(encoding_rs::SHIFT_JIS));
        assert_eq!(encoding_for_label("UTF8"), Some(encoding_rs::UTF_8));
        assert_eq!(encoding_for_label("Big-5"), Some(encoding_rs::BIG5));
        assert_eq!(
            encoding_for_label("windows-1251").map(|e| e.name()),
            Some("windows-1251")
        );
        assert_eq!(encoding_for_label("nonsense"), None);
    }
}
