//! Bytes to text: encoding choice, decoding with positions of bad bytes, and the
//! byte-offset → line/column index that diagnostics use.

mod guess;
mod parts;

use std::fmt;
use std::ops::Range;
use std::sync::{Mutex, MutexGuard, PoisonError};

use encoding_rs::{Encoding, GB18030, GBK, UTF_8};

// Reached by the integration tests and the fuzz targets (which see the crate from
// outside) to decode in parts as a stream does; not part of the library's interface.
#[doc(hidden)]
pub use guess::Syntax;
#[doc(hidden)]
pub use parts::{decode_parts, Part, PartForm, PartScan, PartsDecoder, LONG_PART};
pub(crate) use parts::{decodes_as_one, utf16_ranges};

/// The first bytes of an input that decide its encoding where it is too long to be
/// judged whole (a stream's, and the parts of a collection that declare nothing).
pub(crate) const FIRST_BYTES: usize = 8 << 20;

/// Whether `encoding` can take an ASCII byte (a `\\` or `]`) into a character: GBK,
/// GB18030, Big5, Shift_JIS, EUC-KR; never UTF-8, UTF-16 or a single-byte encoding.
pub(crate) fn takes_structure(encoding: &'static Encoding) -> bool {
    guess::takes_structure(encoding)
}

/// A byte range into decoded text.
pub type Span = Range<usize>;

/// Where the encoding of a file came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[doc(hidden)]
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
#[doc(hidden)]
pub struct Decoded {
    /// The decoded text; malformed sequences replaced by U+FFFD.
    pub text: String,
    /// The encoding the bytes were decoded from.
    pub encoding: &'static Encoding,
    /// How that encoding was chosen.
    pub source: EncodingSource,
    /// What went wrong on the way, in text order.
    pub issues: Vec<DecodeIssue>,
    /// Where parts of the text that were decoded otherwise begin (a game tree that
    /// declares its own charset), with their encoding, in text order; empty when one
    /// encoding decoded it all.
    pub runs: Vec<(usize, &'static Encoding)>,
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
        /// Where the replacement characters stand in the decoded text.
        span: Span,
        /// Offset of the malformed bytes in the file.
        byte_offset: usize,
        /// The malformed bytes themselves.
        bytes: Vec<u8>,
        /// Name of the encoding they are not valid in.
        encoding: &'static str,
    },
    /// The declared charset contradicts the bytes (e.g. `CA[UTF-8]` over GBK bytes).
    DeclaredMismatch {
        /// Where the declaration stands in the decoded text, when it was found there.
        span: Option<Span>,
        /// The charset as declared.
        declared: String,
        /// Name of the encoding used instead.
        used: &'static str,
    },
    /// The declared charset label is not one we know.
    UnknownLabel {
        /// Where the label stands in the decoded text, when it was found there.
        span: Option<Span>,
        /// The label as written.
        label: String,
    },
    /// SGF whose escapes stand inside multi-byte characters, as SGFC writes a trail byte
    /// that is a `\\` or `]` (`揮`, GBK 93 5D, as 93 `\\` 5D): read without them, since
    /// the plain reading breaks the structure and this one holds.
    EscapedInCharacters {
        /// Where the first such character stands in the decoded text, when told.
        span: Option<Span>,
        /// Offset in the file of the first such escape.
        byte_offset: usize,
        /// How many escapes were read so.
        count: usize,
        /// The encoding of the characters.
        encoding: &'static str,
    },
    /// No charset is declared, and the encoding the statistics chose breaks the SGF
    /// structure where another decodes the bytes cleanly and keeps it: the other was
    /// used (GBK `昞` is 95 5C, which windows-1252 reads as an escape).
    ReadByStructure {
        /// Where the other reading breaks, in the decoded text, when it can be told.
        span: Option<Span>,
        /// Offset in the file of the first byte the other reading breaks at.
        byte_offset: usize,
        /// The encoding used.
        used: &'static str,
        /// The encoding the statistics chose.
        instead_of: &'static str,
    },
}

impl DecodeIssue {
    /// Where the issue stands in the decoded text, when it can be told.
    pub fn span(&self) -> Option<&Span> {
        match self {
            DecodeIssue::Malformed { span, .. } => Some(span),
            DecodeIssue::DeclaredMismatch { span, .. }
            | DecodeIssue::UnknownLabel { span, .. }
            | DecodeIssue::ReadByStructure { span, .. }
            | DecodeIssue::EscapedInCharacters { span, .. } => span.as_ref(),
        }
    }

    /// The issue of a part that starts `text` bytes into the decoded text and `bytes`
    /// bytes into the file, its positions made the whole's.
    fn moved(&mut self, text: usize, bytes: usize) {
        match self {
            DecodeIssue::Malformed {
                span, byte_offset, ..
            } => {
                *span = span.start + text..span.end + text;
                *byte_offset += bytes;
            }
            DecodeIssue::ReadByStructure {
                span, byte_offset, ..
            }
            | DecodeIssue::EscapedInCharacters {
                span, byte_offset, ..
            } => {
                *span = span.as_ref().map(|s| s.start + text..s.end + text);
                *byte_offset += bytes;
            }
            DecodeIssue::DeclaredMismatch { span, .. } | DecodeIssue::UnknownLabel { span, .. } => {
                *span = span.as_ref().map(|s| s.start + text..s.end + text);
            }
        }
    }

