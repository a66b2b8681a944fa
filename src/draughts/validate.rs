//! Validation by replay: a PDN text in, one [`RecordReport`] per game out.
//!
//! Per game: the game type (64-square Russian or Brazilian, else an error naming it, English
//! checkers included; `game_type`), the rules (`--variant`, else `GameType`, else Russian
//! with a note), the numbering of numeric squares (`numbering`), the start position, then
//! every move resolved against the engine's legal moves (`replay`, `resolve`). The record
//! keeps how it was written ([`ReadConventions`]) and, from a move that cannot be replayed
//! on, the rest of its main line as written (`comments`).

use super::comments::{keep_movetext_unreplayed, place_comments};
use super::draw_rules::DrawTracker;
use super::game_type::{checkers_by_start, choose_variant, unsupported};
use super::issue::{DraughtsIssue, FenProblem};
use super::notation::{SquareStyle, StartPosition};
use super::numbering::{choose_numbering, read_style};
use super::pdn::parse_pdn;
use super::position::{Color, Piece, Position, Variant};
use super::replay::{replay_line, Replay};
use super::result::{check_result, normalise_result, written_result};
use super::square::{Numbering, Square};
use super::syntax::{
    FenColour, GameResult, PdnGame, PdnMove, SquareKind, SquareToken, SyntaxError, SyntaxErrorKind,
};
use super::{DraughtsMove, DraughtsRecord, ReadConventions};
use crate::diag::Severity;
use crate::family::ReadOptions;
use crate::record::{Likeness, Record, Tags, VariantName};
use crate::report::Header;
use crate::text::Span;
use crate::{AnyRecord, RecordReport};

/// Parses `text` as PDN and replays every game under the [`Variant`] the options set
/// ([`ReadOptions::with_rules`]; else the game's `GameType`, else Russian), block by block
/// in parallel (see `crate::blocks`). With [`ReadOptions::keep_records`], the replayed
/// records are kept for writing; with [`ReadOptions::repair`], a move no legal move fits
/// is replayed as the one that fits the writer's evident intent, where there is exactly
/// one.
pub fn read_records(text: &str, options: &ReadOptions) -> Vec<RecordReport> {
    let read = ReadFlags {
        forced: options.rules::<Variant>().copied(),
        keep: options.keep_records,
        repair: options.repair,
        dedup: options.dedup,
        keep_tags: options.keep_tags,
    };
    crate::blocks::read_in_blocks(
        text,
        |text, _, from| next_game(text, from),
        |block| {
            parse_pdn(block)
                .into_iter()
                .map(|game| replay_game(block, game, read))
                .collect()
        },
    )
}

/// How the games of a text are read: what [`ReadOptions`] says of them.
#[derive(Clone, Copy)]
struct ReadFlags {
    /// The rules to replay under, instead of each game's `GameType`.
    forced: Option<Variant>,
    /// Keep each replayed record for writing.
    keep: bool,
    /// Replay on past a move no legal move fits, where one fits the writer's intent.
    repair: bool,
    /// Fingerprint each game this way.
    dedup: Option<Likeness>,
    /// Keep the tags of a record that is not kept.
    keep_tags: bool,
}

/// The start of the first game at or after `from`: a tag line that follows a blank line
/// after movetext. The reader starts a new game there anyway.
fn next_game(text: &str, from: usize) -> Option<usize> {
    crate::blocks::after_blank_line(text, from, opens_pdn_game)
}

/// Whether the line at `at`, after an empty line, starts a PDN game where the draughts
/// reader starts one: a tag pair, when the last line with text before is not a tag pair
/// (so movetext came before). For the block reader and the stream alike.
pub(super) fn opens_pdn_game(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end();
    let last_line = before.rsplit(['\n', '\r']).next().unwrap_or("");
    text[at..].starts_with('[') && !before.is_empty() && !last_line.trim_start().starts_with('[')
}

