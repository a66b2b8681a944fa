//! What a game family gives the pipeline: each family's folder implements [`Family`],
//! and the registry (`src/registry.rs`) lists them. Nothing here names a family.

use std::any::Any;
use std::fmt;
use std::ops::Range;

use encoding_rs::Encoding;

pub use crate::settings::Settings;

use crate::blocks::{self, BLOCK};
use crate::record::{Format, Game};
use crate::text::{Part, PartScan, Syntax};
use crate::RecordReport;

/// A game family: how its files are recognised, read and replayed, and where a text of
/// its records can be cut between two of them.
pub trait Family: Sync {
    /// The family's name in the command line and in JSON.
    fn game(&self) -> Game;
    /// Extensions (lower case) of the files that hold the family's records: its own
    /// formats, read and written, and those it only reads.
    fn extensions(&self) -> &'static [&'static str];
    /// The formats of its own the family writes (beside [`Format::Json`] and
    /// [`Format::Text`], which every family may write).
    fn formats(&self) -> &'static [Format];
    /// The syntax whose structure decoding must keep (see [`Syntax`]).
    fn syntax(&self) -> Syntax {
        Syntax::Text
    }
    /// Whether bytes before decoding (the first 64 KB) surely hold a record of the
    /// family; only families of their own syntax can tell (SGF).
    fn recognises_bytes(&self, _head: &[u8]) -> bool {
        false
    }
    /// Whether a text (its first 64 KB) surely holds a record of the family.
    fn recognises(&self, head: &str) -> bool;
    /// Whether it may hold one, when no family recognises it.
    fn might_hold(&self, _head: &str) -> bool {
        false
    }
    /// The charset the format declares inside the bytes (SGF `CA`), with its range.
    fn declared_charset<'b>(&self, _bytes: &'b [u8]) -> Option<(&'b str, Range<usize>)> {
        None
    }
    /// The parts of the bytes that decode on their own (SGF game trees that declare
    /// different charsets), when there are such; `None`: the bytes decode as one. `utf8` is
    /// the bytes' UTF-8 reading when they are valid UTF-8 (found once for every judge).
    fn charset_parts(&self, _bytes: &[u8], _utf8: Option<&str>) -> Option<Vec<Part>> {
        None
    }
    /// [`Family::charset_parts`] where it is told at once; `None` where the bytes may
    /// decode as one, which the text they decode to may tell
    /// ([`Family::decodes_as_one_text`]) before [`Family::charset_parts`] does, and hold no
    /// part in UTF-16.
    fn parts_before_decoding(&self, bytes: &[u8], utf8: Option<&str>) -> Option<Option<Vec<Part>>> {
        Some(self.charset_parts(bytes, utf8))
    }
    /// Whether `text`, the clean decoding of all of `bytes` in `encoding` (nothing
    /// malformed, no structural byte taken into a character), shows that the bytes decode
    /// as one; false where it does not tell.
    fn decodes_as_one_text(
        &self,
        _bytes: &[u8],
        _text: &str,
        _encoding: &'static Encoding,
    ) -> bool {
        false
    }
    /// A scan for such parts in a stream of the family's bytes, from offset `at` (the
    /// start, or between two records).
    fn part_scan(&self, _at: usize) -> Option<Box<dyn PartScan>> {
        None
    }
    /// Parses and replays every record of `text`.
    fn read_records(&self, text: &str, options: &ReadOptions) -> Vec<RecordReport>;
    /// A fresh cutter of a stream of the family's text into pieces.
    fn cutter(&self) -> Box<dyn RecordCut>;
    /// Whether a stream whose family is not known yet is cut as this family's is: a
    /// family whose cut opens where the records of the other text families open too (a
    /// tag pair after a blank line). One family says so.
    fn cuts_unknown_text(&self) -> bool {
        false
    }
}

/// Where a stream of text is cut between records, found without parsing.
pub trait RecordCut: Send {
    /// Text gathered before looking for a cut, and bytes read at a time. Reads are at
    /// most a piece long, so that cutting a piece moves little text.
    fn lengths(&self) -> (usize, usize);
    /// The first cut at or after `min` in `text`, if one has arrived; called again with
    /// more text (the same start) when not.
    fn find(&mut self, text: &str, min: usize) -> Option<usize>;
    /// Whether a record surely opens at byte `at` of `text`, told from the text around
    /// it alone: at most [`OPENS_AT_LOOKBACK`] bytes before it, and what follows. This is
    /// where a shard of a file is cut ([`crate::shard`]) without reading the file up to
    /// there. Such a record starts a line or with a character below `0x30` (`(`), which no
    /// character of an ASCII-compatible encoding holds as part of another. `None` when
    /// `text` ends before it can be told.
    fn opens_at(&self, text: &str, at: usize) -> Option<bool>;
}

/// How far back [`RecordCut::opens_at`] may look.
pub const OPENS_AT_LOOKBACK: usize = 64;

