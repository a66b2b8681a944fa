//! A written move resolved to the legal move it denotes, or the issue saying why none or
//! several fit.

use super::issue::{DraughtsIssue, Unparsable};
use super::notation::{distinct_effects, same_outcome};
use super::position::{IllegalReason, Move, Position, Variant};
use super::replay::Replay;
use super::square::Square;
use super::syntax::{PdnMove, SyntaxErrorKind};
use super::DraughtsMove;

/// The legal move a written move denotes: its from–to or its full path, or (for records
/// that give only some landing squares) a route passing through the squares given.
pub(super) fn resolve(
    replay: &Replay<'_>,
    position: &Position,
    written: &PdnMove,
) -> Result<DraughtsMove, DraughtsIssue> {
    if written.squares.is_empty() {
        return Err(DraughtsIssue::UnrecordedMove);
    }
    let squares: Vec<Square> = written
        .squares
        .iter()
        .map(|t| replay.square(t))
        .collect::<Result<_, _>>()
        .map_err(|reason| DraughtsIssue::Unparsable { reason })?;
    let Some((&from, rest)) = squares.split_first().filter(|(_, rest)| !rest.is_empty()) else {
        return Err(DraughtsIssue::Unparsable {
            reason: Unparsable::Token(SyntaxErrorKind::BadMove("a destination square")),
        });
    };
    let variant = replay.variant;
    let legal = position.legal_moves(variant);
    if legal.is_empty() {
        let loser = position.turn();
        return Err(DraughtsIssue::MoveAfterEnd {
            loser,
            no_pieces: position.pieces(loser) == 0,
        });
    }
    let mut matching: Vec<Move> = legal
        .iter()
        .filter(|m| m.matches(from, rest))
        .copied()
        .collect();
    if matching.is_empty() && rest.len() > 1 {
        matching = legal
            .iter()
            .filter(|m| m.from() == from && passes_through(m, rest))
            .copied()
            .collect();
    }
    let mut effects = distinct_effects(&matching);
    if effects.len() > 1 {
        // A full path that is exactly one capture's route names that capture, even when
        // it is also the from–to of longer routes (`23x32` beside `23x30x21x14x23x32`).
        let routes: Vec<Move> = matching
            .iter()
            .filter(|m| m.path() == squares.as_slice())
            .copied()
            .collect();
        let exact = distinct_effects(&routes);
        if exact.len() == 1 {
            effects = exact;
        }
    }
    match effects.as_slice() {
        [mv] => Ok(as_written(&legal, *mv)),
        [] => Err(illegal(replay, position, from, rest, written, &legal)),
        _ => Err(DraughtsIssue::AmbiguousMove {
            candidates: effects,
            style: replay.style,
        }),
    }
}

/// `mv` as the record keeps it: with its full path where other legal captures share its
/// from and to but take other pieces.
pub(super) fn as_written(legal: &[Move], mv: Move) -> DraughtsMove {
    let full_path = legal
        .iter()
        .filter(|m| m.from() == mv.from() && m.to() == mv.to())
        .any(|m| !same_outcome(m, &mv));
    DraughtsMove { mv, full_path }
}

/// [`as_written`] among the legal moves of `position`.
pub(super) fn as_written_in(position: &Position, variant: Variant, mv: Move) -> DraughtsMove {
    as_written(&position.legal_moves(variant), mv)
}

/// Whether `rest` (ending with the destination) lists landing squares of `mv` in order.
fn passes_through(mv: &Move, rest: &[Square]) -> bool {
    let path = &mv.path()[1..];
    if path.last() != rest.last() {
        return false;
    }
    let mut landings = path.iter();
    rest.iter().all(|sq| landings.any(|l| l == sq))
}

/// The diagnostic for a written move that no legal move fits.
fn illegal(
    replay: &Replay<'_>,
    position: &Position,
    from: Square,
    rest: &[Square],
    written: &PdnMove,
    legal: &[Move],
) -> DraughtsIssue {
    let side = position.turn();
    match position.piece_at(from) {
        Some((owner, _)) if owner == side => {}
        occupant => {
            return DraughtsIssue::NoSuchPiece {
                square: from,
                side,
                occupant: occupant.map(|(owner, _)| owner),
                legal: legal.to_vec(),
                meant: Vec::new(),
                style: replay.style,
            }
        }
    }
    let reason = position
        .explain(replay.variant, from, rest)
        .unwrap_or(IllegalReason::NoSuchMove);
    DraughtsIssue::IllegalMove {
        written: replay
            .source
            .get(written.span.clone())
            .unwrap_or_default()
            .to_string(),
        reason,
        legal: legal.to_vec(),
        meant: Vec::new(),
        style: replay.style,
    }
}
