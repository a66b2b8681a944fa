//! Shatar (Mongolian chess, 喜塔尔): rules engine, notation parsers, validation by
//! replay, and writers. The files inside are private; what a library user needs is
//! here:
//!
//! - the rules (forced first pair, single-step pawns, no castling or en passant,
//!   promotion never to a king), bitboards, move generation, SAN: [`Position`],
//!   [`Move`], [`Color`], [`Role`], [`Square`], FEN ([`Fen`], read with `FromStr` and
//!   written with `Display`);
//! - reading: the rulebook's full and short notations (Latin or Chinese names) and PGN,
//!   each game validated by replay (`read_records`) with its issues ([`ShatarIssue`]);
//! - the PGN and rulebook-text writers: [`write_pgn`], [`write_text`] ([`TextOptions`]).

mod attacks;
mod chess;
mod chess_promotion;
mod dedup;
mod diagram;
mod fen;
mod grammar;
mod issue;
mod notation;
mod pgn;
mod plain_san;
mod position;
mod read;
mod recording;
mod replay;
mod scoresheet;
mod sheet;
mod sheet_head;
mod syntax;
mod types;
mod validate;
mod write;

pub use fen::{Fen, FenError};
pub use issue::{ChessSign, DrawNote, Ending, SetupFault, ShatarIssue};
pub use position::{DrawnEnding, IllegalReason, Move, MoveList, Opening, Position, SetupError};
pub(crate) use read::read_records;
pub use syntax::{ResultToken, SyntaxErrorKind};
pub use types::{Color, Role, Square};
pub use write::{Notation, TextOptions};

use serde::ser::SerializeMap;

use crate::diag::Side;
use crate::diagram::{Diagram, NoBoard, View};
use crate::family::{BlankLineCut, Family, ReadOptions, RecordCut};
use crate::json::{record_line, MoveFields};
use crate::record::{FamilyTypes, Format, Game, Record, RulesVariant, Tags};
use crate::shape::{is_pgn_tag, reshape_record};
use crate::wrap::MAX_LINE;
use crate::write::{LeftOut, Shape, Stripped, WriteError, WriteOptions};
use crate::{GameRecord, RecordReport};

/// A replayed Shatar move as the record keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShatarMove {
    /// The move as the engine resolved it.
    pub mv: Move,
    /// PGN SAN with English letters, including `+`/`#`.
    pub san: String,
    /// The move gives check.
    pub check: bool,
    /// The move gives mate.
    pub mate: bool,
}

impl MoveFields for ShatarMove {
    fn write_fields<S: SerializeMap>(&self, map: &mut S) -> Result<(), S::Error> {
        map.serialize_entry("uci", &self.mv.uci().to_string())?;
        map.serialize_entry("san", &self.san)?;
        map.serialize_entry("check", &self.check)?;
        map.serialize_entry("mate", &self.mate)
    }
}

/// The variant of a record that is not Shatar: a PGN game of another game, kept as
/// written but not replayed. A Shatar record has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Chess, as a PGN game of it shows (castling, an opening Shatar forbids, moves that
    /// only chess allows, a `Variant` tag that names chess).
    Chess,
    /// Another game its `Variant` tag names (`Crazyhouse`, `Chess960`, …), which qipu
    /// does not know; the tag says which.
    Other,
}

impl RulesVariant for Variant {
    fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Other => "other",
        }
    }

    fn name_zh(self) -> &'static str {
        match self {
            Variant::Chess => "国际象棋",
            Variant::Other => "其他棋类",
        }
    }
}

impl FamilyTypes for ShatarMove {
    type Variant = Variant;
    /// Boxed: a position is large, and most records start from the standard one.
    type Start = Box<fen::Fen>;
    type Outcome = syntax::ResultToken;
}

/// The position a record starts from: its FEN, or the standard array. The record holds
/// its FEN as a position, read when the record was, so there is no FEN left to fail.
fn start_position(record: &Record<ShatarMove>) -> Position {
    record
        .start
        .as_ref()
        .map_or_else(Position::new, |fen| fen.0.clone())
}

/// Normalised PGN of a replayed record.
pub fn write_pgn(record: &Record<ShatarMove>) -> String {
    write::write_pgn_from(record, &start_position(record), MAX_LINE)
}

/// The rulebook's scoresheet text of a replayed record.
pub fn write_text(record: &Record<ShatarMove>, options: &TextOptions) -> String {
    write::write_text_from(record, &start_position(record), options, MAX_LINE)
}

/// Tags the rulebook's scoresheet text carries: the players, the date and the place
/// (the position, result and rules are carried otherwise).
const TEXT_TAGS: [&str; 7] = ["White", "Black", "Date", "Site", "Result", "SetUp", "FEN"];