fn replay_game(source: &str, game: PdnGame<'_>, read: ReadFlags) -> RecordReport {
    let ReadFlags {
        forced,
        keep,
        repair,
        dedup,
        keep_tags,
    } = read;
    let mut replay = Replay {
        source,
        keep,
        repair,
        variant: forced.unwrap_or(Variant::Russian),
        numbering: Numbering::Rulebook,
        style: SquareStyle::Numeric(Numbering::Rulebook),
        diagnostics: Vec::new(),
        played: dedup.map(|_| Vec::new()),
    };
    // Only a kept record, its header and its fingerprint read the record's tags.
    let tags_read = keep || keep_tags || dedup.is_some();
    let cut = first_unreadable_move(&game);
    report_syntax_errors(&mut replay, &game, cut);
    let span = game.span.clone();
    let finish = |replay: Replay<'_>, plies: u32, mut record: Option<DraughtsRecord>| {
        let fingerprint = match (&record, dedup, &replay.played) {
            (Some(record), Some(likeness), Some(played)) => {
                Some(super::dedup::fingerprint(record, played, likeness))
            }
            _ => None,
        };
        let header = record
            .as_mut()
            .filter(|_| keep_tags && !keep)
            .map(|record| Header::pgn(std::mem::take(&mut record.tags)));
        RecordReport {
            index: 0,
            game: Some(super::GAME),
            variant: record.as_ref().and_then(|r| r.variant).map(VariantName::of),
            span,
            plies,
            diagnostics: replay.diagnostics,
            record: if keep {
                record.map(AnyRecord::new)
            } else {
                None
            },
            fingerprint,
            header,
        }
    };
    if let Some((issue, span)) = unsupported(&game, forced) {
        replay.report(issue, Some(span), None);
        return finish(replay, 0, None);
    }
    replay.variant = choose_variant(&mut replay, &game, forced);
    let mut record: Record<DraughtsMove> = Record::new(super::GAME);
    record.variant = Some(replay.variant);
    choose_numbering(&mut replay, &game);
    let written = written_result(&game);
    let stated = forced.is_some() || game.game_type.is_some();
    let mut read = read_conventions(&game, stated, replay.numbering, written.as_ref());
    let movetext_end = game
        .result
        .as_ref()
        .map_or(game.span.end, |(_, span)| span.start);
    let start = match start_position(&replay, &game) {
        Ok(start) => start,
        Err((problem, span)) => {
            replay.report(DraughtsIssue::BadFen { problem }, Some(span), None);
            read.unread_fen = true;
            keep_movetext_unreplayed(&mut replay, &game, &mut record, movetext_end);
            record.result = written.map(|(result, _)| normalise_result(result, Color::White));
            if tags_read {
                record.tags = record_tags(&game);
            }
            return finish(replay, 0, Some(record.with_extra(read)));
        }
    };
    if game.tag("FEN").is_some() && game.fen.is_none() {
        read.unread_fen = true;
    }
    if let Some(issue) = checkers_by_start(&start).filter(|_| !stated) {
        replay.diagnostics.retain(|d| d.severity != Severity::Note);
        replay.report(issue, game.fen.as_ref().map(|f| f.span.clone()), None);
        return finish(replay, 0, None);
    }
    if start != Position::initial() {
        record.start = Some(StartPosition(start));
    }
    let first_ply = if start.turn() == Color::White { 1 } else { 2 };
    let mut tracker = DrawTracker::new(replay.variant, &start);
    let mut outcome = replay_line(
        &mut replay,
        &game.moves,
        start,
        first_ply,
        Some(&mut tracker),
        cut,
    );
    record.moves = std::mem::take(&mut outcome.line);
    // Variations of the moves not replayed are in the unreplayed text, results and all.
    let replayed = game
        .moves
        .get(..outcome.plies as usize)
        .unwrap_or(&game.moves);
    read.variation_results = has_variation_results(replayed);
    place_comments(&mut replay, &game, &mut record, &outcome, movetext_end);
    record.result = check_result(&mut replay, &game, first_ply, &outcome, written);
    if tags_read {
        record.tags = record_tags(&game);
    }
    finish(replay, outcome.plies, Some(record.with_extra(read)))
}

/// The game's tags, copied for its record.
fn record_tags(game: &PdnGame<'_>) -> Tags {
    Tags(
        game.tags
            .iter()
            .map(|t| (t.name.to_owned(), t.value.to_string()))
            .collect(),
    )
}

/// Reports the reader's syntax errors, but the one at `cut` (the first move that could
/// not be read, which the replay reports where it stops).
fn report_syntax_errors(
    replay: &mut Replay<'_>,
    game: &PdnGame,
    cut: Option<(usize, &SyntaxError)>,
) {
    for error in &game.syntax_errors {
        if cut.is_some_and(|(_, e)| std::ptr::eq(e, error)) {
            continue;
        }
        let issue = match error.kind {
            SyntaxErrorKind::BadFen(what) => DraughtsIssue::BadFen {
                problem: FenProblem::Syntax(what),
            },
            ref kind => DraughtsIssue::Syntax { kind: kind.clone() },
        };
        replay.report(issue, Some(error.span.clone()), None);
    }
}

