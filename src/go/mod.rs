//! Go (weiqi, 围棋), under the Chinese rules of 2002 or the rules a record names: SGF
//! reading, checking and writing, the rules engine and area scoring.
//!
//! - [`sgf`]: the SGF reader's tree ([`sgf::GameTree`], which a kept record holds in
//!   [`GoTree`]); the structural checks of a tree find [`SgfIssue`]s.
//! - [`Board`]: captures, forbidden points, ko; area counting, komi ([`Komi`]), results
//!   ([`GameResult`]).
//! - [`Rules`]: the rule sets (Chinese, the default; Japanese, Korean, AGA, New Zealand,
//!   Tromp-Taylor, Ing) as data, chosen by `RU` or `--rules`.
//! - Reading validates every game tree by replay ([`GoIssue`]); writing gives the
//!   normalised `FF[4]` SGF ([`SgfOptions`]), or the text form for people (tags, numbered
//!   moves in board coordinates), and names what a conversion cannot carry.
//! - The archive formats SGF readers miss — Tygem GIB, WBaduk/Cyberoro NGF, Pandanet
//!   UGF and UGI ([`ArchiveFormat`]) — read as records of their own, replayed as SGF.

mod archive;
mod archive_issue;
mod board;
mod charset;
mod cut;
mod dedup;
mod diagram;
#[cfg(test)]
mod engine_tests;
mod fix;
mod gib;
mod issue;
mod left_out;
mod ngf;
mod properties;
mod replay;
mod rules;
mod scoring;
pub mod sgf;
mod sgf_check;
mod sgf_issue;
mod sgf_writer;
mod shape;
mod text_writer;
mod ugf;
mod validate;

pub use archive::ArchiveFormat;
pub use archive_issue::ArchiveIssue;
pub use board::{Board, BoardPoint, BoardSizeError, Color, KoRule, PlayError, Point};
pub use issue::GoIssue;
pub use properties::Repeat;
pub use rules::Rules;
pub use scoring::{GameResult, Komi, Unverifiable, WinBy};
// The checks and the collection writer alone, reached by the corpus and fuzz tests;
// not part of the interface (read and write records instead).
#[doc(hidden)]
pub use sgf_check::check as check_tree;
pub use sgf_issue::SgfIssue;
#[doc(hidden)]
pub use sgf_writer::write_collection;

use std::fmt;

use serde::ser::SerializeMap;

use crate::diagram::{Diagram, NoBoard, View};
use crate::family::{Family, ReadOptions, RecordCut};
use crate::json::{record_line, MoveFields};
use crate::record::{FamilyTypes, Format, Game, NoVariant, Record, Tags};
use crate::text::{picture_controls, Syntax};
use crate::write::{Fixed, LeftOut, Shape, Stripped, WriteError, WriteOptions};
use crate::{GameRecord, RecordReport};
use left_out::left_out;
use sgf::{GameTree, NodeId};
use text_writer::write_text;
use validate::read_records;

/// A replayed Go move as the record keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoMove {
    /// The player who moved.
    pub color: Color,
    /// `None` for a pass.
    pub point: Option<Point>,
}

impl FamilyTypes for GoMove {
    type Variant = NoVariant;
    type Start = Setup;
    type Outcome = Outcome;
}

/// A record's `RE`: read as a result, or as written when it is none qipu can read.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A result qipu reads (`B+3.5`, `W+R`, `0`, …).
    Read(scoring::GameResult),
    /// `RE` as written, trimmed.
    AsWritten(String),
}

impl fmt::Display for Outcome {
    /// SGF form (`B+3.5`), or the text as written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Read(result) => result.fmt(f),
            Outcome::AsWritten(text) => f.write_str(text),
        }
    }
}

/// The stones on the board before the first move, each colour's points in board order;
/// `Display` writes them as SGF setup properties (`AB[pd][dp]AW[qq]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Black's stones (`AB`).
    pub black: Vec<Point>,
    /// White's stones (`AW`).
    pub white: Vec<Point>,
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (ident, points) in [("AB", &self.black), ("AW", &self.white)] {
            if !points.is_empty() {
                f.write_str(ident)?;
                for point in points {
                    write!(f, "[{point}]")?;
                }
            }
        }
        Ok(())
    }
}

