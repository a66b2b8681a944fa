//! The repair of a written move no legal move fits: the one legal move that fits the
//! writer's evident intent.

use super::notation::distinct_effects;
use super::position::{is_route_prefix, Move};
use super::square::{Numbering, Square};
use crate::diag::EditKind;

/// The one legal move that fits what a writer of `from` and `rest` (the destination or
/// landing squares) evidently meant, when none fits exactly; `None` when none or several
/// do. The intents are tried in turn, and the first that any move fits decides: the same
/// origin and destination by another route; a capture written only up to one of its
/// landings; the same destination from an origin one off; the same origin to a
/// destination one off. One off is a neighbouring square, or the next number in the
/// record's numbering (a slip of the pen).
pub(super) fn repair(
    legal: &[Move],
    from: Square,
    rest: &[Square],
    numbering: Numbering,
) -> Option<(Move, EditKind)> {
    let to = *rest.last()?;
    let one_off = |a: Square, b: Square| {
        a != b
            && (a.number(numbering).abs_diff(b.number(numbering)) == 1
                || (a.file().abs_diff(b.file()) == 1 && a.rank().abs_diff(b.rank()) == 1))
    };
    let intents: [(&dyn Fn(&Move) -> bool, EditKind); 4] = [
        (&|m| m.from() == from && m.to() == to, EditKind::Route),
        (
            &|m| m.from() == from && is_route_prefix(m, rest),
            EditKind::Route,
        ),
        (
            &|m| m.to() == to && one_off(m.from(), from),
            EditKind::Origin,
        ),
        (
            &|m| m.from() == from && one_off(m.to(), to),
            EditKind::Destination,
        ),
    ];
    intents.iter().find_map(|(fits, kind)| {
        let fitting: Vec<Move> = legal.iter().filter(|m| fits(m)).copied().collect();
        match distinct_effects(&fitting).as_slice() {
            [] => None,
            // Several fit: the writer's intent is not evident, so nothing is repaired.
            [one] => Some(Some((*one, *kind))),
            _ => Some(None),
        }
    })?
}
