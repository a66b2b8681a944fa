//! Finding the character set an SGF file declares (`CA`) before it is decoded, and the
//! game trees of a collection that declare their own ([`TreeScan`]).
//!
//! The text layer decides the encoding by BOM first, then this declaration, then detection.
//! The scan is ASCII-compatible: structural bytes `(`, `;`, `)` and upper-case letters never
//! occur as trail bytes of GBK, Big5 or Shift_JIS, but `[`, `\` and `]` can, so a
//! tokenising scan can be derailed by a name such as Big5 `許` (B3 5C) before `CA`; a literal
//! search for `CA[` within the root node backs it up.

use std::ops::Range;

use encoding_rs::{Encoding, GB18030, UTF_16BE, UTF_16LE};
use memchr::memchr;

use crate::text::{encoding_for_label, takes_structure, Part, PartForm, PartScan};

/// Longest label accepted (`ISO-8859-1`, `windows-1252`, `x-mac-cyrillic` fit).
const MAX_LABEL: usize = 40;

/// The root node's `CA` label and its byte range in `bytes`, if the file declares one.
/// Only the root node is scanned: the scan stops at the first node after it.
pub fn declared_charset(bytes: &[u8]) -> Option<(&str, Range<usize>)> {
    let start = memchr(b'(', bytes)?;
    let (found, root_end) = scan_root(bytes, start + 1);
    found.or_else(|| search_literal(bytes, start..root_end))
}

/// Tokenises the root node starting at `pos` (after `(`); returns a `CA` label found at a
/// property boundary and where the root node ends.
fn scan_root(bytes: &[u8], mut pos: usize) -> (Option<(&str, Range<usize>)>, usize) {
    let mut seen_node = false;
    let mut ident: Range<usize> = pos..pos;
    while let Some(&b) = bytes.get(pos) {
        match b {
            b';' if seen_node => return (None, pos),
            b';' => {
                seen_node = true;
                pos += 1;
            }
            b'(' | b')' => return (None, pos),
            b'[' => {
                let (value, end) = value_at(bytes, pos);
                if bytes[ident.clone()].eq_ignore_ascii_case(b"CA") {
                    if let Some(label) = label(bytes, value) {
                        return (Some(label), end);
                    }
                }
                pos = end;
            }
            b if b.is_ascii_alphabetic() => {
                let len = bytes[pos..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphabetic())
                    .count();
                ident = pos..pos + len;
                pos += len;
                // Long FF[3] names reduce to their capitals (`CharSet` would be `CS`), so
                // only the plain identifier counts.
            }
            _ => pos += 1,
        }
    }
    (None, pos)
}

/// The content range of the value whose `[` is at `open`, and the offset after its `]`.
fn value_at(bytes: &[u8], open: usize) -> (Range<usize>, usize) {
    let mut pos = open + 1;
    while let Some(&b) = bytes.get(pos) {
        match b {
            b'\\' => pos += 2,
            b']' => return (open + 1..pos, pos + 1),
            _ => pos += 1,
        }
    }
    (open + 1..bytes.len(), bytes.len())
}

/// A plausible label: ASCII letters, digits, `-`, `_`, `.`, `:`, white space trimmed.
fn label(bytes: &[u8], r: Range<usize>) -> Option<(&str, Range<usize>)> {
    let raw = bytes.get(r.clone())?;
    let lead = raw.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let trail = raw
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_whitespace())
        .count();
    let r = r.start + lead..r.end.saturating_sub(trail).max(r.start + lead);
    let text = std::str::from_utf8(bytes.get(r.clone())?).ok()?;
    let plausible = !text.is_empty()
        && text.len() <= MAX_LABEL
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.:".contains(&b));
    plausible.then_some((text, r))
}

/// Fallback: a literal `CA[` right after a value or node start, within `region`.
fn search_literal(bytes: &[u8], region: Range<usize>) -> Option<(&str, Range<usize>)> {
    let hay = bytes.get(region.clone())?;
    let mut at = 0;
    while let Some(k) = memchr(b'C', &hay[at..]).map(|k| at + k) {
        at = k + 1;
        let boundary =
            k == 0 || matches!(hay[k - 1], b']' | b';' | b'(') || hay[k - 1].is_ascii_whitespace();
        if boundary && hay[k..].starts_with(b"CA[") {
            let open = region.start + k + 2;
            let end = memchr(b']', &bytes[open..]).map_or(bytes.len(), |e| open + e);
            if let Some(found) = label(bytes, open + 1..end) {
                return Some(found);
            }
        }
    }
    None
}

