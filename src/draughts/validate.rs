//! Validation by replay: a PDN text in, one [`RecordReport`] per game out.
//!
//! Per game: the game type (64-square Russian or Brazilian, else an error naming it, English
//! checkers included), the rules (`--variant`, else `GameType`, else Russian with a note),
//! the numbering of numeric squares (`GameType`, else the FEN, else the first move, said in
//! a note), the start position, then every move resolved against the engine's legal moves.
//! The record keeps how it was written ([`ReadConventions`]) and, from a move that cannot
//! be replayed on, the rest of its main line as written.

use super::draw_rules::DrawTracker;
use super::issue::{
    CheckersLook, DraughtsIssue, FenProblem, GameTypeEvidence, NumberingSource, Unparsable,
};
use super::notation::{distinct_effects, same_outcome, SquareStyle, StartPosition};
use super::pdn::parse_pdn;
use super::position::{is_route_prefix, Color, Move, Piece, Position, Variant};
use super::square::{Numbering, Square};
use super::syntax::{
    Comment, Fen, FenColour, FirstSquareCorner, GameResult, PdnGame, PdnMove, SquareKind,
    SquareToken, SyntaxError, SyntaxErrorKind, Variation,
};
use super::{DraughtsMove, DraughtsRecord, ReadConventions};
use crate::diag::{Diagnostic, Kind, Repaired, Severity, Side};
use crate::family::ReadOptions;
use crate::record::{
    append_comment, Line, Node, Record, Tags, VariantName, REPAIRED, UNREPLAYED,
    UNREPLAYED_VARIATION,
};
use crate::text::Span;
use crate::{AnyRecord, RecordReport};

/// PDN game type numbers of the two rule sets read.
const RUSSIAN_TYPE: u32 = 25;
const BRAZILIAN_TYPE: u32 = 26;
/// International draughts, what 64-square-looking PDN usually turns out to be.
const INTERNATIONAL_TYPE: u32 = 20;
/// English draughts (checkers), the other common 8×8 game.
const ENGLISH_TYPE: u32 = 21;
/// American pool checkers.
const POOL_TYPE: u32 = 23;

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
    };
    crate::blocks::read_in_blocks(
        text,
        |text, _, from| next_game(text, from),
        |block| {
            parse_pdn(block)
                .iter()
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

/// What one game's replay accumulates.
struct Replay<'a> {
    source: &'a str,
    keep: bool,
    /// Replay on past a move no legal move fits, where one fits the writer's intent.
    repair: bool,
    variant: Variant,
    numbering: Numbering,
    style: SquareStyle,
    diagnostics: Vec<Diagnostic>,
}

impl Replay<'_> {
    fn report(&mut self, issue: DraughtsIssue, span: Option<Span>, ply: Option<u32>) {
        let severity = issue.severity();
        self.push(Diagnostic::new(severity, Kind::game(issue), span), ply);
    }

    fn report_repair(&mut self, repaired: Repaired, span: Span, ply: u32) {
        let diagnostic = Diagnostic::new(Severity::Warning, Kind::game(repaired), Some(span));
        self.push(diagnostic, Some(ply));
    }

    fn push(&mut self, mut diagnostic: Diagnostic, ply: Option<u32>) {
        if let Some(ply) = ply {
            let side = if ply % 2 == 1 {
                Side::White
            } else {
                Side::Black
            };
            diagnostic = diagnostic.at_ply(ply, ply.div_ceil(2), side);
        }
        self.diagnostics.push(diagnostic);
    }

    fn square(&self, token: &SquareToken) -> Result<Square, Unparsable> {
        match token.kind {
            SquareKind::Numeric(n) => Square::from_number(n, self.numbering),
            SquareKind::Algebraic { file, rank } => rank
                .checked_sub(1)
                .and_then(|rank| Square::from_coords(file, rank)),
        }
        .ok_or_else(|| Unparsable::NoSuchSquare(token.kind.to_string()))
    }
}

