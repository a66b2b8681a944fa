//! Which game a record is: 64-square Russian or Brazilian draughts, else the PDN game type
//! it is (by its `GameType` tag, its squares, its `Event` or its first moves), and the
//! rules to replay under.

use super::issue::{CheckersLook, DraughtsIssue, GameTypeEvidence};
use super::position::{Color, Piece, Position, Variant};
use super::replay::Replay;
use super::square::{Numbering, Square};
use super::syntax::{FenColour, PdnGame, PdnMove, SquareKind, SquareToken};
use crate::text::Span;

/// PDN game type numbers of the two rule sets read.
const RUSSIAN_TYPE: u32 = 25;
const BRAZILIAN_TYPE: u32 = 26;
/// International draughts, what 64-square-looking PDN usually turns out to be.
const INTERNATIONAL_TYPE: u32 = 20;
/// English draughts (checkers), the other common 8×8 game.
const ENGLISH_TYPE: u32 = 21;
/// American pool checkers.
const POOL_TYPE: u32 = 23;

/// Whether the game is of a type other than 64-square Russian or Brazilian: by its
/// `GameType`, or, without one, by square numbers beyond 32 or a 10×10 opening move, and
/// unless `--variant` says otherwise, by an `Event` that names checkers or first moves
/// that only Black moving first can make.
pub(super) fn unsupported(
    game: &PdnGame,
    forced: Option<Variant>,
) -> Option<(DraughtsIssue, Span)> {
    if let Some(game_type) = &game.game_type {
        let number = game_type.type_number;
        let board = (game_type.width.unwrap_or(8), game_type.height.unwrap_or(8));
        if (number != RUSSIAN_TYPE && number != BRAZILIAN_TYPE) || board != (8, 8) {
            let issue = DraughtsIssue::UnsupportedGameType {
                number,
                evidence: GameTypeEvidence::Tag,
            };
            return Some((issue, game_type.span.clone()));
        }
        return None;
    }
    let fen_squares = game
        .fen
        .iter()
        .flat_map(|f| &f.sides)
        .flat_map(|s| &s.entries)
        .flat_map(|e| std::iter::once(&e.from).chain(&e.to));
    let move_squares = game.moves.iter().flat_map(|m| &m.squares);
    let beyond = fen_squares.chain(move_squares).find_map(|t| match t.kind {
        SquareKind::Numeric(n) if n > 32 => Some((n, t.span.clone())),
        _ => None,
    });
    if let Some((n, span)) = beyond {
        let issue = DraughtsIssue::UnsupportedGameType {
            number: INTERNATIONAL_TYPE,
            evidence: GameTypeEvidence::SquareNumber(n),
        };
        return Some((issue, span));
    }
    if forced.is_none() {
        if let Some(found) = checkers_by_name(game).or_else(|| checkers_by_moves(game)) {
            return Some(found);
        }
    }
    // White's men stand on 31–50 on the 10×10 board; no 64-square first move leaves 31–35.
    let first = game.moves.first().filter(|_| game.fen.is_none())?;
    match &first.squares[..] {
        [SquareToken {
            kind: SquareKind::Numeric(from @ 31..=35),
            ..
        }, SquareToken {
            kind: SquareKind::Numeric(to @ 26..=30),
            ..
        }] => Some((
            DraughtsIssue::UnsupportedGameType {
                number: INTERNATIONAL_TYPE,
                evidence: GameTypeEvidence::OpeningMove(format!("{from}-{to}")),
            },
            first.span.clone(),
        )),
        _ => None,
    }
}

/// An `Event` tag that names a checkers game (and not Russian or Brazilian draughts).
fn checkers_by_name(game: &PdnGame) -> Option<(DraughtsIssue, Span)> {
    let tag = game.tags.iter().find(|t| t.name == "Event")?;
    let event = tag.value.to_lowercase();
    let ours = ["russian", "brazilian", "шашк", "damas"];
    let checkers = event.contains("checkers") || event.contains("english draughts");
    if !checkers || ours.iter().any(|word| event.contains(word)) {
        return None;
    }
    let number = if event.contains("pool") {
        POOL_TYPE
    } else {
        ENGLISH_TYPE
    };
    let issue = DraughtsIssue::UnsupportedGameType {
        number,
        evidence: GameTypeEvidence::EventName(tag.value.to_string()),
    };
    Some((issue, tag.value_span.clone()))
}

