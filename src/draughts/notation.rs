//! How squares and moves are spelt: rulebook or top numbers, or algebraic names. Used by
//! the diagnostics (in the style the record itself uses) and by the writers.

use super::position::{squares, Color, Move, Position};
use super::square::{Numbering, Square};

/// A way of writing squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareStyle {
    /// Numbers 1..=32 in the given numbering.
    Numeric(Numbering),
    /// Algebraic names (`c3`).
    Algebraic,
}

impl SquareStyle {
    /// The square as this style writes it.
    pub fn square(self, square: Square) -> String {
        match self {
            SquareStyle::Numeric(numbering) => square.number(numbering).to_string(),
            SquareStyle::Algebraic => square.to_string(),
        }
    }

    /// The move in PDN: from and destination (`9-13`, `19x10`), or with `full` every landing
    /// square (`19x10x17`), as PDN writes a capture whose from–to is ambiguous.
    pub fn write_move(self, mv: &Move, full: bool) -> String {
        self.write_move_with(mv, full, 'x')
    }

    /// [`Self::write_move`] with `capture` between the squares of a capture (`x`, or `:` as
    /// PDN writes Russian captures).
    pub fn write_move_with(self, mv: &Move, full: bool, capture: char) -> String {
        let mut buffer = [0; 4];
        let sep: &str = if mv.is_capture() {
            capture.encode_utf8(&mut buffer)
        } else {
            "-"
        };
        let path = mv.path();
        let squares: Vec<String> = if full {
            path.iter().map(|&sq| self.square(sq)).collect()
        } else {
            vec![self.square(mv.from()), self.square(mv.to())]
        };
        squares.join(sep)
    }

    /// A list of moves with full paths, `a, b or c`, at most `limit` of them named.
    pub fn move_list(self, moves: &[Move], limit: usize) -> String {
        let names: Vec<String> = moves
            .iter()
            .take(limit)
            .map(|m| self.write_move(m, m.is_capture()))
            .collect();
        let mut text = match names.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} or {last}", init.join(", ")),
        };
        if moves.len() > limit {
            text.push_str(&format!(" (and {} more)", moves.len() - limit));
        }
        text
    }
}

/// The moves of `moves` with distinct effects (start, end, captured set, promotion): routes
/// that differ only in the squares crossed (`a.l.`) are kept once, the first of them.
pub fn distinct_effects(moves: &[Move]) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for mv in moves {
        if !out.iter().any(|m| same_outcome(m, mv)) {
            out.push(*mv);
        }
    }
    out
}

/// Same start, end, captured pieces and promotion: the board after both is the same.
pub fn same_outcome(a: &Move, b: &Move) -> bool {
    a.same_effect(b) && a.promotes() == b.promotes()
}

/// A start position as a record keeps it: `Display` writes its PDN FEN in rulebook numbers
/// (`W:W1,2,K5:B30,31`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartPosition(pub Position);

impl std::fmt::Display for StartPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&write_fen(
            &self.0,
            SquareStyle::Numeric(Numbering::Rulebook),
        ))
    }
}

/// The FEN of `position`, its squares written in `style`.
pub fn write_fen(position: &Position, style: SquareStyle) -> String {
    let turn = match position.turn() {
        Color::White => 'W',
        Color::Black => 'B',
    };
    let mut fen = turn.to_string();
    for (color, letter) in [(Color::White, 'W'), (Color::Black, 'B')] {
        fen.push(':');
        fen.push(letter);
        let entries: Vec<String> = squares(position.pieces(color))
            .map(|sq| {
                let king = position.kings(color) & sq.bit() != 0;
                format!("{}{}", if king { "K" } else { "" }, style.square(sq))
            })
            .collect();
        fen.push_str(&entries.join(","));
    }
    fen
}