    /// The issue as it stands in the text after its first `by` bytes are cut off (a
    /// stream's piece).
    pub(crate) fn moved_back(&mut self, by: usize) {
        let back = |span: &Span| span.start.saturating_sub(by)..span.end.saturating_sub(by);
        match self {
            DecodeIssue::Malformed { span, .. } => *span = back(span),
            DecodeIssue::ReadByStructure { span, .. }
            | DecodeIssue::EscapedInCharacters { span, .. }
            | DecodeIssue::DeclaredMismatch { span, .. }
            | DecodeIssue::UnknownLabel { span, .. } => *span = span.as_ref().map(back),
        }
    }
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
            DecodeIssue::ReadByStructure {
                byte_offset,
                used,
                instead_of,
                ..
            } => write!(
                f,
                "no charset is declared; read as {instead_of}, the SGF structure breaks at \
                 byte {byte_offset}, read as {used} it holds: decoded as {used}"
            ),
            DecodeIssue::EscapedInCharacters {
                byte_offset,
                count,
                encoding,
                ..
            } => write!(
                f,
                "a \\ inside a {encoding} character at byte {byte_offset} (and {count} in all) \
                 escapes its trail byte, as SGFC writes them: read so, since the structure \
                 breaks otherwise"
            ),
        }
    }
}

impl crate::lang::ToZh for DecodeIssue {
    fn to_zh(&self) -> crate::lang::Zh {
        use crate::lang::zh;
        match self {
            DecodeIssue::Malformed {
                byte_offset,
                bytes,
                encoding,
                ..
            } => {
                let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
                zh!(
                    "第 {} 字节处的字节 {} 不是有效的 {} 编码",
                    byte_offset,
                    hex.join(" "),
                    encoding
                )
            }
            DecodeIssue::DeclaredMismatch { declared, used, .. } => {
                zh!("文件声明的字符集是 {}，但其字节实为 {}", declared, used)
            }
            DecodeIssue::UnknownLabel { label, .. } => zh!("未知的字符集标签“{}”", label),
            DecodeIssue::ReadByStructure {
                byte_offset,
                used,
                instead_of,
                ..
            } => zh!(
                "未声明字符集；按 {} 读取时 SGF 结构在第 {} 字节处断开，按 {} 读取则完整：已按 {} 解码",
                instead_of,
                byte_offset,
                used,
                used
            ),
            DecodeIssue::EscapedInCharacters {
                byte_offset,
                count,
                encoding,
                ..
            } => zh!(
                "第 {} 字节处（共 {} 处）{} 字符内部的 \\ 转义其尾字节，按 SGFC 的写法读取，否则结构会断开",
                byte_offset,
                count,
                encoding
            ),
        }
    }
}

/// Name shown to users. GBK text is decoded as its superset GB18030, so it is named so.
#[doc(hidden)]
pub fn encoding_display_name(encoding: &'static Encoding) -> &'static str {
    if encoding == GB18030 || encoding == GBK {
        "GB18030"
    } else {
        encoding.name()
    }
}

/// Looks up a charset label as archives write it: the WHATWG labels of encoding_rs
/// (`utf-8`, `gb2312`, `big5`, `shift_jis`, `ms_kanji`, `ks_c_5601-1987`, …), the same
/// with `_` and `-` swapped or dropped (`ISO8859_1`, `EUC_KR`, `Latin-1`, `UTF_8`), and
/// the Windows code-page and EUC names the WHATWG list lacks (`cp936`, `EUC-CN`, `cp950`,
/// `cp949`, `UHC`, …). GB2312 and GBK map to GB18030, their superset.
pub fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    /// Labels that archives write, absent from the WHATWG list in every spelling, and the
    /// WHATWG labels they mean.
    const ALIASES: [(&str, &str); 14] = [
        ("euc-cn", "gb18030"),
        ("euccn", "gb18030"),
        ("cp936", "gb18030"),
        ("ms936", "gb18030"),
        ("windows-936", "gb18030"),
        ("gb2312-80", "gb18030"),
        ("cp950", "big5"),
        ("ms950", "big5"),
        ("windows-950", "big5"),
        ("cp949", "euc-kr"),
        ("ms949", "euc-kr"),
        ("uhc", "euc-kr"),
        ("euckr", "euc-kr"),
        ("cp932", "shift_jis"),
    ];
    // Aliases are lower case and WHATWG labels match in any case, so the label as
    // written is tried before any respelling is made.
    let known = |spelling: &str| {
        let canonical = ALIASES
            .iter()
            .find(|(alias, _)| alias.eq_ignore_ascii_case(spelling))
            .map_or(spelling, |(_, canonical)| canonical);
        Encoding::for_label(canonical.as_bytes())
    };
    let trimmed = label.trim();
    // The labels nearly every file declares, told before the lists are searched.
    if trimmed.eq_ignore_ascii_case("UTF-8") {
        return Some(UTF_8);
    }
    if ["GB18030", "GB2312", "GBK"]
        .iter()
        .any(|common| trimmed.eq_ignore_ascii_case(common))
    {
        return Some(GB18030);
    }
    let encoding = known(trimmed).or_else(|| {
        let lower = trimmed.to_ascii_lowercase();
        [
            lower.replace('_', "-"),
            lower.replace('-', "_"),
            lower.replace(['-', '_'], ""),
        ]
        .iter()
        .find_map(|spelling| known(spelling))
    })?;
    Some(if encoding == GBK { GB18030 } else { encoding })
}

