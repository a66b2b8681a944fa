//! 64-square draughts, Russian and Brazilian rules after the Chinese rulebook (seed 002):
//! square numbering, the rules engine with move diagnostics, the draw-claim rules, PDN
//! reading and writing, and validation by replay. The files inside are private; what a
//! library user needs is here:
//!
//! - the rules: [`Position`] under a [`Variant`], [`Move`], [`Square`] in either
//!   [`Numbering`];
//! - the replayed record ([`DraughtsRecord`]), read by [`crate::read_str`] and the other
//!   readers with the issues found ([`DraughtsIssue`]), and written as PDN ([`PDN`]) or JSON
//!   by [`crate::write_record`] with [`PdnOptions`].

mod comments;
mod dedup;
mod diagram;
mod draw_rules;
mod export;
mod game_type;
mod issue;
mod notation;
mod numbering;
mod pdn;
mod pdn_move;
#[cfg(test)]
mod pdn_tests;
mod pdn_writer;
mod position;
mod repair;
mod replay;
mod resolve;
mod result;
mod square;
mod syntax;
mod tag_values;
mod validate;

pub use draw_rules::DrawKind;
pub use export::{PdnOptions, Results, Squares};
pub use issue::{
    CheckersLook, DraughtsIssue, FenProblem, GameTypeEvidence, Meant, NumberingSource, Unparsable,
};
pub use notation::{SquareStyle, StartPosition};
pub use position::{Color, IllegalReason, Move, Piece, Position, SetupError, Variant};
pub use square::{Numbering, Square};
pub use syntax::{GameResult, MoveSeparator, SyntaxErrorKind};

use serde::ser::SerializeMap;

use crate::diagram::{Diagram, NoBoard, View};
use crate::family::{BlankLineCut, Family, ReadOptions, RecordCut};
use crate::json::MoveFields;
use crate::record::{FamilyTypes, Format, Game, Record, RulesVariant, Tags};
use crate::shape::{is_pdn_tag, reshape_record};
use crate::text::picture_controls;
use crate::write::{LeftOut, Shape, Strip, Stripped, WriteError, WriteOptions};
use crate::{GameRecord, RecordReport};

/// A replayed draughts record with the conventions it was written in, so that the writers
/// can keep what qipu had to assume as it was read instead of stating it as a fact.
pub type DraughtsRecord = Record<DraughtsMove, ReadConventions>;

/// How a record wrote what PDN leaves open, as read. By default, as PDN 3.0 prescribes
/// for a record of a stated game type that was not read from text (as a program builds
/// one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadConventions {
    /// Whether the game type was stated (a `GameType` tag or `--variant`) rather than
    /// assumed; only a stated one is written as a `GameType` tag.
    pub game_type_stated: bool,
    /// How the record wrote its squares (numbering included).
    pub squares: SquareStyle,
    /// The separator of the record's first capture, if any.
    pub capture: Option<MoveSeparator>,
    /// The result as written: the movetext's, else the `Result` tag's.
    pub result: Option<GameResult>,
    /// A `FEN` tag that could not be read into a position, kept as written.
    pub unread_fen: bool,
    /// Whether a variation ends with a result (`(… 2-0)`), which the record's lines have
    /// no place for.
    pub variation_results: bool,
    /// FEN fields other than the piece lists (lidraughts' `H0`, `F1`), as written.
    pub fen_fields: Vec<String>,
    /// The number written before the first move (1 when none is).
    pub first_move_number: u32,
    /// `%` escape lines before the record's first tag and after its end, in order.
    pub escapes_before: Vec<String>,
    /// `%` escape lines after the record's end.
    pub escapes_after: Vec<String>,
    /// `%` escape lines between the record's first tag and its end; PDN output cannot put
    /// them back where they stood.
    pub escapes_inside: Vec<String>,
}

impl Default for ReadConventions {
    fn default() -> ReadConventions {
        ReadConventions {
            game_type_stated: true,
            squares: SquareStyle::Algebraic,
            capture: None,
            result: None,
            unread_fen: false,
            variation_results: false,
            fen_fields: Vec::new(),
            first_move_number: 1,
            escapes_before: Vec::new(),
            escapes_after: Vec::new(),
            escapes_inside: Vec::new(),
        }
    }
}

impl RulesVariant for position::Variant {
    fn name(self) -> &'static str {
        issue::variant_name(self)
    }

    fn name_zh(self) -> &'static str {
        match self {
            position::Variant::Russian => "俄罗斯规则",
            position::Variant::Brazilian => "巴西规则",
        }
    }
}