/// What of `record` the `format` has no place for. PGN carries everything (its `%`
/// escape lines before the tags), JSON all but the escape lines;
/// the rulebook's text carries the players, date, place, main line, its comments and
/// one mark a move of `!` `?` `!!` `??` `!?` `?!`.
fn left_out(record: &Record<ShatarMove>, format: Format) -> Vec<LeftOut> {
    let escapes = (!record.escape_lines.is_empty()).then_some(LeftOut::EscapeLines);
    match format {
        PGN => return Vec::new(),
        Format::Text => {}
        _ => return escapes.into_iter().collect(),
    }
    let dropped = write::text_headers(record).1;
    let mut left_out: Vec<LeftOut> = dropped
        .into_iter()
        .map(|name| LeftOut::Tag(name.to_string()))
        .chain(escapes)
        .collect();
    left_out.extend(
        record
            .tags
            .0
            .iter()
            .filter(|(name, value)| {
                let shatar =
                    name.eq_ignore_ascii_case("Variant") && value.eq_ignore_ascii_case("Shatar");
                !value.is_empty()
                    && value != "?"
                    && !shatar
                    && !TEXT_TAGS.iter().any(|t| t.eq_ignore_ascii_case(name))
            })
            .map(|(name, _)| LeftOut::Tag(name.clone())),
    );
    if record.moves.iter().any(|node| !node.variations.is_empty()) {
        left_out.push(LeftOut::Variations);
    }
    // The text has a mark for NAGs 1–6 only, and one mark a move.
    if record
        .moves
        .iter()
        .any(|node| node.nags.iter().any(|nag| !(1..=6).contains(nag)) || node.nags.len() > 1)
    {
        left_out.push(LeftOut::Nags);
    }
    left_out
}

impl GameRecord for Record<ShatarMove> {
    fn tags(&self) -> &Tags {
        &self.tags
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
        let start = || start_position(self);
        match format {
            Format::Json => Ok(record_line(source, index, self)),
            PGN => Ok(write::write_pgn_from(self, &start(), width)),
            Format::Text => Ok(write::write_text_from(
                self,
                &start(),
                &options.get(),
                width,
            )),
            _ => Err(WriteError::unsupported(GAME, format)),
        }
    }

    fn write_json_positions(&self, source: &str, index: usize, _options: &WriteOptions) -> String {
        diagram::json_positions(self, source, index)
    }

    fn left_out(&self, format: Format) -> Vec<LeftOut> {
        left_out(self, format)
    }

    /// Tags no PGN standard defines are unknown; PGN has no markup.
    fn reshape(&mut self, options: &WriteOptions) -> Stripped {
        reshape_record(self, &options.get(), is_pgn_tag, ("Result", "*"))
    }

    fn picture_controls(&mut self) {
        Record::picture_controls(self);
    }

    fn shift(&mut self, offset: usize) {
        self.shift_spans(offset);
    }

    fn diagram(&self, view: &View<'_>) -> Result<Diagram, NoBoard> {
        diagram::diagram(self, view)
    }
}

/// This family's game: Mongolian chess (PGN with `[Variant "Shatar"]`, or the rulebook's scoresheets).
pub const GAME: Game = Game::named("shatar", "蒙古象棋");

/// PGN, with `[Variant "Shatar"]`.
pub const PGN: Format = Format::named("pgn", "pgn");

/// The second player, Blue (the rulebook's 蓝方); the first is [`Side::White`].
pub const BLUE: Side = Side::named("blue", "蓝方", ["#1f5fbf", "#0b2a5a", "#ffffff"]);

/// The Shatar family: PGN and the rulebook's scoresheets.
pub struct Shatar;

impl Family for Shatar {
    fn game(&self) -> Game {
        GAME
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["pgn"]
    }

    fn formats(&self) -> &'static [Format] {
        &[PGN]
    }

    fn recognises(&self, head: &str) -> bool {
        syntax::looks_like_shatar(head)
    }

    /// The only two first moves Shatar allows, in any form.
    fn might_hold(&self, head: &str) -> bool {
        head.contains("e4") || head.contains("d4")
    }

    fn read_records(&self, text: &str, options: &ReadOptions) -> Vec<RecordReport> {
        read_records(text, options)
    }

    fn cutter(&self) -> Box<dyn RecordCut> {
        // `White:` and `白方` are 6 bytes; a tag pair's opening `[Name "` rarely more
        // than 32.
        Box::new(BlankLineCut::new(opens_record, 32))
    }

    /// A tag pair opens a PGN and a PDN game alike.
    fn cuts_unknown_text(&self) -> bool {
        true
    }
}

/// Whether the line at `at` (after an empty line) opens a record: a PGN tag pair or a
/// scoresheet's players header. Only these, so that a piece of a stream starts where
/// the reader of a whole text would tell PGN from scoresheets (`read::format_runs`).
fn opens_record(text: &str, at: usize) -> bool {
    let rest = &text[at..];
    syntax::opens_with_tag_pair(rest) || read::opens_scoresheet(rest)
}

#[cfg(test)]
mod parse_fuzz;