/// The encoding chosen for a file, from its first bytes.
#[derive(Debug)]
#[doc(hidden)]
pub struct EncodingChoice {
    /// The encoding chosen.
    pub encoding: &'static Encoding,
    /// How it was chosen.
    pub source: EncodingSource,
    /// Length of the byte-order mark to skip.
    pub bom_len: usize,
    /// Issues found while choosing (a declaration that was not kept).
    pub issues: Vec<DecodeIssue>,
}

/// Chooses the encoding from `sample`, the whole file when `complete`, else its first
/// bytes: `forced` wins; then a BOM; then the charset the format declares, kept when it
/// decodes the bytes with at most a few malformed sequences (see `guess::Fit`); then
/// detection. A declared charset is replaced only by an encoding that decodes the bytes
/// cleanly and keeps `syntax`'s structure where the ASCII bytes put it, and detection
/// respects the same rule, so that a wrong choice never moves a `]` or a line end.
/// A sample cut from a longer input is judged up to its last whole character.
#[doc(hidden)]
pub fn choose_encoding(
    sample: &[u8],
    complete: bool,
    forced: Option<&'static Encoding>,
    declared: Option<(&str, Option<Span>)>,
    syntax: Syntax,
) -> EncodingChoice {
    choose(sample, complete, None, forced, declared, syntax).0
}

/// [`choose_encoding`], given the sample's UTF-8 reading when it is known to be valid
/// UTF-8 (a whole file read once for every judge); `None` when it is not known. A whole
/// file's clean decoding in a declared legacy charset, made to judge it, is given too.
fn choose(
    sample: &[u8],
    complete: bool,
    utf8: Option<&str>,
    forced: Option<&'static Encoding>,
    declared: Option<(&str, Option<Span>)>,
    syntax: Syntax,
) -> (EncodingChoice, Option<String>) {
    let utf8 = utf8.filter(|_| complete).is_some();
    let mut plain = None;
    let mut issues = Vec::new();
    let (encoding, source, bom_len) = if let Some(encoding) = forced {
        let skip = Encoding::for_bom(sample)
            .filter(|(bom, _)| *bom == encoding)
            .map_or(0, |(_, len)| len);
        (encoding, EncodingSource::Override, skip)
    } else if let Some((encoding, len)) = Encoding::for_bom(sample) {
        (encoding, EncodingSource::Bom, len)
    } else if let Some(encoding) = utf16_without_bom(sample) {
        // Checked before UTF-8, which would take the NULs for characters.
        (encoding, EncodingSource::Detected, 0)
    } else {
        let judged = if complete {
            sample
        } else {
            guess::whole_characters(sample)
        };
        let plain = complete.then_some(&mut plain);
        match declared_choice(judged, utf8, plain, declared, syntax, &mut issues) {
            Some(choice) => (choice, EncodingSource::Declared, 0),
            None => {
                let guess = guess::guess(judged, utf8, syntax);
                if let Some((instead_of, byte_offset)) = guess.instead_of {
                    issues.push(DecodeIssue::ReadByStructure {
                        span: None,
                        byte_offset,
                        used: encoding_display_name(guess.encoding),
                        instead_of: encoding_display_name(instead_of),
                    });
                }
                (guess.encoding, EncodingSource::Detected, 0)
            }
        }
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
    let choice = EncodingChoice {
        encoding,
        source,
        bom_len,
        issues,
    };
    (choice, plain)
}

/// UTF-16 without a byte-order mark, as ASCII-heavy text shows it: NUL bytes on every
/// other position (the high bytes: odd positions in little-endian, even in big-endian)
/// and never on the others.
pub(crate) fn utf16_without_bom(sample: &[u8]) -> Option<&'static Encoding> {
    let head = &sample[..sample.len().min(64 * 1024)];
    let pairs = head.len() / 2;
    // Without a NUL there is nothing to count (a search much faster than the counts).
    if pairs < 2 || memchr::memchr(0, head).is_none() {
        return None;
    }
    let even = head.iter().step_by(2).filter(|&&b| b == 0).count();
    let odd = head.iter().skip(1).step_by(2).filter(|&&b| b == 0).count();
    // At least three characters in ten are ASCII.
    let mostly = |n: usize| n * 10 >= pairs * 3;
    if mostly(odd) && even == 0 {
        Some(encoding_rs::UTF_16LE)
    } else if mostly(even) && odd == 0 {
        Some(encoding_rs::UTF_16BE)
    } else {
        None
    }
}

