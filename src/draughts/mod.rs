//! 64-square draughts, Russian and Brazilian rules after the Chinese rulebook (seed 002):
//! square numbering, the rules engine with move diagnostics, the draw-claim rules, PDN
//! reading and writing, and validation by replay.
//!
//! - [`position`], [`square`], [`draw_rules`]: the rules.
//! - [`pdn`] (with [`syntax`]): the PDN reader, into unvalidated records with spans.
//! - `validate`: game type, rules and numbering of each record, replay, diagnostics
//!   ([`issue`]).
//! - [`export`] (with [`pdn_writer`]): normalised PDN and JSON of replayed records.

pub mod draw_rules;
pub mod export;
pub mod issue;
pub mod notation;
pub mod pdn;
mod pdn_move;
pub mod pdn_writer;
pub mod position;
pub mod square;
pub mod syntax;
mod validate;

pub use export::{write_json, write_pdn};
pub use validate::read_records;

use serde::ser::SerializeMap;

use crate::record::MoveFields;
use notation::SquareStyle;
use position::Move;
use square::Numbering;

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