/// The game trees of `bytes` as parts that each decode on their own, when the file
/// holds more than one way to decode them: trees that declare different charsets, trees
/// with `CA` beside trees without, a tree in UTF-16 among trees in bytes, or a tree whose
/// values are UTF-16 (`CA[UTF-16LE]` in an ASCII root, as SGFC writes). `None` when the
/// whole file decodes as one, as nearly every file does. `utf8` is the bytes' UTF-8
/// reading, when they are UTF-8.
pub fn charset_parts(bytes: &[u8], utf8: Option<&str>) -> Option<Vec<Part>> {
    parts_before_decoding(bytes).unwrap_or_else(|| {
        (!alike_without_scan(bytes, utf8.is_some()))
            .then(|| scanned_parts(bytes))
            .flatten()
    })
}

/// [`charset_parts`] where it is told at once: the bytes hold a NUL (then they are
/// scanned), or no NUL and at most one `(`, which one tree without variations shows.
/// `None` for bytes without a NUL, which hold no tree in UTF-16: the text they decode to
/// ([`decodes_as_one_text`]) tells most at least cost, then a quick search for their
/// labels ([`alike_without_scan`]), then a scan.
pub fn parts_before_decoding(bytes: &[u8]) -> Option<Option<Vec<Part>>> {
    if memchr(0, bytes).is_some() {
        return Some(scanned_parts(bytes));
    }
    one_tree(bytes).then_some(None)
}

/// The parts a scan of the whole bytes finds, unless they decode as one.
fn scanned_parts(bytes: &[u8]) -> Option<Vec<Part>> {
    let parts = TreeScan::default().scan(bytes, 0, true);
    (!crate::text::decodes_as_one(bytes, &parts)).then_some(parts)
}

/// Whether `text`, the clean decoding of all of `bytes` in `encoding` (nothing malformed,
/// no structural byte taken into a character), shows that the bytes decode as one without
/// a scan of them: the first tree's root declares `encoding` and the text holds that tree
/// alone. The scan reads the first tree in its declared encoding, which makes the same
/// characters of the bytes as the decoding, so its values and parentheses are the text's
/// ([`one_tree_in_text`] gives up where the scan would look at bytes inside a character).
/// Collections in a legacy charset with variations are told so, which nothing in their
/// bytes shows short of the scan.
pub fn decodes_as_one_text(bytes: &[u8], text: &str, encoding: &'static Encoding) -> bool {
    let Some(open) = memchr(b'(', bytes) else {
        return false;
    };
    let root = &bytes[open..bytes.len().min(open + ROOT_SEARCHED)];
    let declares_encoding = matches!(
        root_charset(root, true),
        Some(Some((label, _))) if encoding_for_label(label) == Some(encoding)
    );
    declares_encoding && encoding.is_ascii_compatible() && one_tree_in_text(text.as_bytes())
}

/// Whether decoded SGF text holds one game tree at most, its values and parentheses told
/// as [`TreeScan`] tells them. In a clean decoding no `[`, `\` or `]` of the bytes is a
/// character's trail byte, so the scan's structure is the text's but for one case, where
/// this gives up (false): a `\` before a character, whose first byte alone the scan
/// passes over, pairing off the rest from the wrong byte.
///
/// Only the parentheses are looked at, and whether each stands in a value: it does when a
/// `[` follows the last `]` before it that is not escaped (by an odd run of `\` before it).
/// That `]` closes a value or stands outside one, so a `[` after it opens a value that
/// nothing has closed. Parentheses are few, values many: the text is searched, not read.
fn one_tree_in_text(text: &[u8]) -> bool {
    let Some(open) = memchr(b'(', text) else {
        return true;
    };
    let escapes_a_character = memchr::memchr_iter(b'\\', &text[open..])
        .any(|k| text.get(open + k + 1).is_some_and(|&b| b >= 0x80));
    if escapes_a_character {
        return false;
    }
    let mut depth = 1u32;
    // Whether a value is open where the last parenthesis stood, and where the text after
    // it starts.
    let mut in_value = false;
    let mut from = open + 1;
    for at in memchr::memchr2_iter(b'(', b')', &text[from..]).map(|k| open + 1 + k) {
        let stretch = &text[from..at];
        in_value = match last_closing_bracket(stretch) {
            Some(close) => memchr(b'[', &stretch[close + 1..]).is_some(),
            None => in_value || memchr(b'[', stretch).is_some(),
        };
        from = at + 1;
        if in_value {
            continue;
        }
        if text[at] == b'(' {
            depth += 1;
            continue;
        }
        depth -= 1;
        if depth == 0 {
            return memchr(b'(', &text[from..]).is_none();
        }
    }
    true
}

/// The last `]` of `stretch` that no `\` escapes (one after an even run of them). The
/// run before a `]` lies within the stretch, which starts after a parenthesis.
fn last_closing_bracket(stretch: &[u8]) -> Option<usize> {
    memchr::memrchr_iter(b']', stretch).find(|&k| {
        let escapes = stretch[..k]
            .iter()
            .rev()
            .take_while(|&&b| b == b'\\')
            .count();
        escapes % 2 == 0
    })
}

/// At most one `(`: one tree without variations.
fn one_tree(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'(', bytes).nth(1).is_none()
}