/// Decodes a whole file; see [`choose_encoding`] for the order of evidence.
#[doc(hidden)]
pub fn decode(
    bytes: &[u8],
    forced: Option<&'static Encoding>,
    declared: Option<(&str, Option<Span>)>,
    syntax: Syntax,
) -> Decoded {
    decode_read(bytes, None, forced, declared, syntax).0
}

/// [`decode`], given the bytes' UTF-8 reading when they are known to be valid UTF-8, so
/// that they are validated once for every judge and the decoding; and whether the text is
/// the bytes' clean decoding (see [`decode_body`]).
pub(crate) fn decode_read(
    bytes: &[u8],
    utf8: Option<&str>,
    forced: Option<&'static Encoding>,
    declared: Option<(&str, Option<Span>)>,
    syntax: Syntax,
) -> (Decoded, bool) {
    let (choice, plain) = choose(bytes, true, utf8, forced, declared, syntax);
    let mut issues = choice.issues;
    let (text, clean) = decode_body(
        bytes,
        utf8,
        plain,
        choice.encoding,
        choice.bom_len,
        syntax,
        &mut issues,
    );
    let decoded = Decoded {
        text,
        encoding: choice.encoding,
        source: choice.source,
        issues,
        runs: Vec::new(),
    };
    (decoded, clean)
}

/// The text of `bytes` (a whole file, or a part of one) in `encoding`, after a byte-order
/// mark of `bom_len` bytes; issues located in it. SGF in an encoding that can take a `\\`
/// or `]` into a character is read with the escapes SGFC writes inside characters
/// (`揮` as 93 `\\` 5D) where the plain reading breaks and that one holds (see
/// [`guess::escapes_in_characters`]). `utf8` is the bytes' UTF-8 reading when it is known
/// that they are valid UTF-8; `plain`, their clean decoding in `encoding` when it was made
/// while choosing it. Also tells whether the text is the clean decoding of the bytes
/// after the mark: nothing malformed, no escape removed, no structural byte taken into a
/// character or protected from one.
fn decode_body(
    bytes: &[u8],
    utf8: Option<&str>,
    plain: Option<String>,
    encoding: &'static Encoding,
    bom_len: usize,
    syntax: Syntax,
    issues: &mut Vec<DecodeIssue>,
) -> (String, bool) {
    let body = &bytes[bom_len.min(bytes.len())..];
    if encoding == UTF_8 {
        if let Some(text) = utf8.and_then(|text| text.get(bom_len..)) {
            return (text.to_string(), true);
        }
        if let Ok(text) = std::str::from_utf8(body) {
            return (text.to_string(), true);
        }
    }
    let unescaped = (syntax == Syntax::Sgf)
        .then(|| guess::escapes_in_characters(body, encoding))
        .flatten();
    let (read, removed) = match &unescaped {
        Some((read, removed)) => (read.as_slice(), removed.as_slice()),
        None => (body, &[][..]),
    };
    if unescaped.is_none() {
        // Decoded at once where nothing is malformed and no byte needs protecting: the
        // text a `StreamDecoder` gives.
        let clean = plain
            .filter(|_| bom_len == 0)
            .or_else(|| guess::decode_clean(read, encoding))
            .filter(|text| {
                !takes_structure(encoding) || guess::takes_no_structure(read, text, syntax)
            });
        if let Some(text) = clean {
            locate_structure_notes(issues, read, encoding, &text);
            return (text, true);
        }
    }
    let mut text = String::new();
    let first = issues.len();
    StreamDecoder::new(encoding, bom_len, syntax).feed(read, true, &mut text, issues);
    if let Some(&first) = removed.first() {
        // Nothing before the first escape was removed: its offset is the same in both.
        issues.push(DecodeIssue::EscapedInCharacters {
            span: None,
            byte_offset: first,
            count: removed.len(),
            encoding: encoding_display_name(encoding),
        });
    }
    locate_structure_notes(issues, read, encoding, &text);
    for issue in &mut issues[first..] {
        if let DecodeIssue::Malformed { byte_offset, .. } = issue {
            // Offsets of the bytes as they stand in the file, escapes and all.
            let mut at = *byte_offset - bom_len;
            for &gone in removed {
                if gone <= at {
                    at += 1;
                }
            }
            *byte_offset = at + bom_len;
        }
    }
    (text, false)
}

/// Places each [`DecodeIssue::ReadByStructure`] on the character of `text` that the
/// rejected reading broke at, each [`DecodeIssue::EscapedInCharacters`] on the first
/// character read so (`bytes` decoded in `encoding` up to it).
fn locate_structure_notes(
    issues: &mut [DecodeIssue],
    bytes: &[u8],
    encoding: &'static Encoding,
    text: &str,
) {
    for issue in issues {
        if let DecodeIssue::ReadByStructure {
            span: span @ None,
            byte_offset,
            ..
        }
        | DecodeIssue::EscapedInCharacters {
            span: span @ None,
            byte_offset,
            ..
        } = issue
        {
            let before = &bytes[..(*byte_offset).min(bytes.len())];
            let start = floor_char_boundary(
                text,
                encoding
                    .decode_without_bom_handling(before)
                    .0
                    .len()
                    .min(text.len()),
            );
            let len = text[start..].chars().next().map_or(0, char::len_utf8);
            *span = Some(start..start + len);
        }
    }
}

