//! Decoding a file part by part where its parts declare different charsets (the game
//! trees of an SGF collection, each with its own `CA`, as SGFC's `-E2` reads them): each
//! part is decoded as its declaration or its bytes say, whole files and streams alike.
//!
//! A family finds the parts ([`PartScan`]); nearly every file decodes as one
//! ([`decodes_as_one`]) and is decoded as before, whole.

use std::ops::Range;

use encoding_rs::{Encoding, UTF_8};

use super::guess::{self, Syntax};
use super::{
    choose_encoding, decode_body, encoding_for_label, DecodeIssue, Decoded, EncodingSource,
    StreamDecoder,
};

/// How a part writes its characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PartForm {
    /// In bytes of an ASCII-compatible encoding; its values may be UTF-16 where the part
    /// declares so (SGFC writes `CA[UTF-16LE]` trees that way).
    #[default]
    Bytes,
    /// In UTF-16 code units, structure and all.
    Utf16(&'static Encoding),
}

/// A part of a file that may declare a charset of its own: an SGF game tree, from its
/// `(` (or the byte-order mark before it) to the next tree's; the file's first part
/// starts with the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Its bytes in the file.
    pub range: Range<usize>,
    /// The charset label it declares, and where the label stands in the file.
    pub declared: Option<(String, Range<usize>)>,
    /// How it writes its characters.
    pub form: PartForm,
}

impl Part {
    /// Whether its characters are UTF-16 code units: all of them, or its values'
    /// ([`PartForm::Bytes`] declaring UTF-16, as SGFC writes).
    pub fn in_utf16(&self, bytes: &[u8]) -> bool {
        match self.form {
            PartForm::Utf16(_) => true,
            PartForm::Bytes => {
                let declared = self
                    .declared
                    .as_ref()
                    .and_then(|(label, _)| encoding_for_label(label));
                utf16_values(bytes.get(self.range.clone()).unwrap_or(&[]), declared)
            }
        }
    }
}

/// The byte ranges of the parts whose characters are UTF-16 ([`Part::in_utf16`]).
pub fn utf16_ranges(bytes: &[u8], parts: &[Part]) -> Vec<Range<usize>> {
    parts
        .iter()
        .filter(|part| part.in_utf16(bytes))
        .map(|part| part.range.clone())
        .collect()
}

/// Finds the parts of an input's bytes as they arrive.
pub trait PartScan: Send {
    /// Scans on through `bytes`, the input's bytes from offset `base` on (from the
    /// start of the part being scanned, or from where the scan stands, no later);
    /// returns the parts whose end has been found, every one when `last`.
    fn scan(&mut self, bytes: &[u8], base: usize, last: bool) -> Vec<Part>;
    /// The part being scanned, up to where the scan stands.
    fn current(&self) -> Part;
    /// Whether what the part being scanned declares is known.
    fn root_read(&self) -> bool;
}

/// Parts longer than this are judged by their first this many bytes, and streamed ones
/// are decoded as they come once their scan passes it; shorter ones are judged whole.
pub const LONG_PART: usize = 4 << 20;