impl MoveFields for GoMove {
    fn write_fields<S: SerializeMap>(&self, map: &mut S) -> Result<(), S::Error> {
        map.serialize_entry("color", &self.color.letter())?;
        map.serialize_entry(
            "point",
            &self.point.map(|p| p.to_string()).unwrap_or_default(),
        )
    }
}

/// A replayed Go record: the family-neutral record of its moves, which JSON is written
/// from, and beside it the parsed tree, which the SGF writer normalises.
pub type GoRecord = Record<GoMove, GoTree>;

/// What a Go record keeps beside its moves: the game tree and the text around it.
#[derive(Clone, Debug)]
pub struct GoTree {
    /// The game tree as parsed.
    pub tree: GameTree,
    /// Text before the file's first tree, trimmed; SGF readers skip it, so the SGF
    /// writer can keep it.
    pub before: Option<String>,
    /// Text after the tree (before the next one, or to the end), trimmed; kept like
    /// `before`.
    pub after: Option<String>,
    /// The main-line node from which the record holds the main line as written
    /// ([`Record::unreplayed`]): its move could not be replayed.
    pub unreplayed_from: Option<NodeId>,
    /// Some variation holds moves the record lacks: its replay stopped at a move that
    /// breaks the rules, or it hangs off the unreplayed part of the main line.
    pub variations_cut: bool,
    /// Some comment stands where the record has no move to carry it (a variation's
    /// nodes without moves).
    pub comments_lost: bool,
    /// The archive format the record was read from (`None`: SGF); its tree is the SGF
    /// qipu made of it.
    pub format: Option<ArchiveFormat>,
    /// Fields of the archive format that no SGF property holds: every conversion names
    /// them as left out.
    pub unread: Vec<String>,
}

impl GoRecord {
    /// What `convert --fix` corrects in the record's SGF (SGFC's corrections, see
    /// `go::fix`); `AP` then names qipu.
    pub fn fixes(&self) -> Vec<Fixed> {
        fix::fix(&self.extra.tree)
            .corrections
            .into_iter()
            .map(|c| Fixed {
                what: c.kind,
                lost: c.lost,
                from: c.from,
                to: c.to,
            })
            .collect()
    }
}

/// Normalised SGF (`FF[4]`, UTF-8) of a record, with the text that stood before and after
/// it where that can be written back faithfully (it holds no `(`, which would start a tree);
/// with `fix`, corrected as SGFC corrects (see [`GoRecord::fixes`]); in lines of at most
/// `width` characters where they can break.
fn write_sgf(record: &GoRecord, fix: bool, width: usize) -> String {
    let mut out = String::new();
    let kept = &record.extra;
    if let Some(before) = kept.before.as_deref().filter(|t| outside_is_writable(t)) {
        out.push_str(before);
        out.push('\n');
    }
    if fix {
        sgf_writer::write_game_into(&fix::fix(&kept.tree).tree, &mut out, width);
    } else {
        sgf_writer::write_game_into(&kept.tree, &mut out, width);
    }
    if let Some(after) = kept.after.as_deref().filter(|t| outside_is_writable(t)) {
        out.push_str(after);
        out.push('\n');
    }
    out
}

/// Whether text outside a tree can be written back as it is: without a `(`, a reader
/// skips all of it.
fn outside_is_writable(text: &str) -> bool {
    !text.contains('(')
}

impl GameRecord for GoRecord {
    fn tags(&self) -> &Tags {
        &self.tags
    }

    fn tag_of(&self, field: &str) -> Option<&'static str> {
        sgf_tag_of(field)
    }

    fn game(&self) -> Game {
        GAME
    }

    fn write(
        &self,
        source: &str,
        index: usize,
        format: Format,
        options: &WriteOptions,
    ) -> Result<String, WriteError> {
        let width = options.get::<Shape>().line_width;
        match format {
            Format::Json => Ok(record_line(source, index, self)),
            SGF => Ok(write_sgf(self, options.get::<SgfOptions>().fix, width)),
            Format::Text => Ok(write_text(self, width)),
            _ => Err(WriteError::unsupported(GAME, format)),
        }
    }

    fn write_json_positions(&self, source: &str, index: usize, _options: &WriteOptions) -> String {
        diagram::json_positions(self, source, index)
    }

    fn left_out(&self, format: Format) -> Vec<LeftOut> {
        left_out(self, format)
    }

    fn reshape(&mut self, options: &WriteOptions) -> Stripped {
        shape::reshape(self, &options.get(), options.get::<SgfOptions>().fix)
    }

    fn corrections(&self, format: Format, options: &WriteOptions) -> Vec<Fixed> {
        if format != SGF || !options.get::<SgfOptions>().fix {
            return Vec::new();
        }
        self.fixes()
    }

    fn picture_controls(&mut self) {
        Record::picture_controls(self);
        let kept = &mut self.extra;
        kept.tree.picture_controls();
        let outside = kept.before.iter_mut().chain(kept.after.iter_mut());
        outside.for_each(picture_controls);
    }

    fn shift(&mut self, offset: usize) {
        self.shift_spans(offset);
    }

    fn diagram(&self, view: &View<'_>) -> Result<Diagram, NoBoard> {
        diagram::diagram(self, view)
    }
}