/// Numeric first two moves that neither numbering makes a White opening of, but that are
/// Black's first move and White's reply in the checkers numbering (Black's men on 1–12,
/// the archives' numbering from the top), where Black moves first.
fn checkers_by_moves(game: &PdnGame) -> Option<(DraughtsIssue, Span)> {
    if game.fen.is_some() {
        return None;
    }
    let [first, second, ..] = game.moves.as_slice() else {
        return None;
    };
    let numbers = |m: &PdnMove| -> Option<Vec<u8>> {
        m.squares
            .iter()
            .map(|t| match t.kind {
                SquareKind::Numeric(n) => Some(n),
                SquareKind::Algebraic { .. } => None,
            })
            .collect()
    };
    let (first_numbers, second_numbers) = (numbers(first)?, numbers(second)?);
    let initial = Position::initial();
    let plays = |position: &Position, numbers: &[u8], numbering: Numbering| {
        let squares: Option<Vec<Square>> = numbers
            .iter()
            .map(|&n| Square::from_number(n, numbering))
            .collect();
        let squares = squares?;
        let (&from, rest) = squares.split_first()?;
        let found = position.matching_moves(Variant::Russian, from, rest);
        found.iter().next().copied()
    };
    if plays(&initial, &first_numbers, Numbering::Rulebook).is_some()
        || plays(&initial, &first_numbers, Numbering::Top).is_some()
    {
        return None;
    }
    let pieces = [Color::White, Color::Black].into_iter().flat_map(|color| {
        super::position::squares(initial.pieces(color)).map(move |sq| (color, Piece::Man, sq))
    });
    let mut black_first = Position::from_pieces(pieces, Color::Black).ok()?;
    let opening = plays(&black_first, &first_numbers, Numbering::Top)?;
    black_first.play(&opening);
    plays(&black_first, &second_numbers, Numbering::Top)?;
    let text = |m: &PdnMove| {
        m.squares
            .iter()
            .map(|t| t.kind.to_string())
            .collect::<Vec<_>>()
            .join(if m.is_capture { "x" } else { "-" })
    };
    let issue = DraughtsIssue::UnsupportedGameType {
        number: ENGLISH_TYPE,
        evidence: GameTypeEvidence::BlackMovesFirst(format!("{} {}", text(first), text(second))),
    };
    Some((issue, first.span.start..second.span.end))
}

/// The rules to replay under: the forced ones, else the `GameType`'s, else Russian with
/// a note saying so.
pub(super) fn choose_variant(
    replay: &mut Replay<'_>,
    game: &PdnGame,
    forced: Option<Variant>,
) -> Variant {
    match (forced, game.game_type.as_ref().map(|g| g.type_number)) {
        (Some(variant), _) => variant,
        (None, Some(BRAZILIAN_TYPE)) => Variant::Brazilian,
        (None, Some(_)) => Variant::Russian,
        (None, None) => {
            let issue = DraughtsIssue::VariantDefaulted {
                variant: Variant::Russian,
                checkers: checkers_look(replay.source, game),
            };
            replay.report(issue, None, None);
            Variant::Russian
        }
    }
}

/// What makes a record without `GameType` look like English checkers: a FEN with Black to
/// move in numbers, or else a first move from 9–12 by number (White's first move in the
/// rulebook numbering, Black's in checkers).
fn checkers_look(source: &str, game: &PdnGame) -> Option<CheckersLook> {
    if let Some(fen) = &game.fen {
        let numeric = fen
            .sides
            .iter()
            .flat_map(|s| &s.entries)
            .all(|e| matches!(e.from.kind, SquareKind::Numeric(_)));
        return (fen.turn == FenColour::Black && numeric).then_some(CheckersLook::BlackToMove);
    }
    let first = game.moves.first()?;
    matches!(first.squares.first()?.kind, SquareKind::Numeric(9..=12)).then(|| {
        CheckersLook::FirstMove(
            source
                .get(first.span.clone())
                .unwrap_or_default()
                .to_string(),
        )
    })
}

/// A start position that is the initial array with Black to move: English checkers, where
/// Black moves first.
pub(super) fn checkers_by_start(start: &Position) -> Option<DraughtsIssue> {
    (start.turn() == Color::Black && same_array(start, &Position::initial())).then_some(
        DraughtsIssue::UnsupportedGameType {
            number: ENGLISH_TYPE,
            evidence: GameTypeEvidence::BlackToMoveAtStart,
        },
    )
}

/// Whether two positions have the same men and kings, whoever is to move.
fn same_array(a: &Position, b: &Position) -> bool {
    [Color::White, Color::Black]
        .iter()
        .all(|&c| a.men(c) == b.men(c) && a.kings(c) == b.kings(c))
}
