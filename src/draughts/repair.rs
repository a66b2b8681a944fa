//! What the writer of a draughts line meant where a written move fits no legal move: the
//! line as the family-neutral search reads it ([`crate::intent::Sheet`]), the moves a
//! written text may stand for, and the candidates as the help names them.

use super::issue::Meant;
use super::notation::distinct_effects;
use super::position::{is_route_prefix, Move, Position, Variant};
use super::replay::Replay;
use super::resolve::resolve;
use super::square::{Numbering, Square};
use super::syntax::PdnMove;
use crate::intent::{Candidate, Edit, Sheet, Slip};

/// A line of written moves, read under the replay's rules and numbering.
pub(super) struct WrittenLine<'r, 'a> {
    pub(super) replay: &'r Replay<'a>,
    /// The moves up to the first unreadable token (the search reads no further).
    pub(super) moves: &'r [PdnMove],
}

impl WrittenLine<'_, '_> {
    /// The squares written for move `index`: its origin and the rest, when it has both.
    fn squares(&self, index: usize) -> Option<(Square, Vec<Square>)> {
        let squares: Vec<Square> = self.moves[index]
            .squares
            .iter()
            .map(|t| self.replay.square(t).ok())
            .collect::<Option<_>>()?;
        let (&from, rest) = squares.split_first()?;
        (!rest.is_empty()).then(|| (from, rest.to_vec()))
    }

    fn variant(&self) -> Variant {
        self.replay.variant
    }
}

impl Sheet for WrittenLine<'_, '_> {
    type Position = Position;
    type Move = Move;

    fn len(&self) -> usize {
        self.moves.len()
    }

    fn read(&self, position: &Position, index: usize) -> Option<Move> {
        resolve(self.replay, position, self.moves.get(index)?)
            .ok()
            .map(|m| m.mv)
    }

    fn play(&self, position: &mut Position, mv: Move) {
        position.play(&mv);
    }

    fn marks(&self, _: &Position, index: usize, mv: Move) -> i32 {
        if self.moves[index].is_capture == mv.is_capture() {
            1
        } else {
            -1
        }
    }

    fn slips(&self, position: &Position, index: usize, out: &mut Vec<(Move, Slip)>) {
        let Some((from, rest)) = self.squares(index) else {
            return;
        };
        let Some(&to) = rest.last() else { return };
        let capture_written = self.moves[index].is_capture;
        let numbering = self.replay.numbering;
        let legal = distinct_effects(&position.legal_moves(self.variant()));
        // In the order a tie keeps: the squares right but the route, then a sign, then
        // one square off.
        let slip = |m: &Move| {
            if m.from() == from && (m.to() == to || is_route_prefix(m, &rest)) {
                return Some(Slip::Route);
            }
            if m.from() == from && capture_written != m.is_capture() {
                // A capture written as a step onto the piece taken, or a step written as
                // a capture over the square it stops on.
                let onto_taken = m.captured_squares().next() == Some(to);
                let over_stop = between(from, to) == Some(m.to());
                if onto_taken || over_stop {
                    return Some(Slip::Marks);
                }
            }
            if m.to() == to && one_off(m.from(), from, numbering) {
                Some(Slip::Origin)
            } else if m.from() == from && one_off(m.to(), to, numbering) {
                Some(Slip::Destination)
            } else {
                None
            }
        };
        out.extend(legal.iter().filter_map(|m| slip(m).map(|s| (*m, s))));
        out.sort_by_key(|(_, s)| match s {
            Slip::Route => 0,
            Slip::Marks => 1,
            Slip::Origin => 2,
            _ => 3,
        });
    }

    fn legal(&self, position: &Position, out: &mut Vec<Move>) {
        out.extend(distinct_effects(&position.legal_moves(self.variant())));
    }

    fn repeats(&self, index: usize) -> bool {
        let text = |m: &PdnMove| self.replay.source.get(m.span.clone());
        index > 0 && text(&self.moves[index]) == text(&self.moves[index - 1])
    }
}

/// One square off: a neighbouring square, or the next number in the record's numbering
/// (a slip of the pen).
fn one_off(a: Square, b: Square, numbering: Numbering) -> bool {
    a != b
        && (a.number(numbering).abs_diff(b.number(numbering)) == 1
            || (a.file().abs_diff(b.file()) == 1 && a.rank().abs_diff(b.rank()) == 1))
}

/// The square halfway between `a` and `b` when they are two steps apart on a diagonal.
fn between(a: Square, b: Square) -> Option<Square> {
    match a.direction_to(b)? {
        (dir, 2) => a.neighbour(dir),
        _ => None,
    }
}

/// The candidates as the help names them, best first; `next` is the move after a
/// repeat, read where the repeat stands.
pub(super) fn meant(ranked: &[Candidate<Move>], next: Option<Move>) -> Vec<Meant> {
    ranked
        .iter()
        .map(|c| match c.edit {
            Edit::Replaced { mv, .. } => Meant::Move(mv),
            Edit::Missing { mv } => Meant::LeftOut(mv),
            Edit::Swapped {
                first,
                between,
                second,
            } => Meant::Swapped([first, between, second]),
            Edit::Doubled => Meant::Doubled(next),
        })
        .collect()
}
