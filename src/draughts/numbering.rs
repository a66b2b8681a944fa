//! How a record numbers its squares: stated by the `GameType`, else told by the FEN or the
//! first move, else the rulebook's; and the square style the record is written in.

use super::issue::{DraughtsIssue, NumberingSource};
use super::notation::SquareStyle;
use super::position::{Position, Variant};
use super::replay::Replay;
use super::square::{Numbering, Square};
use super::syntax::{Fen, FenColour, FirstSquareCorner, PdnGame, SquareKind};
use crate::text::Span;

/// Decides how numeric squares are read and how diagnostics write squares, and notes the
/// numbering when the record uses numbers.
pub(super) fn choose_numbering(replay: &mut Replay<'_>, game: &PdnGame) {
    let algebraic = game
        .moves
        .iter()
        .find_map(|m| m.squares.first())
        .is_some_and(|t| matches!(t.kind, SquareKind::Algebraic { .. }));
    let numeric_anywhere = game
        .moves
        .iter()
        .flat_map(|m| &m.squares)
        .chain(
            game.fen
                .iter()
                .flat_map(|f| &f.sides)
                .flat_map(|s| &s.entries)
                .map(|e| &e.from),
        )
        .any(|t| matches!(t.kind, SquareKind::Numeric(_)));
    let stated = game.game_type.as_ref().and_then(|g| match g.first_square? {
        FirstSquareCorner::BottomLeft => Some(Numbering::Rulebook),
        FirstSquareCorner::TopLeft => Some(Numbering::Top),
        _ => None,
    });
    let (numbering, source, span) = if let Some(numbering) = stated {
        let span = game.game_type.as_ref().map(|g| g.span.clone());
        (numbering, NumberingSource::GameType, span)
    } else if let Some((numbering, span)) = game.fen.as_ref().and_then(fen_numbering) {
        (numbering, NumberingSource::Fen, Some(span))
    } else if let Some((numbering, text, span)) = first_move_numbering(replay.variant, game) {
        (numbering, NumberingSource::FirstMove(text), Some(span))
    } else {
        (Numbering::Rulebook, NumberingSource::Default, None)
    };
    replay.numbering = numbering;
    replay.style = if algebraic {
        SquareStyle::Algebraic
    } else {
        SquareStyle::Numeric(numbering)
    };
    if numeric_anywhere {
        let issue = DraughtsIssue::Numbering {
            numbering,
            variant: replay.variant,
            source,
        };
        replay.report(issue, span, None);
    }
}

/// The numbering in which the FEN's men stand where men can: White's men below Black's on
/// average, and no man on its own promotion row.
fn fen_numbering(fen: &Fen) -> Option<(Numbering, Span)> {
    let mut sums = [(0u32, 0u32); 2];
    for side in &fen.sides {
        let index = match side.colour {
            FenColour::White => 0,
            FenColour::Black => 1,
            FenColour::Unknown => continue,
        };
        for entry in side.entries.iter().filter(|e| !e.king) {
            let numbers = match (&entry.from.kind, entry.to.as_ref().map(|t| &t.kind)) {
                (SquareKind::Numeric(a), Some(SquareKind::Numeric(b))) => (*a..=*b).collect(),
                (SquareKind::Numeric(a), None) => vec![*a],
                _ => return None,
            };
            for n in numbers {
                sums[index].0 += u32::from(n);
                sums[index].1 += 1;
            }
        }
    }
    let [(white_sum, white_men), (black_sum, black_men)] = sums;
    if white_men == 0 || black_men == 0 {
        return None;
    }
    // Compare the means without division: white_sum / white_men vs black_sum / black_men.
    let white_lower = white_sum * black_men < black_sum * white_men;
    let numbering = if white_lower {
        Numbering::Rulebook
    } else {
        Numbering::Top
    };
    Some((numbering, fen.span.clone()))
}

/// The numbering in which the first move is legal from the initial position, when it is
/// legal in exactly one of them.
fn first_move_numbering(variant: Variant, game: &PdnGame) -> Option<(Numbering, String, Span)> {
    if game.fen.is_some() {
        return None;
    }
    let first = game.moves.first()?;
    let numbers: Vec<u8> = first
        .squares
        .iter()
        .map(|t| match t.kind {
            SquareKind::Numeric(n) => Some(n),
            SquareKind::Algebraic { .. } => None,
        })
        .collect::<Option<_>>()?;
    let (&from, rest) = numbers.split_first()?;
    let start = Position::initial();
    let legal_in = |numbering: Numbering| {
        let Some(from) = Square::from_number(from, numbering) else {
            return false;
        };
        let rest: Option<Vec<Square>> = rest
            .iter()
            .map(|&n| Square::from_number(n, numbering))
            .collect();
        rest.is_some_and(|rest| !start.matching_moves(variant, from, &rest).is_empty())
    };
    let numbering = match (legal_in(Numbering::Rulebook), legal_in(Numbering::Top)) {
        (true, false) => Numbering::Rulebook,
        (false, true) => Numbering::Top,
        _ => return None,
    };
    let text = numbers
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join("-");
    Some((numbering, text, first.span.clone()))
}

/// The square style the record writes: algebraic if its first square (moves first, then
/// the FEN) is algebraic, else numbers in `numbering`.
pub(super) fn read_style(game: &PdnGame, numbering: Numbering) -> SquareStyle {
    let fen_squares = game
        .fen
        .iter()
        .flat_map(|f| &f.sides)
        .flat_map(|s| &s.entries)
        .map(|e| &e.from);
    let first = game
        .moves
        .iter()
        .flat_map(|m| &m.squares)
        .chain(fen_squares)
        .next();
    match first.map(|t| t.kind) {
        Some(SquareKind::Algebraic { .. }) => SquareStyle::Algebraic,
        _ => SquareStyle::Numeric(numbering),
    }
}