/// Whether the trees surely decode alike, told from a quick search instead of a scan:
/// nothing that could be a `CA` value (`CA[`, any case, white space before the `[`), or
/// every such value UTF-8 and the bytes valid UTF-8 (a tree without `CA` whose bytes are
/// UTF-8 is read as UTF-8: legacy text is not UTF-8 by chance). Most collections are
/// either. `utf8`: the bytes are valid UTF-8.
fn alike_without_scan(bytes: &[u8], utf8: bool) -> bool {
    let mut labels = ["CA", "ca", "Ca", "cA"].into_iter().flat_map(|needle| {
        memchr::memmem::find_iter(bytes, needle.as_bytes()).filter_map(|at| {
            let rest = &bytes[at + 2..];
            let space = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
            let open = at + 2 + space;
            (bytes.get(open) == Some(&b'[')).then(|| value_at(bytes, open).0)
        })
    });
    let mut seen = false;
    // The label of the last value found UTF-8: collections repeat one.
    let mut utf8_label: Option<&str> = None;
    let all_utf8 = labels.all(|value| {
        seen = true;
        let Some((text, _)) = label(bytes, value) else {
            return false;
        };
        let utf8 = utf8_label == Some(text) || encoding_for_label(text) == Some(encoding_rs::UTF_8);
        utf8_label = utf8.then_some(text);
        utf8
    });
    !seen || (all_utf8 && utf8)
}

/// Most bytes after a tree's `(` that are searched for its root's `CA`: a root longer
/// than this (a comment of megabytes) declares nothing that is heeded, read whole or
/// streamed alike.
pub const ROOT_SEARCHED: usize = 1 << 20;

/// A scan of SGF bytes for the game trees of a collection, each a part of the file from
/// its `(` (or the byte-order mark before it) to the next tree's, the first from the
/// file's start: its root's `CA`, and whether it is written in UTF-16 code units (a NUL
/// beside its `(`). Top-level trees are told by the depth of parentheses outside values,
/// as the reader tells them; within a tree that declares GBK, Big5, Shift_JIS or EUC-KR,
/// a `\` or `]` that the encoding takes as a character's trail byte is text, as it is in
/// the decoded tree. Bytes are looked at once, most of them by `memchr`.
#[derive(Default)]
pub struct TreeScan {
    /// The next byte to look at (a file offset).
    at: usize,
    /// The part being scanned.
    part: PartSoFar,
    state: Scan,
    /// Where the last tree ended, when it was in UTF-16 and no tree in bytes followed.
    units_end: Option<usize>,
}

/// What is known of the part being scanned.
#[derive(Default)]
struct PartSoFar {
    start: usize,
    /// Whether its tree has opened (the file's first part starts before it).
    opened: bool,
    declared: Option<(String, Range<usize>)>,
    form: PartForm,
}

#[derive(Clone, Copy, Default)]
enum Scan {
    /// Between trees, looking for the next `(`.
    #[default]
    Between,
    /// At a tree's `(`, whose root is read for `CA` before the tree is scanned.
    Root { open: usize },
    /// Inside a tree of bytes; `takes` is the declared encoding when it can take a `\`
    /// or `]` into a character.
    Bytes {
        depth: u32,
        value: Value,
        takes: Option<&'static Encoding>,
    },
    /// Inside a tree of UTF-16 code units.
    Units {
        depth: u32,
        value: Value,
        big_endian: bool,
    },
}

/// Where the scan stands with respect to values.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Value {
    Outside,
    Inside,
    /// After a `\` inside a value.
    Escaped,
}

impl PartScan for TreeScan {
    fn scan(&mut self, bytes: &[u8], base: usize, last: bool) -> Vec<Part> {
        let mut parts = Vec::new();
        while let Some(part) = self.next_part(bytes, base, last) {
            parts.push(part);
        }
        if last {
            let end = base + bytes.len();
            let part = std::mem::take(&mut self.part);
            parts.extend(part.into_part(end));
            self.part.start = end;
            self.at = end;
        }
        parts
    }

    fn current(&self) -> Part {
        Part {
            range: self.part.start..self.at.max(self.part.start),
            declared: self.part.declared.clone(),
            form: self.part.form,
        }
    }

    fn root_read(&self) -> bool {
        !matches!(self.state, Scan::Root { .. })
    }
}

impl PartSoFar {
    /// The part, ending at `end`; none when it is empty.
    fn into_part(self, end: usize) -> Option<Part> {
        (end > self.start).then_some(Part {
            range: self.start..end,
            declared: self.declared,
            form: self.form,
        })
    }
}

impl TreeScan {
    /// A scan that starts at `at`, between two trees (where a shard of a file starts).
    pub fn starting_at(at: usize) -> TreeScan {
        TreeScan {
            at,
            part: PartSoFar {
                start: at,
                ..PartSoFar::default()
            },
            state: Scan::Between,
            units_end: None,
        }
    }