/// How to read files; every field overrides what would otherwise be detected.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The game family, instead of the one the extension or the content suggests.
    pub game: Option<Game>,
    /// The encoding, instead of a byte-order mark, a declared charset or detection.
    /// [`crate::read_str`] takes text already decoded and ignores it.
    pub encoding: Option<&'static Encoding>,
    /// Keep each replayed record (moves, comments, variations) for writing; validation
    /// alone does not need them.
    pub keep_records: bool,
    /// The most text a streamed input may hold without a record boundary (`None`:
    /// [`ReadOptions::DEFAULT_MAX_RECORD_SIZE`]). A FIFO, a device or standard input could
    /// otherwise grow one record without end.
    pub max_record_size: Option<usize>,
    /// Where a move fits no legal move but exactly one legal move fits what the writer
    /// evidently meant (the same piece to a square one off, a wrong origin, a capture
    /// route cut short, a stone in the other colour's turn), replay on with that move and
    /// report it as [`crate::diag::Repaired`]; the error stays and so does every later one.
    pub repair: bool,
    /// Give each record the fingerprint of what makes it the game it is, for
    /// [`crate::dedup::Duplicates`] to tell the duplicates (the record need not be kept).
    pub dedup: Option<crate::record::Likeness>,
    /// Keep the tags of each record that is not kept, which is what a
    /// [`crate::select::Selection`] reads of it, at a fraction of the cost of keeping it.
    pub keep_tags: bool,
    /// The charset the input declares in its own syntax (SGF: the first tree's `CA`), as
    /// read from its bytes: [`crate::read_document`] and streams set it, so that a family
    /// can tell a later record that declares another. What the caller sets is replaced.
    pub declared_charset: Option<String>,
    /// Rules set for the families ([`ReadOptions::with_rules`]).
    pub overrides: Settings,
    /// The extension of the input's name, lower case (`ngf`), as [`crate::read_document`],
    /// [`crate::read_str`] and streams set it from the source: a family whose formats the
    /// name tells may say that a text is not the format named. What the caller sets is
    /// replaced.
    pub extension: Option<String>,
}

impl ReadOptions {
    /// The largest record a stream reads when [`ReadOptions::max_record_size`] is not
    /// set: 256 MiB.
    pub const DEFAULT_MAX_RECORD_SIZE: usize = 256 << 20;

    /// The options with a family's rules set, instead of what each record says: a
    /// draughts `Variant`, Go `Rules`. Each family looks for its own type.
    pub fn with_rules<T: Any + fmt::Debug + Send + Sync>(mut self, rules: T) -> ReadOptions {
        self.overrides.set(rules);
        self
    }

    /// The rules of type `T` set with [`ReadOptions::with_rules`], if any.
    pub fn rules<T: Any>(&self) -> Option<&T> {
        self.overrides.get()
    }
}

/// The cut of text whose records open with a line after an empty line: the opening is
/// the family's (a tag pair, a scoresheet's players). Line ends may be LF, CRLF or CR
/// alone.
pub struct BlankLineCut {
    /// Whether the line at the offset (after an empty line) opens a record.
    opens: fn(&str, usize) -> bool,
    /// Longest opening looked for, in bytes: a search that found none goes back over so
    /// much, which may be an opening not yet complete.
    longest_opening: usize,
    /// Where the next search starts.
    from: usize,
}

impl BlankLineCut {
    /// A cut before the lines that `opens` says open a record, none longer than
    /// `longest_opening` bytes.
    pub fn new(opens: fn(&str, usize) -> bool, longest_opening: usize) -> BlankLineCut {
        BlankLineCut {
            opens,
            longest_opening,
            from: 0,
        }
    }
}

impl RecordCut for BlankLineCut {
    /// A blank line is found by a quick search, so text pieces are large and handed to
    /// the pool seldom.
    fn lengths(&self) -> (usize, usize) {
        (16 * BLOCK, 4 * BLOCK)
    }

    fn find(&mut self, text: &str, min: usize) -> Option<usize> {
        let bytes = text.as_bytes();
        let start = before_line_ends(bytes, self.from.max(min.saturating_sub(2)));
        let found = blocks::after_blank_line(text, start, self.opens);
        // Searched up to the end: the next search goes back over what may be the start
        // of a blank line and of an opening not yet complete.
        self.from = match found {
            Some(_) => 0,
            None => before_line_ends(bytes, text.len().saturating_sub(self.longest_opening + 2)),
        };
        found
    }

    /// A line after an empty line (the blank line `find` cuts after) that opens a record.
    fn opens_at(&self, text: &str, at: usize) -> Option<bool> {
        let bytes = text.as_bytes();
        if at >= bytes.len() || !text.is_char_boundary(at) {
            // A CR at the very end may yet be followed by its LF.
            return if at == bytes.len() { None } else { Some(false) };
        }
        // The line end before `at`, and one more right before it: the empty line.
        let line_end_before = |end: usize| match end.checked_sub(1).map(|i| bytes[i]) {
            Some(b'\n') if end >= 2 && bytes[end - 2] == b'\r' => Some(2),
            Some(b'\n' | b'\r') => Some(1),
            _ => None,
        };
        if at == 0 || (bytes[at] == b'\n' && bytes[at - 1] == b'\r') {
            // No line before it, or inside a CRLF.
            return Some(false);
        }
        let Some(first) = line_end_before(at) else {
            return Some(false);
        };
        if line_end_before(at - first).is_none() {
            return Some(false);
        }
        // What the opening looks back at is bounded too, so that the answer is the same
        // from wherever the text given starts.
        let mut from = at.saturating_sub(OPENS_AT_LOOKBACK);
        while !text.is_char_boundary(from) {
            from += 1;
        }
        let opens = (self.opens)(&text[from..], at - from);
        if !opens && bytes.len() - at < self.longest_opening {
            return None;
        }
        Some(opens)
    }
}

/// `at`, moved back to the start of the run of line-end bytes it is in or after, so that a
/// search from there sees whole line ends.
fn before_line_ends(bytes: &[u8], mut at: usize) -> usize {
    at = at.min(bytes.len());
    while at > 0 && matches!(bytes[at - 1], b'\n' | b'\r') {
        at -= 1;
    }
    at
}