impl FamilyTypes for DraughtsMove {
    type Variant = position::Variant;
    type Start = notation::StartPosition;
    /// Normalised to the rulebook's points: `2-0`, `1-1`, `0-2`, `0-0` or `*`.
    type Outcome = GameResult;
}

/// A replayed draughts move as the record keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DraughtsMove {
    /// The move, with the route it took.
    pub mv: Move,
    /// Whether other legal captures share its from and to but take other pieces, so that
    /// PDN must write its full path.
    pub full_path: bool,
}

impl DraughtsMove {
    /// Normalised PDN text in `style`: from–to, or the full path where needed.
    pub fn notation(&self, style: SquareStyle) -> String {
        style.write_move(&self.mv, self.full_path)
    }

    /// [`Self::notation`] with `capture` separating the squares of a capture.
    pub fn notation_with(&self, style: SquareStyle, capture: char) -> String {
        style.write_move_with(&self.mv, self.full_path, capture)
    }
}

/// Rulebook numbers of `squares`.
fn rulebook_numbers(squares: impl Iterator<Item = square::Square>) -> Vec<u8> {
    squares.map(|sq| sq.number(Numbering::Rulebook)).collect()
}

impl MoveFields for DraughtsMove {
    fn write_fields<S: SerializeMap>(&self, map: &mut S) -> Result<(), S::Error> {
        map.serialize_entry("path", &rulebook_numbers(self.mv.path().iter().copied()))?;
        map.serialize_entry("captured", &rulebook_numbers(self.mv.captured_squares()))?;
        map.serialize_entry(
            "notation",
            &self.notation(SquareStyle::Numeric(Numbering::Rulebook)),
        )
    }
}

impl GameRecord for DraughtsRecord {
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
        match format {
            Format::Json => Ok(export::write_json(self, source, index, &options.get())),
            PDN => Ok(export::write_pdn(
                self,
                &options.get(),
                options.get::<Shape>().line_width,
            )),
            _ => Err(WriteError::unsupported(GAME, format)),
        }
    }

    fn write_json_positions(&self, source: &str, index: usize, options: &WriteOptions) -> String {
        export::write_json_positions(self, source, index, &options.get())
    }

    fn left_out(&self, format: Format) -> Vec<LeftOut> {
        export::left_out(self, format)
    }

    /// Tags PDN 3.0 does not define are unknown; PDN has no markup. A cut main line
    /// forgets the result as read too, which a record of an assumed game type writes.
    fn reshape(&mut self, options: &WriteOptions) -> Stripped {
        let shape: Shape = options.get();
        let stripped = reshape_record(self, &shape, is_pdn_tag, ("Result", "*"));
        if stripped.cut > 0 {
            self.extra.result = None;
        }
        if shape.strips(Strip::Variations) {
            self.extra.variation_results = false;
        }
        stripped
    }

    fn picture_controls(&mut self) {
        Record::picture_controls(self);
        let read = &mut self.extra;
        let texts = read
            .fen_fields
            .iter_mut()
            .chain(read.escapes_before.iter_mut());
        let texts = texts.chain(read.escapes_after.iter_mut());
        texts
            .chain(read.escapes_inside.iter_mut())
            .for_each(picture_controls);
    }

    fn shift(&mut self, offset: usize) {
        self.shift_spans(offset);
    }

    fn diagram(&self, view: &View<'_>) -> Result<Diagram, NoBoard> {
        diagram::diagram(self, view)
    }
}

/// This family's game: 64-square draughts, Russian or Brazilian rules (PDN).
pub const GAME: Game = Game::named("draughts", "跳棋");

/// PDN, Portable Draughts Notation.
pub const PDN: Format = Format::named("pdn", "pdn");

/// The draughts family: PDN, Russian and Brazilian rules.
pub struct Draughts;

impl Family for Draughts {
    fn game(&self) -> Game {
        GAME
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["pdn"]
    }

    fn formats(&self) -> &'static [Format] {
        &[PDN]
    }

    fn recognises(&self, head: &str) -> bool {
        pdn::looks_like_pdn(head)
    }

    fn read_records(&self, text: &str, options: &ReadOptions) -> Vec<RecordReport> {
        validate::read_records(text, options)
    }

    fn cutter(&self) -> Box<dyn RecordCut> {
        Box::new(BlankLineCut::new(validate::opens_pdn_game, 6))
    }
}