    /// Scans on; gives the part being scanned once the next tree opens, `None` when the
    /// bytes (the file's from offset `base`) run out first.
    fn next_part(&mut self, bytes: &[u8], base: usize, last: bool) -> Option<Part> {
        loop {
            match self.state {
                Scan::Between => {
                    if let Some(done) = self.tree_opens(bytes, base, last)? {
                        return Some(done);
                    }
                }
                Scan::Root { open } => {
                    let from = open - base;
                    let root = &bytes[from..bytes.len().min(from + ROOT_SEARCHED)];
                    let complete = last || root.len() == ROOT_SEARCHED;
                    let declared = root_charset(root, complete)?.map(|(label, range)| {
                        (label.to_string(), open + range.start..open + range.end)
                    });
                    let takes = declared
                        .as_ref()
                        .and_then(|(label, _)| encoding_for_label(label))
                        .filter(|encoding| takes_structure(encoding));
                    self.part.declared = declared;
                    self.state = Scan::Bytes {
                        depth: 0,
                        value: Value::Outside,
                        takes,
                    };
                    self.at = open;
                }
                Scan::Bytes { .. } => self.scan_bytes(bytes, base, last)?,
                Scan::Units { .. } => self.scan_units(bytes, base)?,
            }
        }
    }

    /// From between trees, to the next `(` and the tree it opens: the part before it when
    /// that tree starts a new part, `Some(None)` when the scan goes on in the same part
    /// (the file's first tree), `None` when more bytes are needed.
    fn tree_opens(&mut self, bytes: &[u8], base: usize, last: bool) -> Option<Option<Part>> {
        let rel = self.at - base;
        let Some(k) = memchr(b'(', &bytes[rel..]) else {
            self.at = base + bytes.len();
            return None;
        };
        let open = rel + k;
        if bytes.len() < open + 4 && !last {
            // What follows the `(` tells its form.
            self.at = base + open;
            return None;
        }
        let kept = self.part.start.saturating_sub(base);
        let marked =
            |at: usize, mark: &[u8]| at >= kept + mark.len() && bytes[at - mark.len()..at] == *mark;
        // A NUL on either side of the `(`: UTF-16BE; `(`, a NUL, and a NUL again after
        // the next byte: UTF-16LE. After a tree in UTF-16, `0A 00 28 00 3B 00` may be
        // either: the code units go on from where that tree's ended.
        let nul = |at: usize| bytes.get(at) == Some(&0);
        let around = open > kept && nul(open - 1) && nul(open + 1);
        let (little, big) = match (around, self.units_end) {
            (true, Some(end)) => {
                let aligned = (base + open - end).is_multiple_of(2);
                (aligned, !aligned)
            }
            (true, None) => (false, true),
            (false, _) => (nul(open + 1) && nul(open + 3), false),
        };
        let (form, first_unit, start) = if little {
            let bom = marked(open, &[0xFF, 0xFE]);
            (PartForm::Utf16(UTF_16LE), open, open - 2 * usize::from(bom))
        } else if big {
            let bom = marked(open - 1, &[0xFE, 0xFF]);
            (
                PartForm::Utf16(UTF_16BE),
                open - 1,
                open - 1 - 2 * usize::from(bom),
            )
        } else {
            let bom = marked(open, &[0xEF, 0xBB, 0xBF]);
            (PartForm::Bytes, open, open - 3 * usize::from(bom))
        };
        self.at = base + first_unit;
        self.units_end = None;
        self.state = match form {
            PartForm::Utf16(encoding) => Scan::Units {
                depth: 0,
                value: Value::Outside,
                big_endian: encoding == UTF_16BE,
            },
            PartForm::Bytes => Scan::Root { open: base + open },
        };
        let next = PartSoFar {
            start: base + start,
            opened: true,
            declared: None,
            form,
        };
        if !self.part.opened {
            // The file's first tree: its part starts with the file.
            self.part = PartSoFar {
                start: self.part.start,
                ..next
            };
            return Some(None);
        }
        let done = std::mem::replace(&mut self.part, next);
        Some(done.into_part(base + start))
    }