/// Bytes a [`StreamDecoder`] protects at once, at least. Finding what to protect costs a
/// pass over the window per protected byte, and at most 256 are protected in one window
/// (see `guess::protected_bytes`): small windows keep that linear in the input, and allow
/// a cut character every 64 bytes, as in a file where every name was cut.
const WINDOW: usize = 16 << 10;

/// A window ends where no character can be under way: after two bytes below 0x80. (The
/// second cannot be a trail byte, whose lead is 0x81 or more, nor the second or last of a
/// GB18030 four-byte sequence.) Text without two such bytes in a row ends a window here.
const LONGEST_WINDOW: usize = 4 * WINDOW;

/// Decodes a file that arrives in pieces, replacing malformed sequences with U+FFFD and
/// remembering where each was. In an encoding that can take a structural ASCII byte into a
/// character (GBK, Big5, Shift_JIS, EUC-KR), the input is gathered into windows of about
/// 16 KiB, each cut between characters, and each is protected as the structure
/// asks (a character cut before a `]` is ended there), the state of the ASCII reading
/// carried on from one window to the next. A whole file is decoded the same way, so a
/// file and a stream of it decode alike.
pub(crate) struct StreamDecoder {
    decoder: encoding_rs::Decoder,
    encoding: &'static Encoding,
    /// Bytes of the file consumed so far (BOM included).
    consumed: usize,
    guard: Option<Guard>,
}

/// The protection of a [`StreamDecoder`]'s input.
struct Guard {
    syntax: Syntax,
    /// The ASCII reading's state where the window starts.
    state: guess::State,
    /// Bytes fed and not decoded yet.
    window: Vec<u8>,
}

/// Bytes after a window that its protection looks at: a character that takes a `]` shows
/// as a token lost a little later (the next property's `[`), maybe past the window's end.
const LOOKAHEAD: usize = 1 << 10;

/// Where the window that starts `bytes` ends: the first point between characters at or
/// after [`WINDOW`] bytes, [`LONGEST_WINDOW`] at the latest; `None` until such a point
/// and [`LOOKAHEAD`] bytes after it have arrived.
fn window_end(bytes: &[u8]) -> Option<usize> {
    let complete = bytes.len().saturating_sub(LOOKAHEAD);
    (WINDOW..complete.min(LONGEST_WINDOW))
        .find(|&end| bytes[end - 1] < 0x80 && bytes[end - 2] < 0x80)
        .or((complete >= LONGEST_WINDOW).then_some(LONGEST_WINDOW))
}

impl StreamDecoder {
    /// A decoder for a file of `syntax` whose first `bom_len` bytes (a BOM) will not be
    /// fed.
    pub fn new(encoding: &'static Encoding, bom_len: usize, syntax: Syntax) -> StreamDecoder {
        let guard = guess::takes_structure(encoding).then(|| Guard {
            syntax,
            state: guess::State::Outside,
            window: Vec::new(),
        });
        StreamDecoder {
            decoder: encoding.new_decoder_without_bom_handling(),
            encoding,
            consumed: bom_len,
            guard,
        }
    }

    /// The encoding this decoder decodes.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Appends the text of `bytes` to `out` (in a protecting decoder, up to the last
    /// window that has ended, unless `last`); issues are located in `out`.
    pub fn feed(
        &mut self,
        bytes: &[u8],
        last: bool,
        out: &mut String,
        issues: &mut Vec<DecodeIssue>,
    ) {
        let Some(mut guard) = self.guard.take() else {
            return self.decode(bytes, last, out, issues);
        };
        guard.window.extend_from_slice(bytes);
        let mut start = 0;
        while let Some(len) = window_end(&guard.window[start..]) {
            let end = start + len;
            self.decode_window(&mut guard, start..end, false, out, issues);
            start = end;
        }
        if last {
            let end = guard.window.len();
            self.decode_window(&mut guard, start..end, true, out, issues);
            start = end;
        }
        guard.window.drain(..start);
        self.guard = Some(guard);
    }

    /// Decodes one window of the guard's bytes, a character under way ended before each
    /// protected byte.
    fn decode_window(
        &mut self,
        guard: &mut Guard,
        span: Span,
        last: bool,
        out: &mut String,
        issues: &mut Vec<DecodeIssue>,
    ) {
        let seen = span.start..guard.window.len().min(span.end + LOOKAHEAD);
        let window = &guard.window[span.clone()];
        let protected = guess::protected_bytes(
            &guard.window[seen],
            self.encoding,
            guard.syntax,
            guard.state,
        );
        let mut start = 0;
        for at in protected.into_iter().take_while(|&at| at < window.len()) {
            self.decode(&window[start..at], true, out, issues);
            self.decoder = self.encoding.new_decoder_without_bom_handling();
            start = at;
        }
        self.decode(&window[start..], last, out, issues);
        guard.state = guess::state_after(window, guard.syntax, guard.state);
    }

