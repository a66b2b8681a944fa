//! Go (weiqi, 围棋), under the Chinese rules of 2002 or the rules a record names: SGF
//! reading, checking and writing, the rules engine and area scoring.
//!
//! - [`sgf`], [`sgf_check`], [`charset`]: the SGF reader, its structural checks, and the
//!   declared character set.
//! - [`board`], [`scoring`]: captures, forbidden points, ko; area counting, komi, results.
//! - [`rules`]: the rule sets (Chinese, the default; Japanese, Korean, AGA, New Zealand,
//!   Tromp-Taylor, Ing) as data, chosen by `RU` or `--rules`.
//! - [`issue`] and [`read_records`]: validation of every game tree by replay.
//! - [`sgf_writer`]: the normalised `FF[4]` writer.

pub mod board;
pub mod charset;
pub mod issue;
pub mod rules;
pub mod scoring;
pub mod sgf;
pub mod sgf_check;
pub mod sgf_writer;
mod validate;

pub use validate::read_records;

use serde::ser::SerializeMap;

use crate::record::{MoveFields, Record};
use board::{Color, Point};
use sgf::GameTree;

/// A replayed Go move as the record keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoMove {
    pub color: Color,
    /// `None` for a pass.
    pub point: Option<Point>,
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

/// A replayed Go record: the parsed tree, which the SGF writer normalises, and the
/// family-neutral record of its moves, which JSON is written from.
#[derive(Clone, Debug)]
pub struct GoRecord {
    pub tree: GameTree,
    pub record: Record<GoMove>,
}

/// Normalised SGF (`FF[4]`, UTF-8) of a record.
pub fn write_sgf(record: &GoRecord) -> String {
    sgf_writer::write_game(&record.tree)
}
