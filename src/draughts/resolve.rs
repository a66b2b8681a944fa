//! A written move resolved to the legal move it denotes, or the issue saying why none or
//! several fit.

use super::issue::{DraughtsIssue, Unparsable};
use super::notation::{distinct_effects, same_outcome, SquareStyle};
use super::position::{IllegalReason, Move, MoveList, Position, Variant, MAX_CAPTURES};
use super::replay::Replay;
use super::square::Square;
use super::syntax::{PdnMove, SyntaxErrorKind};
use super::DraughtsMove;

/// How many moves of the written piece are looked at before the whole legal list is asked
/// for: a piece's captures nearly always fit (its quiet moves are listed only for a quiet
/// move written with more than two squares, which fits none of them). A short list costs
/// little to set up.
const PIECE_MOVES: usize = 4;

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
    let unparsable = |reason| DraughtsIssue::Unparsable { reason };
    // A move of more squares than the longest capture's path fits none, but is still read.
    let mut short = [Square::from_index_masked(0); MAX_CAPTURES + 1];
    let long: Vec<Square>;
    let squares: &[Square] = if written.squares.len() <= short.len() {
        for (slot, token) in short.iter_mut().zip(&written.squares) {
            *slot = replay.square(token).map_err(unparsable)?;
        }
        &short[..written.squares.len()]
    } else {
        long = written
            .squares
            .iter()
            .map(|t| replay.square(t))
            .collect::<Result<_, _>>()
            .map_err(unparsable)?;
        &long
    };
    let Some((&from, rest)) = squares.split_first().filter(|(_, rest)| !rest.is_empty()) else {
        return Err(DraughtsIssue::Unparsable {
            reason: Unparsable::Token(SyntaxErrorKind::BadMove("a destination square")),
        });
    };
    let variant = replay.variant;
    let must_capture = position.can_capture();
    // Most moves are a quiet step written from–to: the one move that fits, and the only one
    // with its from and to, so written without its path.
    if let (false, [to]) = (must_capture, rest) {
        if let Some(mv) = position.quiet_move(from, *to) {
            return Ok(DraughtsMove {
                mv,
                full_path: false,
            });
        }
    }
    // Every move that can fit starts on `from`: its piece's moves decide, unless none fits.
    let own: MoveList<PIECE_MOVES> = position.legal_moves_from(variant, from, must_capture);
    if !own.overflowed() {
        if let Some(found) = pick(&own, squares, replay.style) {
            return found;
        }
    }
    let legal = position.legal_moves(variant);
    if legal.is_empty() {
        let loser = position.turn();
        return Err(DraughtsIssue::MoveAfterEnd {
            loser,
            no_pieces: position.pieces(loser) == 0,
        });
    }
    pick(&legal, squares, replay.style)
        .unwrap_or_else(|| Err(illegal(replay, position, from, rest, written, &legal)))
}

/// The move of `legal` that `squares` (from, then the destination or landing squares)
/// denote, or the ambiguity; `None` if none fits.
fn pick(
    legal: &[Move],
    squares: &[Square],
    style: SquareStyle,
) -> Option<Result<DraughtsMove, DraughtsIssue>> {
    let (&from, rest) = squares.split_first()?;
    let direct = legal.iter().any(|m| m.matches(from, rest));
    let fits = |m: &&Move| {
        if direct {
            m.matches(from, rest)
        } else {
            m.from() == from && passes_through(m, rest)
        }
    };
    if !direct && rest.len() < 2 {
        return None;
    }
    let first = *legal.iter().find(fits)?;
    if legal.iter().filter(fits).all(|m| same_outcome(m, &first)) {
        return Some(Ok(as_written(legal, first)));
    }
    let matching: Vec<Move> = legal.iter().filter(fits).copied().collect();
    let mut effects = distinct_effects(&matching);
    // A full path that is exactly one capture's route names that capture, even when it is
    // also the from–to of longer routes (`23x32` beside `23x30x21x14x23x32`).
    let routes: Vec<Move> = matching
        .iter()
        .filter(|m| m.path() == squares)
        .copied()
        .collect();
    let exact = distinct_effects(&routes);
    if exact.len() == 1 {
        effects = exact;
    }
    Some(match effects.as_slice() {
        [mv] => Ok(as_written(legal, *mv)),
        _ => Err(DraughtsIssue::AmbiguousMove {
            candidates: effects,
            style,
        }),
    })
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