    /// Decodes `bytes` as they are.
    fn decode(
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

/// The declared charset, unless the bytes say otherwise. It is kept when it decodes them
/// with at most a few malformed sequences (each is then reported where it is), except that
/// bytes that are UTF-8 (but for a few malformed sequences) are read as UTF-8 whatever the
/// label: converters often relabel UTF-8, and legacy text is almost never UTF-8 by chance.
/// Otherwise an encoding detected from the bytes replaces it only if it decodes them
/// cleanly and keeps their structure; if none does, the declared charset stays.
fn declared_choice(
    bytes: &[u8],
    utf8: bool,
    plain: Option<&mut Option<String>>,
    declared: Option<(&str, Option<Span>)>,
    syntax: Syntax,
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
    let mismatch = |used: &'static Encoding, issues: &mut Vec<DecodeIssue>| {
        issues.push(DecodeIssue::DeclaredMismatch {
            span: span.clone(),
            declared: label.to_string(),
            used: encoding_display_name(used),
        });
        Some(used)
    };
    if !encoding.is_ascii_compatible() {
        // The label was read as ASCII from bytes with no byte-order mark: they are not
        // UTF-16, whatever it says.
        return mismatch(guess::guess(bytes, utf8, syntax).encoding, issues);
    }
    if bytes.is_ascii() {
        return Some(encoding);
    }
    if utf8 || guess::few_malformed(bytes, UTF_8) {
        return if encoding == UTF_8 {
            Some(UTF_8)
        } else {
            mismatch(UTF_8, issues)
        };
    }
    if encoding != UTF_8 {
        // The text itself, where the bytes are judged whole: decoded once.
        if let Some(plain) = plain {
            *plain = guess::decode_clean(bytes, encoding);
            if plain.is_some() {
                return Some(encoding);
            }
        }
        if guess::few_malformed(bytes, encoding) {
            return Some(encoding);
        }
    }
    let detected = guess::guess(bytes, utf8, syntax);
    let replaces = !detected.last_resort
        && detected.encoding != encoding
        && guess::decodes_cleanly(bytes, detected.encoding)
        && guess::keeps_structure(bytes, detected.encoding, syntax);
    if replaces {
        mismatch(detected.encoding, issues)
    } else {
        Some(encoding)
    }
}

/// A problem found while parsing, and where: `K` is the family's own kind of problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SyntaxError<K> {
    /// What the problem is.
    pub kind: K,
    /// Where it is, in the decoded text.
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
/// of the pieces before it. Line ends are searched for only as far as the offsets and
/// lines asked for: most texts are asked about a few places near their start, or none.
#[derive(Debug)]
pub struct LineIndex {
    found: Mutex<LineStarts>,
    /// The length of the text indexed, which every query passes again.
    len: usize,
    /// Lines of the file before this text.
    lines_before: usize,
    /// Characters of the file's line before this text on the line it starts on: a
    /// piece of a stream may start in the middle of a line.
    first_column: usize,
}

/// The line starts of a text found so far.
#[derive(Clone, Debug)]
struct LineStarts {
    /// From 0, every one up to `searched`.
    starts: Vec<usize>,
    searched: usize,
}

impl LineStarts {
    /// Finds the line starts up to `offset`.
    fn search_to(&mut self, text: &str, offset: usize) {
        if offset > self.searched {
            let ends = line_ends(text.as_bytes(), self.searched..offset);
            self.starts.extend(ends.map(|at| at + 1));
            self.searched = offset;
        }
    }

    /// Finds the line starts up to the one after the `line`-th (0-based), or to the end.
    fn search_past(&mut self, text: &str, line: usize) {
        if self.starts.len() > line {
            return;
        }
        for at in line_ends(text.as_bytes(), self.searched..text.len()) {
            self.starts.push(at + 1);
            self.searched = at + 1;
            if self.starts.len() > line {
                return;
            }
        }
        self.searched = text.len();
    }
}

impl Clone for LineIndex {
    fn clone(&self) -> LineIndex {
        LineIndex {
            found: Mutex::new(self.starts().clone()),
            ..*self
        }
    }
}

impl LineIndex {
    /// The index of a whole text.
    pub fn new(text: &str) -> LineIndex {
        LineIndex::after_lines(text, 0)
    }

    /// The index of a piece of a file that starts after `lines_before` whole lines.
    pub fn after_lines(text: &str, lines_before: usize) -> LineIndex {
        LineIndex::continuing(text, lines_before, 0)
    }

    /// The index of a piece that starts after `lines_before` whole lines and
    /// `first_column` characters of the next one.
    pub fn continuing(text: &str, lines_before: usize, first_column: usize) -> LineIndex {
        LineIndex {
            found: Mutex::new(LineStarts {
                starts: vec![0],
                searched: 0,
            }),
            len: text.len(),
            lines_before,
            first_column,
        }
    }