    /// Scans a tree of bytes on; `Some(())` once it has closed, `None` when more bytes
    /// are needed.
    fn scan_bytes(&mut self, bytes: &[u8], base: usize, last: bool) -> Option<()> {
        let Scan::Bytes {
            mut depth,
            mut value,
            takes,
        } = self.state
        else {
            return Some(());
        };
        let mut at = self.at - base;
        let stops = if takes.is_some() { &WIDE_STOPS } else { &STOPS };
        let closed = loop {
            // Bytes that change nothing are passed over by one table lookup each.
            while bytes.get(at).is_some_and(|&b| !stops[usize::from(b)]) && value != Value::Escaped
            {
                at += 1;
            }
            let Some(&byte) = bytes.get(at) else {
                break false;
            };
            match (value, byte) {
                (Value::Escaped, _) => value = Value::Inside,
                (Value::Outside, b'[') => value = Value::Inside,
                (Value::Outside, b'(') => depth += 1,
                (Value::Outside, b')') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        at += 1;
                        break true;
                    }
                }
                (Value::Inside, b'\\') => value = Value::Escaped,
                (Value::Inside, b']') => value = Value::Outside,
                (Value::Inside, 0x80..) => {
                    let Some(encoding) = takes else {
                        at += 1;
                        continue;
                    };
                    // A run of a character's bytes (GB18030's four-byte ones hold
                    // digits), and the ASCII byte after it, which it may take.
                    let Some(end) = run_end(bytes, at) else {
                        if last {
                            at = bytes.len();
                        }
                        break false;
                    };
                    let taken = matches!(bytes[end], b'\\' | b']')
                        && takes_trail(encoding, &bytes[at..=end]);
                    at = end + usize::from(taken);
                    continue;
                }
                _ => {}
            }
            at += 1;
        };
        self.at = base + at;
        self.state = if closed {
            Scan::Between
        } else {
            Scan::Bytes {
                depth,
                value,
                takes,
            }
        };
        closed.then_some(())
    }

    /// Scans a tree of UTF-16 code units on, as [`TreeScan::scan_bytes`] does bytes.
    fn scan_units(&mut self, bytes: &[u8], base: usize) -> Option<()> {
        let Scan::Units {
            mut depth,
            mut value,
            big_endian,
        } = self.state
        else {
            return Some(());
        };
        let mut at = self.at - base;
        let mut closed = false;
        while let Some(pair) = bytes.get(at..at + 2) {
            at += 2;
            let unit = if big_endian {
                u16::from_be_bytes([pair[0], pair[1]])
            } else {
                u16::from_le_bytes([pair[0], pair[1]])
            };
            let Ok(symbol) = u8::try_from(unit) else {
                value = if value == Value::Escaped {
                    Value::Inside
                } else {
                    value
                };
                continue;
            };
            match (value, symbol) {
                (Value::Escaped, _) => value = Value::Inside,
                (Value::Inside, b'\\') => value = Value::Escaped,
                (Value::Inside, b']') => value = Value::Outside,
                (Value::Inside, _) => {}
                (Value::Outside, b'[') => value = Value::Inside,
                (Value::Outside, b'(') => depth += 1,
                (Value::Outside, b')') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        closed = true;
                        break;
                    }
                }
                (Value::Outside, _) => {}
            }
        }
        self.at = base + at;
        self.units_end = closed.then_some(self.at);
        self.state = if closed {
            Scan::Between
        } else {
            Scan::Units {
                depth,
                value,
                big_endian,
            }
        };
        closed.then_some(())
    }
}

/// The bytes a scan of a tree in bytes stops at: `[`, `(`, `)` outside values, `]` and
/// `\` inside them.
static STOPS: [bool; 256] = stops(false);

/// [`STOPS`], and the bytes of characters, in a tree whose encoding may take a `\` or `]`
/// into one.
static WIDE_STOPS: [bool; 256] = stops(true);

const fn stops(wide: bool) -> [bool; 256] {
    let mut stops = [false; 256];
    let special = *b"[()]\\";
    let mut k = 0;
    while k < special.len() {
        stops[special[k] as usize] = true;
        k += 1;
    }
    let mut b = 0x80;
    while wide && b < 256 {
        stops[b] = true;
        b += 1;
    }
    stops
}

/// Where the run of a character's bytes from `at` ends: the next byte below 0x80 that
/// is no digit, `None` when the bytes end first. CJK text is passed eight bytes at a time.
fn run_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    loop {
        while let Some(word) = bytes.get(at..at + 8) {
            let word = u64::from_ne_bytes(word.try_into().expect("eight bytes"));
            if word & 0x8080_8080_8080_8080 != 0x8080_8080_8080_8080 {
                break;
            }
            at += 8;
        }
        match bytes.get(at) {
            None => return None,
            Some(b) if *b < 0x80 && !b.is_ascii_digit() => return Some(at),
            Some(_) => at += 1,
        }
    }
}

/// Whether `encoding` decodes the last byte of `bytes` (a `\` or `]` after a run of a
/// character's bytes) as part of a character: the decoder, not a table, decides.
fn takes_trail(encoding: &'static Encoding, bytes: &[u8]) -> bool {
    let run = &bytes[..bytes.len().saturating_sub(1)];
    if encoding == GB18030 && run.iter().all(|b| (0x81..=0xFE).contains(b)) {
        // Any two such bytes are one GB18030 character (a test checks every pair), so
        // the run pairs off from its start and an odd one's last byte takes the next.
        return run.len() % 2 == 1;
    }
    // Decoded into a small buffer, reused: only the text's last byte matters.
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut buffer = [0u8; 1024];
    let mut rest = bytes;
    let mut last = None;
    loop {
        let (result, read, written, _) = decoder.decode_to_utf8(rest, &mut buffer, true);
        if written > 0 {
            last = Some(buffer[written - 1]);
        }
        rest = &rest[read..];
        if result == encoding_rs::CoderResult::InputEmpty {
            return last != bytes.last().copied();
        }
    }
}