fn replay_game(source: &str, game: &PdnGame, read: ReadFlags) -> RecordReport {
    let ReadFlags {
        forced,
        keep,
        repair,
    } = read;
    let mut replay = Replay {
        source,
        keep,
        repair,
        variant: forced.unwrap_or(Variant::Russian),
        numbering: Numbering::Rulebook,
        style: SquareStyle::Numeric(Numbering::Rulebook),
        diagnostics: Vec::new(),
    };
    let cut = first_unreadable_move(game);
    report_syntax_errors(&mut replay, game, cut);
    let finish = |replay: Replay<'_>, plies: u32, record: Option<DraughtsRecord>| RecordReport {
        index: 0,
        game: Some(super::GAME),
        variant: record.as_ref().and_then(|r| r.variant).map(VariantName::of),
        span: game.span.clone(),
        plies,
        diagnostics: replay.diagnostics,
        record: if replay.keep {
            record.map(AnyRecord::new)
        } else {
            None
        },
    };
    if let Some((issue, span)) = unsupported(game, forced) {
        replay.report(issue, Some(span), None);
        return finish(replay, 0, None);
    }
    replay.variant = choose_variant(&mut replay, game, forced);
    let mut record: Record<DraughtsMove> = Record::new(super::GAME);
    record.variant = Some(replay.variant);
    record.tags = Tags(
        game.tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
    );
    choose_numbering(&mut replay, game);
    let written = written_result(game);
    let stated = forced.is_some() || game.game_type.is_some();
    let mut read = read_conventions(game, stated, replay.numbering, written.as_ref());
    let movetext_end = game
        .result
        .as_ref()
        .map_or(game.span.end, |(_, span)| span.start);
    let start = match start_position(&replay, game) {
        Ok(start) => start,
        Err((problem, span)) => {
            replay.report(DraughtsIssue::BadFen { problem }, Some(span), None);
            read.unread_fen = true;
            keep_movetext_unreplayed(&mut replay, game, &mut record, movetext_end);
            record.result = written.map(|(result, _)| normalise_result(result, Color::White));
            return finish(replay, 0, Some(record.with_extra(read)));
        }
    };
    if game.tag("FEN").is_some() && game.fen.is_none() {
        read.unread_fen = true;
    }
    if !stated && start.turn() == Color::Black && same_array(&start, &Position::initial()) {
        replay.diagnostics.retain(|d| d.severity != Severity::Note);
        let issue = DraughtsIssue::UnsupportedGameType {
            number: ENGLISH_TYPE,
            evidence: GameTypeEvidence::BlackToMoveAtStart,
        };
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
    place_comments(&mut replay, game, &mut record, &outcome, movetext_end);
    record.result = check_result(&mut replay, game, first_ply, &outcome, written);
    finish(replay, outcome.plies, Some(record.with_extra(read)))
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

/// The rules to replay under: the forced ones, else the `GameType`'s, else Russian with
/// a note saying so.
fn choose_variant(replay: &mut Replay<'_>, game: &PdnGame, forced: Option<Variant>) -> Variant {
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

/// With no start position to replay from, all the movetext stays text, unless it is
/// what a writer made of it (an unreplayed comment).
fn keep_movetext_unreplayed(
    replay: &mut Replay<'_>,
    game: &PdnGame,
    record: &mut Record<DraughtsMove>,
    movetext_end: usize,
) {
    if game.moves.is_empty() {
        take_unreplayed_comment(replay, game, record);
    }
    if record.unreplayed.is_none() {
        let movetext_start = game.tags.iter().map(|t| t.span.end).max().unwrap_or(0);
        record.unreplayed = as_written(replay.source, movetext_start, movetext_end);
    }
}

/// The comment before the first move, and the text from where the replay stopped (or
/// the comments after the last move) to the end of the movetext.
fn place_comments(
    replay: &mut Replay<'_>,
    game: &PdnGame,
    record: &mut Record<DraughtsMove>,
    outcome: &LineOutcome,
    movetext_end: usize,
) {
    let before_first: &[Comment] = game
        .moves
        .first()
        .map_or(&game.comments[..], |m| &m.comments_before[..]);
    // Comments standing after where the replay stopped are in the unreplayed text.
    let stop = outcome.unreplayed_from.unwrap_or(usize::MAX);
    let before_first: Vec<Comment> = before_first
        .iter()
        .filter(|c| c.span.start < stop)
        .cloned()
        .collect();
    record.comment = join_comments(&before_first);
    match outcome.unreplayed_from {
        Some(from) => record.unreplayed = as_written(replay.source, from, movetext_end),
        None => {
            take_unreplayed_comment(replay, game, record);
            // Comments after a last move number with no move ride on the last move.
            if let (Some(last), Some(trailing)) = (
                record.moves.last_mut().filter(|_| !game.moves.is_empty()),
                join_comments(&game.comments),
            ) {
                append_comment(&mut last.comment, &trailing);
            }
        }
    }
}

/// The record's result: the written one (normalised, and checked against a game the
/// replay saw lost), else the loss the replay saw, else none.
fn check_result(
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

/// The source text from `from` to `to`, trimmed, if any is left.
fn as_written(source: &str, from: usize, to: usize) -> Option<String> {
    let text = source.get(from..to.max(from))?.trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// A comment that a writer made of the unreplayed rest of the main line (the last comment
/// of the game): taken back into `record.unreplayed`, with a warning that those moves are
/// not checked.
fn take_unreplayed_comment(
    replay: &mut Replay<'_>,
    game: &PdnGame,
    record: &mut Record<DraughtsMove>,
) {
    let comments = game
        .moves
        .last()
        .map_or(&game.comments[..], |m| &m.comments_after[..]);
    let Some((last, others)) = comments.split_last() else {
        return;
    };
    let Some(rest) = last.text.trim_start().strip_prefix(UNREPLAYED) else {
        return;
    };
    replay.report(
        DraughtsIssue::UnreplayedMoves,
        Some(last.span.clone()),
        None,
    );
    // Its line breaks are the writer's wrapping.
    record.unreplayed = Some(rest.split_whitespace().collect::<Vec<_>>().join(" "));
    if game.moves.is_empty() {
        record.comment = join_comments(others);
    } else if let Some(node) = record.moves.last_mut() {
        node.comment = join_comments(others);
    }
}

/// Whether a variation anywhere in `moves` ends with a result, walked with a stack.
fn has_variation_results(moves: &[PdnMove]) -> bool {
    let mut lines = vec![moves];
    while let Some(line) = lines.pop() {
        for variation in line.iter().flat_map(|m| &m.variations) {
            if variation.result.is_some() {
                return true;
            }
            lines.push(&variation.moves);
        }
    }
    false
}

/// The square style the record writes: algebraic if its first square (moves first, then
/// the FEN) is algebraic, else numbers in `numbering`.
fn read_style(game: &PdnGame, numbering: Numbering) -> SquareStyle {
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

/// The result written after the moves, else in the `Result` tag.
fn written_result(game: &PdnGame) -> Option<(GameResult, Span)> {
    game.result.clone().or_else(|| {
        let tag = game.tags.iter().find(|t| t.name == "Result")?;
        Some((result_from_tag(&tag.value)?, tag.value_span.clone()))
    })
}

/// Whether two positions have the same men and kings, whoever is to move.
fn same_array(a: &Position, b: &Position) -> bool {
    [Color::White, Color::Black]
        .iter()
        .all(|&c| a.men(c) == b.men(c) && a.kings(c) == b.kings(c))
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

/// The result in the 2-0 / 1-1 / 0-2 scale; the rulebook's `+` marks a win for the side
/// that made the last move.
fn normalise_result(result: GameResult, last_mover: Color) -> GameResult {
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

fn join_comments(comments: &[Comment]) -> Option<String> {
    let texts: Vec<&str> = comments
        .iter()
        .map(|c| c.text.trim())
        .filter(|t| !t.is_empty())
        .collect();
    (!texts.is_empty()).then(|| texts.join(" "))
}

/// The first move-shaped token of the main line that the reader could not read, with the
/// number of main-line moves before it: the replay stops there, since every later move
/// would be given to the wrong side.
fn first_unreadable_move(game: &PdnGame) -> Option<(usize, &SyntaxError)> {
    let movetext = game.tags.iter().map(|t| t.span.end).max().unwrap_or(0);
    let error = game.syntax_errors.iter().find(|e| {
        matches!(
            e.kind,
            SyntaxErrorKind::BadMove(_) | SyntaxErrorKind::UnexpectedToken(_)
        ) && e.span.start >= movetext
            && !game
                .moves
                .iter()
                .flat_map(|m| &m.variations)
                .any(|v| v.span.contains(&e.span.start))
    })?;
    let before = game
        .moves
        .iter()
        .take_while(|m| m.span.start < error.span.start)
        .count();
    Some((before, error))
}

/// Whether the game is of a type other than 64-square Russian or Brazilian: by its
/// `GameType`, or, without one, by square numbers beyond 32 or a 10×10 opening move, and
/// unless `--variant` says otherwise, by an `Event` that names checkers or first moves
/// that only Black moving first can make.
fn unsupported(game: &PdnGame, forced: Option<Variant>) -> Option<(DraughtsIssue, Span)> {
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
    match first.squares.as_slice() {
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
        evidence: GameTypeEvidence::EventName(tag.value.clone()),
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

/// Decides how numeric squares are read and how diagnostics write squares, and notes the
/// numbering when the record uses numbers.
fn choose_numbering(replay: &mut Replay<'_>, game: &PdnGame) {
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
        replay.report(DraughtsIssue::Numbering { numbering, source }, span, None);
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

/// The result of replaying one line.
struct LineOutcome {
    line: Line<DraughtsMove>,
    /// Moves replayed legally.
    plies: u32,
    /// Every move of the line was replayed.
    completed: bool,
    /// The position after the last move replayed.
    position: Position,
    /// Where the text of the moves not replayed begins.
    unreplayed_from: Option<usize>,
}

/// Where the written move `m` begins: its move number, else its squares.
fn move_start(m: &PdnMove) -> usize {
    m.number
        .as_ref()
        .map_or(m.span.start, |n| n.span.start.min(m.span.start))
}

/// Replays `moves` from `position`; ply numbers start at `first_ply`. `cut` is where an
/// unreadable move token stands in the line. Variations are replayed from the position
/// before the move they replace; their depth is bounded by the reader
/// ([`super::pdn::MAX_VARIATION_DEPTH`]), so the recursion is too. A variation that
/// cannot be replayed to its end keeps the rest as written in a comment.
fn replay_line(
    replay: &mut Replay<'_>,
    moves: &[PdnMove],
    mut position: Position,
    first_ply: u32,
    mut tracker: Option<&mut DrawTracker>,
    cut: Option<(usize, &SyntaxError)>,
) -> LineOutcome {
    let mut line: Line<DraughtsMove> = Vec::new();
    let mut plies = 0;
    let outcome = |line, plies, position, unreplayed_from: Option<usize>| LineOutcome {
        line,
        plies,
        completed: unreplayed_from.is_none(),
        position,
        unreplayed_from,
    };
    for (i, written) in moves.iter().enumerate() {
        let ply = first_ply + i as u32;
        if let Some((_, error)) = cut.filter(|(at, _)| *at == i) {
            let issue = DraughtsIssue::Unparsable {
                reason: Unparsable::Token(error.kind.clone()),
            };
            replay.report(issue, Some(error.span.clone()), Some(ply));
            let from = error.span.start.min(move_start(written));
            return outcome(line, plies, position, Some(from));
        }
        let mut variations = Vec::new();
        let mut unplayable = Vec::new();
        for variation in &written.variations {
            match replay_variation(replay, variation, position, ply) {
                Ok(line) => variations.push(line),
                Err(text) => unplayable.push(format!("{UNREPLAYED_VARIATION} ({text})")),
            }
        }
        let (mv, repaired) = match resolve(replay, &position, written) {
            Ok(mv) => (mv, false),
            Err(Unresolved { issue, repaired }) => {
                replay.report(issue, Some(written.span.clone()), Some(ply));
                let Some(mv) = repaired else {
                    return outcome(line, plies, position, Some(move_start(written)));
                };
                let repaired = Repaired {
                    written: replay
                        .source
                        .get(written.span.clone())
                        .unwrap_or_default()
                        .to_string(),
                    used: mv.notation(replay.style),
                };
                replay.report_repair(repaired, written.span.clone(), ply);
                (mv, true)
            }
        };
        if let Some(tracker) = tracker.as_deref_mut() {
            for claim in tracker.record(&position, &mv.mv).iter() {
                replay.report(
                    DraughtsIssue::Draw(claim.kind),
                    Some(written.span.clone()),
                    Some(ply),
                );
            }
        }
        position.play(&mv.mv);
        plies += 1;
        if replay.keep {
            let text = replay.source.get(written.span.clone()).unwrap_or_default();
            let mut node = Node::new(mv, ply, text, written.span.clone());
            node.comment = join_comments(&written.comments_after);
            if repaired {
                append_comment(&mut node.comment, &format!("{REPAIRED} {text}"));
            }
            // A comment before a move (after its number) rides on the move before it, or
            // on the move itself when it opens a variation; the main line's first move's
            // is the record's comment.
            if let Some(before) = join_comments(&written.comments_before) {
                match line.last_mut() {
                    Some(previous) => append_comment(&mut previous.comment, &before),
                    // Only the main line has a draw tracker.
                    None if tracker.is_none() => {
                        let after = node.comment.replace(before);
                        if let Some(after) = after {
                            append_comment(&mut node.comment, &after);
                        }
                    }
                    None => {}
                }
            }
            annotate(&mut node, written, unplayable, variations);
            line.push(node);
        }
    }
    if let Some((_, error)) = cut.filter(|(at, _)| *at == moves.len()) {
        let issue = DraughtsIssue::Unparsable {
            reason: Unparsable::Token(error.kind.clone()),
        };
        replay.report(
            issue,
            Some(error.span.clone()),
            Some(first_ply + moves.len() as u32),
        );
        return outcome(line, plies, position, Some(error.span.start));
    }
    outcome(line, plies, position, None)
}

/// A kept node's variations, NAGs (a strength mark as its NAG first) and, in its
/// comment, the variations that could not be replayed.
fn annotate(
    node: &mut Node<DraughtsMove>,
    written: &PdnMove,
    unplayable: Vec<String>,
    variations: Vec<Line<DraughtsMove>>,
) {
    for text in unplayable {
        append_comment(&mut node.comment, &text);
    }
    node.nags = written.nags.clone();
    if let Some(nag) = written.strength.as_ref().and_then(|s| s.nag()) {
        if !node.nags.contains(&nag) {
            node.nags.insert(0, nag);
        }
    }
    node.variations = variations;
}

/// One variation replayed from `position`. What cannot be replayed is kept as written in
/// an unreplayed comment on the variation's last replayed move; a variation whose first
/// move fails, or that holds no move, is all text, returned as the error for the move it
/// hangs on to keep.
fn replay_variation(
    replay: &mut Replay<'_>,
    variation: &Variation,
    position: Position,
    ply: u32,
) -> Result<Line<DraughtsMove>, String> {
    // The variation's text ends before its `)` (an unclosed one at the game's end).
    let end = variation.span.end;
    let end = if replay.source.as_bytes().get(end.wrapping_sub(1)) == Some(&b')') {
        end - 1
    } else {
        end
    };
    if variation.moves.is_empty() {
        // Only comments (or a result): no line of moves to hold them, so they stay text.
        return match as_written(replay.source, variation.span.start + 1, end) {
            Some(text) => Err(text),
            None => Ok(Vec::new()),
        };
    }
    let outcome = replay_line(replay, &variation.moves, position, ply, None, None);
    let mut line = outcome.line;
    let Some(from) = outcome.unreplayed_from else {
        return Ok(line);
    };
    let rest = as_written(replay.source, from, end).unwrap_or_default();
    let Some(last) = line.last_mut() else {
        return Err(rest);
    };
    append_comment(&mut last.comment, &format!("{UNREPLAYED} {rest}"));
    Ok(line)
}

/// The legal move a written move denotes: its from–to or its full path, or (for records
/// that give only some landing squares) a route passing through the squares given.
fn resolve(
    replay: &Replay<'_>,
    position: &Position,
    written: &PdnMove,
) -> Result<DraughtsMove, Unresolved> {
    if written.squares.is_empty() {
        return Err(DraughtsIssue::UnrecordedMove.into());
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
        }
        .into());
    };
    let variant = replay.variant;
    let legal = position.legal_moves(variant);
    if legal.is_empty() {
        let loser = position.turn();
        return Err(DraughtsIssue::MoveAfterEnd {
            loser,
            no_pieces: position.pieces(loser) == 0,
        }
        .into());
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
        [mv] => {
            let same_ends: Vec<Move> = legal
                .iter()
                .filter(|m| m.from() == mv.from() && m.to() == mv.to())
                .copied()
                .collect();
            Ok(DraughtsMove {
                mv: *mv,
                full_path: distinct_effects(&same_ends).len() > 1,
            })
        }
        [] => {
            let issue = illegal(replay, position, from, rest, written, &legal);
            let repaired = replay
                .repair
                .then(|| repair(&legal, from, rest, replay.numbering))
                .flatten()
                .map(|mv| {
                    let full_path = legal
                        .iter()
                        .filter(|m| m.from() == mv.from() && m.to() == mv.to())
                        .any(|m| !same_outcome(m, &mv));
                    DraughtsMove { mv, full_path }
                });
            Err(Unresolved { issue, repaired })
        }
        _ => Err(DraughtsIssue::AmbiguousMove {
            candidates: effects,
            style: replay.style,
        }
        .into()),
    }
}

/// A written move that denotes no legal move: why, and with repair the one legal move
/// that fits what was meant.
struct Unresolved {
    issue: DraughtsIssue,
    repaired: Option<DraughtsMove>,
}

impl From<DraughtsIssue> for Unresolved {
    fn from(issue: DraughtsIssue) -> Unresolved {
        Unresolved {
            issue,
            repaired: None,
        }
    }
}

/// The one legal move that fits what a writer of `from` and `rest` (the destination or
/// landing squares) evidently meant, when none fits exactly; `None` when none or several
/// do. The intents are tried in turn, and the first that any move fits decides: the same
/// origin and destination by another route; a capture written only up to one of its
/// landings; the same destination from an origin one off; the same origin to a
/// destination one off. One off is a neighbouring square, or the next number in the
/// record's numbering (a slip of the pen).
fn repair(legal: &[Move], from: Square, rest: &[Square], numbering: Numbering) -> Option<Move> {
    let to = *rest.last()?;
    let one_off = |a: Square, b: Square| {
        a != b
            && (a.number(numbering).abs_diff(b.number(numbering)) == 1
                || (a.file().abs_diff(b.file()) == 1 && a.rank().abs_diff(b.rank()) == 1))
    };
    let intents: [&dyn Fn(&Move) -> bool; 4] = [
        &|m| m.from() == from && m.to() == to,
        &|m| m.from() == from && is_route_prefix(m, rest),
        &|m| m.to() == to && one_off(m.from(), from),
        &|m| m.from() == from && one_off(m.to(), to),
    ];
    intents.iter().find_map(|fits| {
        let fitting: Vec<Move> = legal.iter().filter(|m| fits(m)).copied().collect();
        match distinct_effects(&fitting).as_slice() {
            [] => None,
            // Several fit: the writer's intent is not evident, so nothing is repaired.
            [one] => Some(Some(*one)),
            _ => Some(None),
        }
    })?
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
                style: replay.style,
            }
        }
    }
    let reason = position
        .explain(replay.variant, from, rest)
        .unwrap_or(super::position::IllegalReason::NoSuchMove);
    DraughtsIssue::IllegalMove {
        written: replay
            .source
            .get(written.span.clone())
            .unwrap_or_default()
            .to_string(),
        reason,
        legal: legal.to_vec(),
        style: replay.style,
    }
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