/// How the record was written, as far as the text shows before the replay.
fn read_conventions(
    game: &PdnGame,
    stated: bool,
    numbering: Numbering,
    written: Option<&(GameResult, Span)>,
) -> ReadConventions {
    ReadConventions {
        game_type_stated: stated,
        squares: read_style(game, numbering),
        capture: game
            .moves
            .iter()
            .find(|m| m.is_capture)
            .map(|m| m.separator),
        result: written.map(|(result, _)| *result),
        unread_fen: false,
        variation_results: false,
        fen_fields: game
            .fen
            .iter()
            .flat_map(|f| &f.other_fields)
            // Fields are parsed from the tag's raw text, before its escapes.
            .map(|(field, _)| super::pdn::unescape(field))
            .collect(),
        first_move_number: game
            .moves
            .first()
            .and_then(|m| m.number.as_ref())
            .map_or(1, |n| n.value.max(1)),
        escapes_before: game.escapes_before.clone(),
        escapes_inside: game.escapes_inside.clone(),
        escapes_after: game.escapes_after.clone(),
    }
}

/// Whether a variation anywhere in `moves` ends with a result, walked with a stack.
fn has_variation_results(moves: &[PdnMove]) -> bool {
    let mut lines = vec![moves];
    while let Some(line) = lines.pop() {
        for variation in line.iter().flat_map(|m| &m.notes().variations) {
            if variation.result.is_some() {
                return true;
            }
            lines.push(&variation.moves);
        }
    }
    false
}

/// The first move-shaped token of the main line that the reader could not read, with the
/// number of main-line moves before it: the replay stops there, since every later move
/// would be given to the wrong side.
fn first_unreadable_move<'g>(game: &'g PdnGame<'_>) -> Option<(usize, &'g SyntaxError)> {
    let movetext = game.tags.iter().map(|t| t.span.end).max().unwrap_or(0);
    let error = game.syntax_errors.iter().find(|e| {
        matches!(
            e.kind,
            SyntaxErrorKind::BadMove(_) | SyntaxErrorKind::UnexpectedToken(_)
        ) && e.span.start >= movetext
            && !game
                .moves
                .iter()
                .flat_map(|m| &m.notes().variations)
                .any(|v| v.span.contains(&e.span.start))
    })?;
    let before = game
        .moves
        .iter()
        .take_while(|m| m.span.start < error.span.start)
        .count();
    Some((before, error))
}

/// The position the FEN sets up, or the initial one.
fn start_position(replay: &Replay<'_>, game: &PdnGame) -> Result<Position, (FenProblem, Span)> {
    let Some(fen) = &game.fen else {
        return Ok(Position::initial());
    };
    let mut pieces = Vec::new();
    for side in &fen.sides {
        let color = match side.colour {
            FenColour::White => Color::White,
            FenColour::Black => Color::Black,
            FenColour::Unknown => {
                return Err((
                    FenProblem::Syntax("W or B before a piece list"),
                    side.span.clone(),
                ))
            }
        };
        for entry in &side.entries {
            let piece = if entry.king { Piece::King } else { Piece::Man };
            let no_square =
                |t: &SquareToken| (FenProblem::NoSuchSquare(t.kind.to_string()), t.span.clone());
            let first = replay
                .square(&entry.from)
                .map_err(|_| no_square(&entry.from))?;
            match (&entry.to, entry.from.kind) {
                (Some(last), SquareKind::Numeric(a)) => {
                    let SquareKind::Numeric(b) = last.kind else {
                        return Err(no_square(last));
                    };
                    for n in a..=b {
                        let square = Square::from_number(n, replay.numbering)
                            .ok_or_else(|| no_square(last))?;
                        pieces.push((color, piece, square));
                    }
                }
                (Some(last), _) => return Err(no_square(last)),
                (None, _) => pieces.push((color, piece, first)),
            }
        }
    }
    // An unknown side to move (`?`) is taken to be White's, who moves first.
    let turn = match fen.turn {
        FenColour::Black => Color::Black,
        FenColour::White | FenColour::Unknown => Color::White,
    };
    Position::from_pieces(pieces, turn).map_err(|e| (FenProblem::Setup(e), fen.span.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pdn_game_starts_after_movetext_only() {
        let text = "[A \"1\"]\r\n\r\n[B \"2\"]\r\n\r\n1. 22-18 *\r\n\r\n[A \"3\"]\r\n";
        let cuts: Vec<usize> = std::iter::successors(
            crate::blocks::after_blank_line(text, 0, opens_pdn_game),
            |&cut| crate::blocks::after_blank_line(text, cut, opens_pdn_game),
        )
        .collect();
        assert_eq!(cuts, [text.find("[A \"3\"]").unwrap()]);
    }
}