    /// The line starts found so far (a query that panicked left them whole).
    fn starts(&self) -> MutexGuard<'_, LineStarts> {
        self.found.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether the 1-based file `line` begins before this text (so the text holds only
    /// the rest of it).
    pub fn starts_before_text(&self, line: usize) -> bool {
        self.first_column > 0 && line == self.lines_before + 1
    }

    /// Lines `text` (the text indexed) starts (the last one may be unterminated).
    pub fn line_count(&self, text: &str) -> usize {
        debug_assert_eq!(text.len(), self.len, "the text indexed");
        let mut found = self.starts();
        found.search_to(text, text.len());
        found.starts.len()
    }

    /// 1-based line (of the whole file) and 1-based column in characters of byte `offset`
    /// of `text` (the text indexed).
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        debug_assert_eq!(text.len(), self.len, "the text indexed");
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let mut found = self.starts();
        found.search_to(text, offset);
        let line = found.starts.partition_point(|&s| s <= offset) - 1;
        let start = found.starts[line];
        let mut column = text[start..offset].chars().count() + 1;
        if line == 0 {
            column += self.first_column;
        }
        (self.lines_before + line + 1, column)
    }

    /// Byte range of the 1-based file `line` of `text` (the text indexed), without its
    /// line terminator.
    pub fn line_span(&self, text: &str, line: usize) -> Span {
        debug_assert_eq!(text.len(), self.len, "the text indexed");
        let line = line - self.lines_before;
        let mut found = self.starts();
        found.search_past(text, line);
        let start = found.starts[line - 1];
        let end = found.starts.get(line).map_or(text.len(), |&next| next);
        let content = text[start..end].trim_end_matches(['\n', '\r']);
        start..start + content.len()
    }
}

/// Text as HTML or XML character data or a quoted attribute value: `&`, `<`, `>`, `"`
/// and `'` escaped.
pub(crate) fn escape_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Whether `c` is a control character that no text format qipu writes holds: an ASCII
/// control other than white space (tab, line feed, vertical tab, form feed, carriage
/// return). The PGN standard (§4.1) allows none of them, PDN follows it, and a reader
/// (qipu's among them) takes a short text dense with them for binary data. JSON escapes
/// them; the text formats write each as its Unicode picture ([`control_picture`]).
#[doc(hidden)]
pub fn is_unwritable_control(c: char) -> bool {
    c.is_ascii_control() && !c.is_whitespace()
}

/// The character of the Unicode block Control Pictures that stands for the ASCII control
/// character `c` (`␀` for NUL, `␡` for DEL); any other character is itself.
pub(crate) fn control_picture(c: char) -> char {
    match c {
        '\0'..='\x1F' => char::from_u32(0x2400 + u32::from(c)).unwrap_or(c),
        '\x7F' => '\u{2421}',
        _ => c,
    }
}

/// Writes every unwritable control character ([`is_unwritable_control`]) of `text` as its
/// picture.
pub(crate) fn picture_controls(text: &mut String) {
    if text.contains(is_unwritable_control) {
        *text = text
            .chars()
            .map(|c| match is_unwritable_control(c) {
                true => control_picture(c),
                false => c,
            })
            .collect();
    }
}

/// Offsets where lines start after the first: after each LF, CRLF or CR alone (old Mac
/// files), so that every line-end style numbers lines alike.
pub(crate) fn line_starts_after(text: &str) -> impl Iterator<Item = usize> + '_ {
    line_ends(text.as_bytes(), 0..text.len()).map(|at| at + 1)
}

/// The offsets of the line ends of `bytes` within `range`, a CRLF's at its LF.
fn line_ends(bytes: &[u8], range: Range<usize>) -> impl Iterator<Item = usize> + '_ {
    let from = range.start;
    memchr::memchr2_iter(b'\n', b'\r', &bytes[range])
        .map(move |k| from + k)
        .filter(move |&at| bytes[at] == b'\n' || bytes.get(at + 1) != Some(&b'\n'))
}

/// The bytes of `bytes` that `matches`: compared, not located, so counted in a loop the
/// compiler runs on many bytes at once (for a predicate without branches).
#[inline(always)]
pub(crate) fn count_bytes(bytes: &[u8], matches: impl Fn(u8) -> bool) -> usize {
    // Per chunk, the count fits the eight bits summed in; 240 bytes, a multiple of every
    // vector width, leave no chunk a tail of bytes counted one by one.
    bytes
        .chunks(240)
        .map(|chunk| usize::from(chunk.iter().fold(0u8, |n, &b| n + u8::from(matches(b)))))
        .sum()
}