/// The root's `CA` label and its range in `root` (which starts with the tree's `(`),
/// `Some(None)` when it declares none, `None` when the root has not ended within the
/// bytes and more may come (`complete` is false).
fn root_charset(root: &[u8], complete: bool) -> Option<Option<(&str, Range<usize>)>> {
    let (found, end) = scan_root(root, 1);
    if end >= root.len() && !complete {
        return None;
    }
    Some(found.or_else(|| search_literal(root, 0..end)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::encoding_for_label;

    /// [`takes_trail`] as the decoder alone tells it.
    fn takes_trail_by_decoder(encoding: &'static Encoding, bytes: &[u8]) -> bool {
        let (text, _) = encoding.decode_without_bom_handling(bytes);
        !text.ends_with(char::from(*bytes.last().expect("a byte")))
    }

    /// The next state of a xorshift generator: random bytes, the same on every run.
    fn xorshift(mut state: u64) -> u64 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }

    #[test]
    fn a_run_ends_at_ascii_besides_digits() {
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..20_000 {
            state = xorshift(state);
            let len = (state % 40) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|k| match (state >> (k % 60)) as u8 % 8 {
                    0 => b'a',
                    1 => b'7',
                    _ => 0x80 | (state >> (k % 50)) as u8,
                })
                .collect();
            let at = len.min((state >> 32) as usize % 4);
            let by_position = bytes[at..]
                .iter()
                .position(|b| *b < 0x80 && !b.is_ascii_digit())
                .map(|k| at + k);
            assert_eq!(run_end(&bytes, at), by_position, "{bytes:02X?} from {at}");
        }
    }

    #[test]
    fn gb18030_runs_pair_off() {
        for lead in 0x81..=0xFE_u8 {
            for trail in 0x81..=0xFE_u8 {
                let pair = [lead, trail];
                let (text, malformed) = GB18030.decode_without_bom_handling(&pair);
                assert!(
                    !malformed && text.chars().count() == 1,
                    "{lead:02X} {trail:02X}"
                );
            }
        }
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        for _ in 0..20_000 {
            state = xorshift(state);
            let len = (state % 9) as usize;
            let mut bytes: Vec<u8> = (0..len)
                .map(|k| match (state >> (8 * k)) as u8 {
                    // Now and then a byte outside the pairing range, or a digit.
                    b @ (0x80 | 0xFF | 0x30..=0x39) => b,
                    b => 0x81 + b % 0x7E,
                })
                .collect();
            bytes.push(if state & 1 == 0 { b']' } else { b'\\' });
            assert_eq!(
                takes_trail(GB18030, &bytes),
                takes_trail_by_decoder(GB18030, &bytes),
                "{bytes:02X?}"
            );
        }
    }

    /// Characters of `encoding` written with a byte-order-free pair whose trail byte is
    /// `[`, `\`, `]` or a letter, and a few others.
    fn tricky_characters(encoding: &'static Encoding) -> Vec<char> {
        let mut found = vec!['x', '中', '\u{3002}'];
        for lead in [0x81_u8, 0x83, 0x95, 0xA4, 0xB0, 0xB3, 0xC4, 0xE0] {
            for trail in [0x5B_u8, 0x5C, 0x5D, 0x41, 0xA1] {
                let pair = [lead, trail];
                let (text, malformed) = encoding.decode_without_bom_handling(&pair);
                let mut chars = text.chars();
                if let (Some(c), None, false) = (chars.next(), chars.next(), malformed) {
                    if !c.is_ascii() && encoding.encode(&text).0.as_ref() == pair {
                        found.push(c);
                    }
                }
            }
        }
        found.retain(|c| !encoding.encode(&c.to_string()).2);
        found
    }

    /// Where the text of a file tells that it decodes as one, the scan of its bytes
    /// agrees: random collections in GB18030, Big5, Shift_JIS, EUC-KR and UTF-8 with
    /// characters whose trail byte is a `[`, `\` or `]`, inside values and out, after a
    /// `\`, with variations, parentheses in values, trees left open and junk between.
    #[test]
    fn the_text_tells_one_tree_as_the_scan_of_the_bytes_does() {
        use crate::text::Syntax;
        use encoding_rs::{BIG5, EUC_KR, SHIFT_JIS, UTF_8};
        let mut state = 0x0DDB_1A5E_5BAD_5EED_u64;
        let mut told = 0;
        let encodings = [GB18030, BIG5, SHIFT_JIS, EUC_KR, UTF_8];
        let pools = encodings.map(tricky_characters);
        for round in 0..6_000 {
            let (encoding, characters) = (encodings[round % 5], &pools[round % 5]);
            let mut text = format!("(;CA[{}]", encoding.name());
            for _ in 0..(state % 24) {
                state = xorshift(state);
                let piece = match state % 16 {
                    0 => "(".to_string(),
                    1 => ")".to_string(),
                    2 | 3 => ";B[aa]".to_string(),
                    4 => "C[".to_string(),
                    5 => "]".to_string(),
                    6 => "\\".to_string(),
                    // The case the text alone would tell otherwise than the scan.
                    10 | 11 => {
                        let pick = |k: u64| characters[(state >> k) as usize % characters.len()];
                        format!("C[\\{}{}](;B[aa])(;C[{}])", pick(8), pick(16), pick(24))
                    }
                    7 => "[".to_string(),
                    8 => "(;CA[UTF-8]".to_string(),
                    9 => " ".to_string(),
                    _ => characters[(state >> 8) as usize % characters.len()].to_string(),
                };
                text.push_str(&piece);
            }
            let bytes = encoding.encode(&text).0.into_owned();
            let declared = declared_charset(&bytes).map(|(label, range)| (label, Some(range)));
            let (decoded, clean) =
                crate::text::decode_read(&bytes, None, None, declared, Syntax::Sgf);
            if clean && decodes_as_one_text(&bytes, &decoded.text, decoded.encoding) {
                told += 1;
                assert_eq!(
                    scanned_parts(&bytes),
                    None,
                    "{text:?} in {}",
                    encoding.name()
                );
            }
        }
        assert!(told > 1_000, "only {told} files told one");
        // `\` before 中中 (D6 D0 D6 D0): the scan passes over D6 and pairs D0 with the
        // next D6, so the last D0 takes the `]`, the value runs on to `[aa]` and the tree
        // ends at the `)` after it: a second tree follows, which declares nothing.
        let bytes = b"(;CA[GB18030]C[\\\xD6\xD0\xD6\xD0](;B[aa])(;C[\xD6\xD0])";
        let text = "(;CA[GB18030]C[\\中中](;B[aa])(;C[中])";
        assert_eq!(scanned_parts(bytes).map(|parts| parts.len()), Some(2));
        assert!(!decodes_as_one_text(bytes, text, GB18030));
    }

    /// [`one_tree_in_text`] against the scan itself, over random UTF-8 text (where the
    /// scan reads the bytes as the text): parentheses in values and out, brackets and
    /// runs of `\` before them, unclosed values and trees.
    #[test]
    fn one_tree_in_text_is_the_scan_of_the_text() {
        let mut state = 0xC0FF_EE15_600D_F00D_u64;
        let mut trees = [0; 2];
        for _ in 0..50_000 {
            state = xorshift(state);
            let mut text = String::new();
            for _ in 0..(state % 20) {
                state = xorshift(state);
                text.push_str(match state % 14 {
                    0 | 1 => "(",
                    2 | 3 => ")",
                    4 => "[",
                    5 | 6 => "]",
                    7 | 8 => "\\",
                    9 => ";B[aa]",
                    10 => "C[(x)]",
                    11 => "中",
                    12 => " ",
                    _ => "x",
                });
            }
            let bytes = text.as_bytes();
            if memchr::memmem::find(bytes, "\\中".as_bytes()).is_some() {
                continue;
            }
            let one = TreeScan::default().scan(bytes, 0, true).len() <= 1;
            trees[usize::from(one)] += 1;
            assert_eq!(one_tree_in_text(bytes), one, "{text:?}");
        }
        assert!(trees.iter().all(|&n| n > 5_000), "{trees:?}");
    }

    #[test]
    fn finds_root_ca() {
        let text = b"(;FF[4]CA[ GB2312 ]PB[x];B[aa])";
        assert_eq!(declared_charset(text), Some(("GB2312", 11..17)));
    }

    #[test]
    fn ignores_ca_after_root_and_in_values() {
        assert_eq!(declared_charset(b"(;FF[4];CA[Big5])"), None);
        assert_eq!(declared_charset(b"(;C[CA[Big5]])"), None);
        assert_eq!(declared_charset(b"no tree"), None);
    }

    #[test]
    fn survives_trail_backslash_and_bracket() {
        // Big5 `許` is B3 5C: a byte scan sees `\]` and runs past the real end of PB.
        let text = b"(;PB[\xb3\x5c]CA[Big5];B[aa])";
        assert_eq!(declared_charset(text).map(|(l, _)| l), Some("Big5"));
        // Shift_JIS `ソ` is 83 5D: the value seems to end early; scanning still goes on.
        let text = b"(;PB[\x83\x5d\x83\x5d]CA[Shift_JIS];B[aa])";
        assert_eq!(declared_charset(text).map(|(l, _)| l), Some("Shift_JIS"));
    }

    #[test]
    fn missing_semicolon_and_unterminated() {
        assert_eq!(
            declared_charset(b"(\r\nCA[UTF-8]").map(|(l, _)| l),
            Some("UTF-8")
        );
        assert_eq!(
            declared_charset(b"(;CA[UTF-8").map(|(l, _)| l),
            Some("UTF-8")
        );
    }

    /// The parts' starts, labels and forms.
    fn parts(bytes: &[u8]) -> Vec<(usize, Option<String>, PartForm)> {
        TreeScan::default()
            .scan(bytes, 0, true)
            .into_iter()
            .map(|part| (part.range.start, part.declared.map(|d| d.0), part.form))
            .collect()
    }

    #[test]
    fn a_tree_part_runs_to_the_next_tree() {
        let text = b"junk (;CA[Big5]C[(x)]) between\n(;B[aa](;W[bb])(;W[cc]))(;CA[GBK])";
        let found = parts(text);
        let labels: Vec<_> = found.iter().map(|p| (p.0, p.1.as_deref())).collect();
        assert_eq!(labels, [(0, Some("Big5")), (31, None), (55, Some("GBK"))]);
        assert!(found.iter().all(|p| p.2 == PartForm::Bytes));
    }

    #[test]
    fn a_declared_trail_byte_is_text() {
        // Big5 `許` is B3 5C: read as ASCII it would escape the `]` and take the `)` and
        // the next tree into the value.
        let text = b"(;CA[Big5]PB[\xb3\x5c])(;CA[UTF-8]PB[x])";
        assert_eq!(parts(text)[1].0, 17);
        // Without the declaration the scan reads as the reader's ASCII view does.
        let text = b"(;PB[\xb3\x5c])(;CA[UTF-8]PB[x])";
        assert_eq!(parts(text).len(), 1);
    }

    #[test]
    fn trees_in_utf16_are_told_by_their_nuls() {
        let le: Vec<u8> = "(;C[x])\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let be: Vec<u8> = "(;C[y])\n"
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect();
        let mut text = b"(;CA[GBK]C[a])\n".to_vec();
        let bom_le = text.len();
        text.extend([0xFF, 0xFE]);
        text.extend(&le);
        let plain_be = text.len();
        text.extend(&be);
        let ascii = text.len();
        text.extend(b"(;C[z])");
        let forms: Vec<_> = parts(&text).into_iter().map(|p| (p.0, p.2)).collect();
        assert_eq!(
            forms,
            [
                (0, PartForm::Bytes),
                (bom_le, PartForm::Utf16(UTF_16LE)),
                (plain_be, PartForm::Utf16(UTF_16BE)),
                (ascii, PartForm::Bytes),
            ]
        );
    }

    #[test]
    fn a_scan_in_pieces_finds_what_a_whole_scan_does() {
        let mut text = Vec::new();
        for k in 0..40u8 {
            text.extend_from_slice(b"(;FF[4]CA[Shift_JIS]PB[\x95\x5c]C[a\\]b(]");
            text.extend(std::iter::repeat_n(b'x', usize::from(k)));
            text.extend_from_slice(b";B[aa](;W[bb]))\n");
            let le: Vec<u8> = "(;C[\u{9ed1}])"
                .encode_utf16()
                .flat_map(u16::to_le_bytes)
                .collect();
            text.extend(le);
        }
        let whole = TreeScan::default().scan(&text, 0, true);
        for step in [1, 2, 3, 7, 64] {
            let mut scan = TreeScan::default();
            let (mut found, mut base) = (Vec::new(), 0);
            let mut at = 0;
            while at < text.len() {
                let end = (at + step).min(text.len());
                let parts = scan.scan(&text[base..end], base, end == text.len());
                if let Some(last) = parts.last() {
                    base = last.range.end;
                }
                found.extend(parts);
                at = end;
            }
            assert_eq!(found, whole, "pieces of {step}");
        }
        assert_eq!(whole.len(), 80);
    }

    #[test]
    fn one_tree_without_nul_needs_no_scan() {
        let parts = |bytes: &[u8]| charset_parts(bytes, std::str::from_utf8(bytes).ok());
        assert_eq!(parts(b"(;CA[GBK]PB[x];B[aa])"), None);
        assert_eq!(parts(b"(;CA[GBK]PB[x])(;CA[GBK]PB[y])"), None);
        assert!(parts(b"(;CA[GBK]PB[\xc0\xee])(;CA[UTF-8]PB[\xe6\x9d\x8e])").is_some());
    }

    #[test]
    fn labels_map_to_encodings() {
        assert_eq!(encoding_for_label("GB2312"), Some(encoding_rs::GB18030));
        assert_eq!(encoding_for_label("cp950"), Some(encoding_rs::BIG5));
        assert_eq!(encoding_for_label("MS_KANJI"), Some(encoding_rs::SHIFT_JIS));
        assert_eq!(encoding_for_label("nonsense"), None);
    }
}
