//! The record's result: as written after the moves or in the `Result` tag, normalised to
//! the rulebook's points, and checked against a game the replay saw lost.

use super::issue::DraughtsIssue;
use super::position::Color;
use super::replay::{LineOutcome, Replay};
use super::syntax::{GameResult, PdnGame};
use crate::text::Span;

/// The result written after the moves, else in the `Result` tag.
pub(super) fn written_result(game: &PdnGame) -> Option<(GameResult, Span)> {
    game.result.clone().or_else(|| {
        let tag = game.tags.iter().find(|t| t.name == "Result")?;
        Some((result_from_tag(&tag.value)?, tag.value_span.clone()))
    })
}

/// A `Result` tag value, read with the same tokens as the movetext.
fn result_from_tag(value: &str) -> Option<GameResult> {
    Some(match value.trim() {
        "2-0" => GameResult::TwoZero,
        "1-0" => GameResult::OneZero,
        "0-2" => GameResult::ZeroTwo,
        "0-1" => GameResult::ZeroOne,
        "1-1" => GameResult::OneOne,
        "1/2-1/2" => GameResult::HalfHalf,
        "0-0" => GameResult::ZeroZero,
        "*" => GameResult::Unfinished,
        "+" => GameResult::WinMark,
        "=" => GameResult::DrawMark,
        _ => return None,
    })
}

/// The result in the 2-0 / 1-1 / 0-2 scale; the rulebook's `+` marks a win for the side
/// that made the last move.
pub(super) fn normalise_result(result: GameResult, last_mover: Color) -> GameResult {
    match result {
        GameResult::TwoZero | GameResult::OneZero => GameResult::TwoZero,
        GameResult::ZeroTwo | GameResult::ZeroOne => GameResult::ZeroTwo,
        GameResult::OneOne | GameResult::HalfHalf | GameResult::DrawMark => GameResult::OneOne,
        GameResult::ZeroZero => GameResult::ZeroZero,
        GameResult::Unfinished => GameResult::Unfinished,
        GameResult::WinMark => match last_mover {
            Color::White => GameResult::TwoZero,
            Color::Black => GameResult::ZeroTwo,
        },
    }
}

/// The record's result: the written one (normalised, and checked against a game the
/// replay saw lost), else the loss the replay saw, else none.
pub(super) fn check_result(
    replay: &mut Replay<'_>,
    game: &PdnGame,
    first_ply: u32,
    outcome: &LineOutcome,
    written: Option<(GameResult, Span)>,
) -> Option<GameResult> {
    let lost = outcome.completed && outcome.position.is_lost(replay.variant);
    let loser = outcome.position.turn();
    let expected = if loser == Color::White {
        GameResult::ZeroTwo
    } else {
        GameResult::TwoZero
    };
    let last_mover = if (first_ply as usize + game.moves.len()).is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    match written {
        Some((result, span)) => {
            let result = normalise_result(result, last_mover);
            if lost && result != GameResult::Unfinished && result != expected {
                let no_pieces = outcome.position.pieces(loser) == 0;
                replay.report(
                    DraughtsIssue::ResultMismatch {
                        recorded: result.to_string(),
                        loser,
                        no_pieces,
                    },
                    Some(span),
                    None,
                );
            }
            Some(result)
        }
        None => lost.then_some(expected),
    }
}