/// The game-information property of a field every family has.
fn sgf_tag_of(field: &str) -> Option<&'static str> {
    Some(match field {
        "white" => "PW",
        "black" => "PB",
        "event" => "EV",
        "site" => "PC",
        "date" => "DT",
        "round" => "RO",
        "result" => "RE",
        _ => return None,
    })
}

/// This family's game: Go (SGF).
pub const GAME: Game = Game::named("go", "围棋");

/// SGF, `FF[4]`.
pub const SGF: Format = Format::named("sgf", "sgf");

/// How Go records are written as SGF ([`crate::WriteOptions::with`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SgfOptions {
    /// Correct what SGFC corrects (a move in the root, repeated values, `DT`, `RE`, `KM`,
    /// passes, `FF[3]` properties), each correction reported ([`GoRecord::fixes`]).
    /// Without it nothing is corrected.
    pub fix: bool,
}

/// The Go family: SGF, and the archive formats GIB, NGF, UGF and UGI.
pub struct Go;

impl Family for Go {
    fn game(&self) -> Game {
        GAME
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["sgf", "gib", "ngf", "ugf", "ugi"]
    }

    fn formats(&self) -> &'static [Format] {
        &[SGF]
    }

    fn syntax(&self) -> Syntax {
        Syntax::Sgf
    }

    fn recognises_bytes(&self, head: &[u8]) -> bool {
        archive::recognises_bytes(head)
            || cut::tree_start(head).is_some()
            || (memchr::memchr(0, head).is_some() && {
                // A tree in UTF-16 (a collection may open with one): its ASCII bytes.
                let ascii: Vec<u8> = head[..head.len().min(4096)]
                    .iter()
                    .copied()
                    .filter(|&b| b != 0)
                    .collect();
                cut::tree_start(&ascii).is_some()
            })
    }

    fn recognises(&self, head: &str) -> bool {
        archive::format_of(head).is_some() || cut::tree_start(head.as_bytes()).is_some()
    }

    fn declared_charset<'b>(&self, bytes: &'b [u8]) -> Option<(&'b str, std::ops::Range<usize>)> {
        charset::declared_charset(bytes)
    }

    fn charset_parts(&self, bytes: &[u8], utf8: Option<&str>) -> Option<Vec<crate::text::Part>> {
        charset::charset_parts(bytes, utf8)
    }

    fn parts_before_decoding(
        &self,
        bytes: &[u8],
        _utf8: Option<&str>,
    ) -> Option<Option<Vec<crate::text::Part>>> {
        charset::parts_before_decoding(bytes)
    }

    fn decodes_as_one_text(
        &self,
        bytes: &[u8],
        text: &str,
        encoding: &'static encoding_rs::Encoding,
    ) -> bool {
        charset::decodes_as_one_text(bytes, text, encoding)
    }

    fn part_scan(&self, at: usize) -> Option<Box<dyn crate::text::PartScan>> {
        Some(Box::new(charset::TreeScan::starting_at(at)))
    }

    fn read_records(&self, text: &str, options: &ReadOptions) -> Vec<RecordReport> {
        match archive::format_of(text) {
            Some(format) => archive::read_records(text, format, options),
            None => {
                let named = options
                    .extension
                    .as_deref()
                    .and_then(ArchiveFormat::of_extension);
                match named {
                    // Named as an archive format, and no game tree in it either.
                    Some(format) if cut::tree_start(text.as_bytes()).is_none() => {
                        vec![archive::not_the_format(text, format)]
                    }
                    _ => read_records(text, options),
                }
            }
        }
    }

    fn cutter(&self) -> Box<dyn RecordCut> {
        Box::new(cut::SgfCut::default())
    }
}