/// The lines of `text` with their line ends (LF, CRLF or CR alone).
pub(crate) fn lines_inclusive(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    line_starts_after(text)
        .chain(std::iter::once(text.len()))
        .filter_map(move |end| {
            let line = &text[start..end];
            start = end;
            (!line.is_empty()).then_some(line)
        })
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
    use encoding_rs::BIG5;

    #[test]
    fn utf8_is_detected() {
        let d = decode("白方：张三".as_bytes(), None, None, Syntax::Text);
        assert_eq!(d.encoding_name(), "UTF-8");
        assert_eq!(d.text, "白方：张三");
        assert!(d.issues.is_empty());
    }

    #[test]
    fn gb18030_is_detected() {
        let (bytes, _, _) = GB18030.encode("白方：张三 蓝方：李四\n(1)e2—e4,e7—e5; (2)马g1—f3");
        let d = decode(&bytes, None, None, Syntax::Text);
        assert_eq!(d.encoding_name(), "GB18030");
        assert!(d.text.starts_with("白方：张三"));
    }

    #[test]
    fn big5_is_detected() {
        let (bytes, _, _) = BIG5.encode("白方：張三 藍方：李四 馬g1—f3 駝f1—c4 車a1—a2 王e1");
        let d = decode(&bytes, None, None, Syntax::Text);
        assert_eq!(d.encoding_name(), "Big5");
        assert!(d.text.contains("藍方"));
    }

    #[test]
    fn bom_wins_over_declaration() {
        let mut bytes = vec![0xEF, 0xBB, 0xBF];
        bytes.extend_from_slice("CA[GB2312]黑".as_bytes());
        let d = decode(&bytes, None, Some(("GB2312", None)), Syntax::Text);
        assert_eq!(d.source, EncodingSource::Bom);
        assert_eq!(d.text, "CA[GB2312]黑");
    }

    #[test]
    fn utf16le_with_bom() {
        let mut bytes = vec![0xFF, 0xFE];
        for unit in "(;GM[1]PB[黑])".encode_utf16() {
            bytes.extend_from_slice(&unit.to_le_bytes());
        }
        let d = decode(&bytes, None, None, Syntax::Text);
        assert_eq!(d.encoding_name(), "UTF-16LE");
        assert_eq!(d.text, "(;GM[1]PB[黑])");
    }

    #[test]
    fn wrong_declaration_is_reported() {
        let (bytes, _, _) = GB18030.encode("棋手名字很长的中国围棋选手对局记录");
        let d = decode(&bytes, None, Some(("UTF-8", Some(3..8))), Syntax::Text);
        assert_eq!(d.encoding_name(), "GB18030");
        assert!(matches!(d.issues[0], DecodeIssue::DeclaredMismatch { .. }));
    }

    #[test]
    fn malformed_bytes_are_located() {
        let d = decode(b"e2-e4 \xFF e7-e5", Some(UTF_8), None, Syntax::Text);
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
    fn lines_are_found_as_far_as_asked_in_any_order() {
        let text = "a\r\nb\rc\n\nd";
        let whole: Vec<(usize, usize)> = {
            let index = LineIndex::new(text);
            index.line_count(text);
            (0..=text.len())
                .map(|at| index.line_col(text, at))
                .collect()
        };
        // Asked at a CRLF's LF first, the search must not take its CR for a line end.
        for first in 0..=text.len() {
            let index = LineIndex::new(text);
            assert_eq!(index.line_col(text, first), whole[first], "{first}");
            assert_eq!(&text[index.line_span(text, 4)], "");
            for at in (0..=text.len()).rev() {
                assert_eq!(index.line_col(text, at), whole[at], "{first} then {at}");
            }
            assert_eq!(index.line_count(text), 5);
        }
        let index = LineIndex::new(text);
        assert_eq!(&text[index.line_span(text, 1)], "a");
        assert_eq!(&text[index.line_span(text, 5)], "d");
    }

    #[test]
    fn every_line_end_style_starts_a_line() {
        let text = "a\nb\r\nc\rd\r";
        assert_eq!(line_starts_after(text).collect::<Vec<_>>(), [2, 5, 7, 9]);
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, 7), (4, 1));
        assert_eq!(&text[index.line_span(text, 2)], "b");
        assert_eq!(&text[index.line_span(text, 3)], "c");
        assert_eq!(
            lines_inclusive(text).collect::<Vec<_>>(),
            ["a\n", "b\r\n", "c\r", "d\r"]
        );
        assert_eq!(lines_inclusive("x").collect::<Vec<_>>(), ["x"]);
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
        // The common labels, answered first, as the lists answer them.
        for label in ["utf-8", " UTF-8 ", "GB18030", "gb2312", "GBK", "Utf-8"] {
            let by_lists = Encoding::for_label(label.trim().as_bytes()).map(|encoding| {
                if encoding == GBK {
                    GB18030
                } else {
                    encoding
                }
            });
            assert_eq!(encoding_for_label(label), by_lists, "{label}");
        }
        // Aliases in any case, and respelt ones.
        assert_eq!(encoding_for_label("CP936"), Some(GB18030));
        assert_eq!(encoding_for_label(" Euc_KR "), Some(encoding_rs::EUC_KR));
        assert_eq!(encoding_for_label("WINDOWS_950"), Some(encoding_rs::BIG5));
        assert_eq!(
            encoding_for_label("Shift-JIS"),
            Some(encoding_rs::SHIFT_JIS)
        );
    }
}