/// What a part declares, as far as decoding goes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Declares {
    Nothing,
    Charset(&'static Encoding),
    Unknown(String),
    /// ASCII structure, values in UTF-16.
    Utf16Values(&'static Encoding),
    /// UTF-16 code units.
    Utf16(&'static Encoding),
}

/// Bytes that every ASCII-compatible encoding decodes alike (no NUL, which a UTF-16
/// value holds).
fn neutral(bytes: &[u8]) -> bool {
    bytes.iter().all(|b| (1..0x80).contains(b))
}

/// What `part` (whose bytes are `bytes`) declares; `None` when its bytes decode alike
/// in any ASCII-compatible encoding and it declares nothing, or a charset that cannot
/// matter to them.
fn declares(part: &Part, bytes: &[u8]) -> Option<Declares> {
    if let PartForm::Utf16(encoding) = part.form {
        return Some(Declares::Utf16(encoding));
    }
    let encoding = part
        .declared
        .as_ref()
        .map(|(label, _)| encoding_for_label(label));
    if let Some(Some(utf16)) = encoding {
        if utf16_values(bytes, Some(utf16)) {
            return Some(Declares::Utf16Values(utf16));
        }
    }
    (!neutral(bytes)).then(|| declared_kind(part))
}

/// What `part` declares, its bytes aside.
fn declared_kind(part: &Part) -> Declares {
    match &part.declared {
        None => Declares::Nothing,
        Some((label, _)) => match encoding_for_label(label) {
            Some(encoding) => Declares::Charset(encoding),
            None => Declares::Unknown(label.trim().to_ascii_lowercase()),
        },
    }
}

/// What the `index`-th part declares for the question whether a file decodes as one:
/// as [`declares`], and the first part's declaration even over neutral bytes, since a
/// whole file is decoded as its first tree declares.
fn kind_of(index: usize, part: &Part, bytes: &[u8]) -> Option<Declares> {
    declares(part, bytes)
        .or_else(|| (index == 0 && part.declared.is_some()).then(|| declared_kind(part)))
}

/// Whether a part in bytes declaring `declared` has values in UTF-16: the label says
/// UTF-16, the part is short enough to be read value by value, and it holds NULs (the
/// high bytes of ASCII characters) or, without them, values of bytes that are not UTF-8
/// and come in pairs (Chinese names alone have no NUL).
fn utf16_values(bytes: &[u8], declared: Option<&'static Encoding>) -> bool {
    if declared.is_none_or(|encoding| encoding.is_ascii_compatible()) || bytes.len() > LONG_PART {
        return false;
    }
    if memchr::memchr(0, bytes).is_some() {
        return true;
    }
    let values: Vec<Vec<u8>> = sgf_values(bytes)
        .into_iter()
        .filter(|value| !neutral(value))
        .collect();
    !values.is_empty()
        && values.iter().all(|value| value.len() % 2 == 0)
        && !guess::few_malformed(&values.concat(), UTF_8)
}

/// The contents of the values of SGF bytes read as ASCII, escapes removed byte by byte
/// (as SGFC reads them).
fn sgf_values(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut values = Vec::new();
    let mut at = 0;
    while let Some(open) = memchr::memchr(b'[', &bytes[at..]).map(|k| at + k) {
        let (value, end) = value_at(bytes, open + 1);
        values.push(value);
        at = end + 1;
    }
    values
}

/// The content of the value that starts at `at` (after its `[`), escapes removed byte by
/// byte, and the offset of its `]` (the end of the bytes when none closes it).
fn value_at(bytes: &[u8], mut at: usize) -> (Vec<u8>, usize) {
    let mut value = Vec::new();
    while let Some(&byte) = bytes.get(at) {
        match byte {
            b'\\' => {
                value.extend(bytes.get(at + 1));
                at += 2;
            }
            b']' => break,
            _ => {
                value.push(byte);
                at += 1;
            }
        }
    }
    (value, at.min(bytes.len()))
}

/// Whether the parts of `bytes` all decode as one text: every part that is not
/// `neutral`, and the first part if it declares a charset, declares the same, none
/// holds values in UTF-16, and none but the first starts with a byte-order mark.
pub fn decodes_as_one(bytes: &[u8], parts: &[Part]) -> bool {
    let mut first: Option<Declares> = None;
    for (index, part) in parts.iter().enumerate() {
        let own = &bytes[part.range.clone()];
        // A byte-order mark before a later tree (files put together) is no text.
        if index > 0 && Encoding::for_bom(own).is_some() {
            return false;
        }
        if first.as_ref().is_some_and(|first| alike(first, part)) {
            continue;
        }
        match (kind_of(index, part, own), &first) {
            (None, _) => {}
            (Some(kind), None) => first = Some(kind),
            (Some(kind), Some(first)) if kind == *first => {}
            _ => return false,
        }
    }
    !matches!(first, Some(Declares::Utf16Values(_)))
}

/// Whether `part` surely declares as `kind`, its bytes unread (most trees of a
/// collection declare alike): the same label in bytes of an ASCII-compatible encoding, or
/// no label where the others have none.
fn alike(kind: &Declares, part: &Part) -> bool {
    match (kind, &part.declared, part.form) {
        (Declares::Nothing, None, PartForm::Bytes) => true,
        (Declares::Charset(encoding), Some((label, _)), PartForm::Bytes) => {
            encoding.is_ascii_compatible() && encoding_for_label(label) == Some(*encoding)
        }
        _ => false,
    }
}

/// The encoding of the parts that declare nothing: what detection makes of their bytes
/// together (up to the first [`super::FIRST_BYTES`] bytes of the file, which a stream
/// judges too), as for a file that declares nothing.
fn undeclared_default(bytes: &[u8], parts: &[Part], syntax: Syntax) -> &'static Encoding {
    let sample = super::FIRST_BYTES.min(bytes.len());
    let mut undeclared = Vec::new();
    for part in parts {
        let range = part.range.start.min(sample)..part.range.end.min(sample);
        let own = &bytes[range];
        if part.form == PartForm::Bytes && part.declared.is_none() && !neutral(own) {
            undeclared.extend_from_slice(own);
        }
    }
    if undeclared.is_empty() {
        return UTF_8;
    }
    guess::guess(guess::whole_characters(&undeclared), false, syntax).encoding
}

/// How one part is decoded.
struct PartChoice {
    encoding: &'static Encoding,
    source: EncodingSource,
    bom_len: usize,
    /// Issues of the choice, positioned in the part (its text and bytes).
    issues: Vec<DecodeIssue>,
    /// Values in UTF-16, structure in ASCII.
    utf16_values: bool,
}

/// Chooses how `part` (whose bytes are `bytes`) is decoded: a part in UTF-16 as UTF-16;
/// one that declares a charset as [`choose_encoding`] judges its bytes with that
/// declaration; one that declares nothing as the file's other such parts (`default`),
/// unless its own bytes say otherwise (UTF-8 among legacy ones, legacy among UTF-8),
/// when it is detected alone. A part longer than [`LONG_PART`] is judged by its first
/// bytes.
fn choose_for_part(
    bytes: &[u8],
    part: &Part,
    default: &'static Encoding,
    syntax: Syntax,
) -> PartChoice {
    let complete = bytes.len() <= LONG_PART;
    let judged = if complete {
        bytes
    } else {
        guess::whole_characters(&bytes[..LONG_PART])
    };
    let plain = |encoding, source, bom_len, issues| PartChoice {
        encoding,
        source,
        bom_len,
        issues,
        utf16_values: false,
    };
    if let PartForm::Utf16(encoding) = part.form {
        return match Encoding::for_bom(bytes) {
            Some((bom, len)) if !bom.is_ascii_compatible() => {
                plain(bom, EncodingSource::Bom, len, Vec::new())
            }
            _ => plain(encoding, EncodingSource::Detected, 0, Vec::new()),
        };
    }
    if let Some((label, range)) = &part.declared {
        let declared = encoding_for_label(label);
        if syntax == Syntax::Sgf && utf16_values(bytes, declared) {
            let encoding = declared.unwrap_or(UTF_8);
            return PartChoice {
                utf16_values: true,
                ..plain(encoding, EncodingSource::Declared, 0, Vec::new())
            };
        }
        let at = range.start - part.range.start..range.end - part.range.start;
        let span = bytes
            .get(..at.start)
            .is_some_and(<[u8]>::is_ascii)
            .then_some(at);
        let choice = choose_encoding(judged, complete, None, Some((label, span)), syntax);
        return plain(
            choice.encoding,
            choice.source,
            choice.bom_len,
            choice.issues,
        );
    }
    if let Some((bom, len)) = Encoding::for_bom(bytes) {
        return plain(bom, EncodingSource::Bom, len, Vec::new());
    }
    if neutral(judged) {
        return plain(default, EncodingSource::Detected, 0, Vec::new());
    }
    let utf8 = guess::fit(judged, UTF_8);
    let keeps_default = if default == UTF_8 {
        !utf8.mostly_malformed()
    } else {
        !(utf8.well_formed > 0 && utf8.few_malformed()) && guess::decodes_cleanly(judged, default)
    };
    if keeps_default {
        return plain(default, EncodingSource::Detected, 0, Vec::new());
    }
    if utf8.well_formed > 0 && utf8.few_malformed() {
        return plain(UTF_8, EncodingSource::Detected, 0, Vec::new());
    }
    let choice = choose_encoding(judged, complete, None, None, syntax);
    plain(
        choice.encoding,
        choice.source,
        choice.bom_len,
        choice.issues,
    )
}

/// Decodes `bytes` (a whole part) as `choice` says; positions are the part's own.
fn decode_chosen(bytes: &[u8], choice: PartChoice, syntax: Syntax) -> Decoded {
    let PartChoice {
        encoding,
        source,
        bom_len,
        mut issues,
        utf16_values,
    } = choice;
    let text = if utf16_values {
        decode_utf16_values(bytes, encoding, &mut issues)
    } else {
        decode_body(bytes, None, None, encoding, bom_len, syntax, &mut issues).0
    };
    Decoded {
        text,
        encoding,
        source,
        issues,
        runs: Vec::new(),
    }
}

/// An SGF part whose structure is ASCII and whose values are UTF-16 in `encoding`:
/// each value's bytes, escapes removed as SGFC reads them (byte by byte), are decoded
/// as UTF-16 and written back with the SGF escapes text needs. A value of ASCII bytes
/// alone is ASCII (`FF[4]`, the `CA` itself, moves), as SGFC decodes text values only,
/// unless it is the value of a text property in whole code units.
fn decode_utf16_values(
    bytes: &[u8],
    encoding: &'static Encoding,
    issues: &mut Vec<DecodeIssue>,
) -> String {
    let mut text = String::new();
    let mut at = 0;
    let mut ident = Vec::new();
    while at < bytes.len() {
        let Some(open) = memchr::memchr(b'[', &bytes[at..]).map(|k| at + k) else {
            text.extend(bytes[at..].iter().map(|&b| char::from(b)));
            break;
        };
        let between = &bytes[at..open];
        text.extend(between.iter().map(|&b| char::from(b)));
        // The property the value belongs to: the capitals before it, else the one before.
        let letters: Vec<u8> = between
            .iter()
            .copied()
            .filter(u8::is_ascii_uppercase)
            .collect();
        if !letters.is_empty() {
            ident = letters;
        }
        text.push('[');
        let (value, end) = value_at(bytes, open + 1);
        let mut decoded = String::new();
        let mut found = Vec::new();
        let text_value = TEXT_PROPERTIES.contains(&ident.as_slice()) && value.len() % 2 == 0;
        if neutral(&value) && !text_value {
            // An ASCII value (`FF[4]`, `CA[UTF-16LE]`, a move) is no UTF-16 text.
            decoded.extend(value.iter().map(|&b| char::from(b)));
        } else {
            let mut decoder = StreamDecoder::new(encoding, open + 1, Syntax::Sgf);
            decoder.feed(&value, true, &mut decoded, &mut found);
        }
        for mut issue in found {
            let escapes = |upto: usize| {
                decoded[..upto.min(decoded.len())]
                    .bytes()
                    .filter(|b| matches!(b, b'\\' | b']'))
                    .count()
            };
            if let DecodeIssue::Malformed { span, .. } = &mut issue {
                let start = text.len() + span.start + escapes(span.start);
                *span = start..start + span.len();
            }
            issues.push(issue);
        }
        for c in decoded.chars() {
            if matches!(c, '\\' | ']') {
                text.push('\\');
            }
            text.push(c);
        }
        if end < bytes.len() {
            text.push(']');
        }
        at = end + 1;
    }
    text
}

/// The properties of text that SGFC decodes in a tree whose values are UTF-16 (the
/// `CA` and `AP` an application writes stay ASCII): a value of theirs is UTF-16 even where
/// its bytes are all below 0x80 (`白` is 76 7D).
const TEXT_PROPERTIES: [&[u8]; 22] = [
    b"C", b"N", b"GC", b"PB", b"PW", b"BR", b"WR", b"BT", b"WT", b"EV", b"RO", b"PC", b"SO", b"US",
    b"AN", b"CP", b"GN", b"ON", b"OT", b"RE", b"RU", b"DT",
];

/// Appends a part's decoding to `into`: its text, its issues moved to where the part
/// stands (`start` in the file), and a run where its encoding differs from the text's
/// before it.
fn append(into: &mut Decoded, part: Decoded, start: usize, first: bool) {
    let offset = into.text.len();
    if first {
        into.encoding = part.encoding;
        into.source = part.source;
    } else if into.runs.last().map_or(into.encoding, |run| run.1) != part.encoding {
        into.runs.push((offset, part.encoding));
    }
    into.text.push_str(&part.text);
    for mut issue in part.issues {
        issue.moved(offset, start);
        into.issues.push(issue);
    }
}

/// Decodes a whole file part by part (see `choose_for_part`).
pub fn decode_parts(bytes: &[u8], parts: &[Part], syntax: Syntax) -> Decoded {
    let default = undeclared_default(bytes, parts, syntax);
    let mut decoded = Decoded {
        text: String::with_capacity(bytes.len()),
        encoding: UTF_8,
        source: EncodingSource::Detected,
        issues: Vec::new(),
        runs: Vec::new(),
    };
    for (index, part) in parts.iter().enumerate() {
        let own = &bytes[part.range.clone()];
        let choice = choose_for_part(own, part, default, syntax);
        append(
            &mut decoded,
            decode_chosen(own, choice, syntax),
            part.range.start,
            index == 0,
        );
    }
    decoded
}

/// How a stream decodes the parts that declare as its first bytes do, when those decode
/// as one.
struct FileChoice {
    declares: Option<Declares>,
    encoding: &'static Encoding,
    bom_len: usize,
}

/// Decodes a stream part by part, as [`decode_parts`] decodes a whole file: its first
/// bytes (a sample) tell whether it decodes as one, and then every later part that
/// declares as they do is decoded as they were, the others on their own.
pub struct PartsDecoder {
    scan: Box<dyn PartScan>,
    syntax: Syntax,
    /// Bytes from `base` on, not decoded yet.
    pending: Vec<u8>,
    base: usize,
    /// Parts of the first bytes, scanned and not decoded yet.
    ready: Vec<Part>,
    file: Option<FileChoice>,
    default: &'static Encoding,
    /// The encoding the stream chose from its first bytes.
    first: &'static Encoding,
    /// The encoding of the text decoded last.
    last: &'static Encoding,
    /// A part longer than [`LONG_PART`], decoded as its bytes are scanned.
    long: Option<StreamDecoder>,
}

impl PartsDecoder {
    /// A decoder of a stream whose first bytes are `sample` (taken in: feed it only what
    /// follows), with a fresh scan for its parts (`scan`) and the file's encoding as the
    /// stream chose it from the sample, for when the sample decodes as one.
    pub fn new(
        scan: impl FnOnce() -> Box<dyn PartScan>,
        sample: &[u8],
        chosen: (&'static Encoding, usize),
        syntax: Syntax,
    ) -> PartsDecoder {
        let mut scanner = scan();
        let mut parts = scanner.scan(sample, 0, false);
        let ready = parts.clone();
        parts.push(scanner.current());
        let judged = guess::whole_characters(sample);
        for part in &mut parts {
            part.range = part.range.start.min(judged.len())..part.range.end.min(judged.len());
        }
        let (file, default) = if decodes_as_one(judged, &parts) {
            let declares = parts
                .iter()
                .enumerate()
                .find_map(|(index, part)| kind_of(index, part, &judged[part.range.clone()]));
            let file = FileChoice {
                declares,
                encoding: chosen.0,
                bom_len: chosen.1,
            };
            (Some(file), UTF_8)
        } else {
            (None, undeclared_default(judged, &parts, syntax))
        };
        PartsDecoder {
            scan: scanner,
            syntax,
            pending: sample.to_vec(),
            base: 0,
            ready,
            file,
            default,
            first: chosen.0,
            last: chosen.0,
            long: None,
        }
    }

    /// The same decoder for a shard of the file that starts at `from`, between two
    /// parts, with `scan` starting there.
    pub fn resumed(&self, scan: Box<dyn PartScan>, from: usize) -> PartsDecoder {
        PartsDecoder {
            scan,
            syntax: self.syntax,
            pending: Vec::new(),
            base: from,
            ready: Vec::new(),
            file: self.file.as_ref().map(|file| FileChoice {
                declares: file.declares.clone(),
                encoding: file.encoding,
                bom_len: 0,
            }),
            default: self.default,
            first: self.first,
            last: self.first,
            long: None,
        }
    }

    /// The encoding the stream chose from its first bytes.
    pub fn file_encoding(&self) -> &'static Encoding {
        self.first
    }

    /// Whether the stream's first bytes decode as one ([`decodes_as_one`]).
    pub fn decodes_as_one(&self) -> bool {
        self.file.is_some()
    }

    /// Decodes the parts that `bytes` complete (every one when `last`) onto `out`;
    /// issues are located in `out`, and where a part's encoding differs from the text's
    /// before it, its start and encoding are pushed to `runs`.
    pub fn feed(
        &mut self,
        bytes: &[u8],
        last: bool,
        out: &mut String,
        issues: &mut Vec<DecodeIssue>,
        runs: &mut Vec<(usize, &'static Encoding)>,
    ) {
        self.pending.extend_from_slice(bytes);
        let mut done = 0;
        let mut parts = std::mem::take(&mut self.ready);
        parts.extend(self.scan.scan(&self.pending, self.base, last));
        for part in parts {
            let end = part.range.end - self.base;
            if let Some(mut decoder) = self.long.take() {
                decoder.feed(&self.pending[..end], true, out, issues);
            } else {
                let own = &self.pending[part.range.start - self.base..end];
                let choice = self.choose(own, &part);
                let body = &own[choice.bom_len.min(own.len())..];
                match std::str::from_utf8(body) {
                    // As nearly every part is: no copy but the one into `out`.
                    Ok(text)
                        if choice.encoding == UTF_8
                            && !choice.utf16_values
                            && choice.issues.is_empty() =>
                    {
                        if self.last != UTF_8 {
                            runs.push((out.len(), UTF_8));
                            self.last = UTF_8;
                        }
                        out.push_str(text);
                    }
                    _ => {
                        let decoded = decode_chosen(own, choice, self.syntax);
                        self.write(decoded, part.range.start, out, issues, runs);
                    }
                }
            }
            done = end;
        }
        // Once for all the parts: a drain per part would move the rest again each time.
        self.pending.drain(..done);
        self.base += done;
        if last {
            return;
        }
        let current = self.scan.current();
        let scanned = current.range.end - self.base;
        if self.long.is_none() && current.range.len() > LONG_PART && self.scan.root_read() {
            let choice = self.choose(&self.pending[current.range.start - self.base..], &current);
            let (encoding, bom_len) = (choice.encoding, choice.bom_len);
            let head = Decoded {
                text: String::new(),
                encoding,
                source: choice.source,
                issues: choice.issues,
                runs: Vec::new(),
            };
            self.write(head, current.range.start, out, issues, runs);
            let mut decoder =
                StreamDecoder::new(encoding, current.range.start + bom_len, self.syntax);
            let own = &self.pending[current.range.start - self.base..];
            decoder.feed(&own[bom_len.min(scanned)..scanned], false, out, issues);
            self.long = Some(decoder);
        } else if let Some(decoder) = self.long.as_mut() {
            decoder.feed(&self.pending[..scanned], false, out, issues);
        } else {
            return;
        }
        self.pending.drain(..scanned);
        self.base = current.range.end;
    }

    /// How a part is decoded: as the file's first bytes, when the file decodes as one
    /// and the part declares as they do; else on its own.
    fn choose(&self, bytes: &[u8], part: &Part) -> PartChoice {
        match &self.file {
            Some(file)
                if (part.range.start == 0 || Encoding::for_bom(bytes).is_none())
                    && (file.declares.as_ref().is_some_and(|kind| alike(kind, part))
                        || declares(part, bytes).is_none_or(|own| Some(own) == file.declares)) =>
            {
                PartChoice {
                    encoding: file.encoding,
                    source: EncodingSource::Detected,
                    bom_len: if part.range.start == 0 {
                        file.bom_len
                    } else {
                        0
                    },
                    issues: Vec::new(),
                    utf16_values: false,
                }
            }
            _ => choose_for_part(bytes, part, self.default, self.syntax),
        }
    }

    /// Writes a decoded part (or the head of a long one) that starts at `start` in the
    /// file onto `out`.
    fn write(
        &mut self,
        decoded: Decoded,
        start: usize,
        out: &mut String,
        issues: &mut Vec<DecodeIssue>,
        runs: &mut Vec<(usize, &'static Encoding)>,
    ) {
        if decoded.encoding != self.last {
            runs.push((out.len(), decoded.encoding));
            self.last = decoded.encoding;
        }
        let offset = out.len();
        out.push_str(&decoded.text);
        for mut issue in decoded.issues {
            issue.moved(offset, start);
            issues.push(issue);
        }
    }
}
