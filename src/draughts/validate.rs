//! Validation by replay: a PDN text in, one [`RecordReport`] per game out.
//!
//! Per game: the game type (64-square Russian or Brazilian, else an error naming it), the
//! rules (`--variant`, else `GameType`, else Russian with a note), the numbering of numeric
//! squares (`GameType`, else the FEN, else the first move, said in a note), the start
//! position, then every move resolved against the engine's legal moves.

use super::draw_rules::DrawTracker;
use super::issue::{
    variant_name, DraughtsIssue, FenProblem, GameTypeEvidence, NumberingSource, Unparsable,
};
use super::notation::{distinct_effects, write_fen, SquareStyle};
use super::pdn::parse_pdn;
use super::position::{Color, Move, Piece, Position, Variant};
use super::square::{Numbering, Square};
use super::syntax::{
    Fen, FenColour, FirstSquareCorner, GameResult, PdnGame, PdnMove, SquareKind, SquareToken,
    SyntaxError, SyntaxErrorKind,
};
use super::DraughtsMove;
use crate::diag::{Diagnostic, Kind};
use crate::record::{Game, Line, Node, Record, Tags};
use crate::text::Span;
use crate::{AnyRecord, RecordReport};

/// PDN game type numbers of the two rule sets read.
const RUSSIAN_TYPE: u32 = 25;
const BRAZILIAN_TYPE: u32 = 26;
/// International draughts, what 64-square-looking PDN usually turns out to be.
const INTERNATIONAL_TYPE: u32 = 20;

/// Parses `text` as PDN and replays every game with `variant` (else the game's `GameType`,
/// else Russian), block by block in parallel (see `crate::blocks`). With `keep_records`, the
/// replayed records are kept for writing.
pub fn read_records(text: &str, variant: Option<Variant>, keep_records: bool) -> Vec<RecordReport> {
    crate::blocks::read_in_blocks(
        text,
        |text, _, from| next_game(text, from),
        |block| {
            parse_pdn(block)
                .iter()
                .map(|game| replay_game(block, game, variant, keep_records))
                .collect()
        },
    )
}

/// The start of the first game at or after `from`: a tag line that follows a blank line
/// after movetext. The reader starts a new game there anyway.
fn next_game(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = from;
    loop {
        let found = memchr::memmem::find(bytes.get(at..)?, b"\n[")?;
        let start = at + found + 1;
        if follows_blank_after_movetext(&text[..start]) {
            return Some(start);
        }
        at = start;
    }
}

/// Whether `before` ends with a blank line whose last non-blank predecessor is not a tag.
fn follows_blank_after_movetext(before: &str) -> bool {
    let mut lines = before.lines().rev();
    let blank = lines.next().is_some_and(|l| l.trim().is_empty());
    let previous = lines.find(|l| !l.trim().is_empty());
    blank && previous.is_some_and(|l| !l.trim_start().starts_with('['))
}

/// What one game's replay accumulates.
struct Replay<'a> {
    source: &'a str,
    keep: bool,
    variant: Variant,
    numbering: Numbering,
    style: SquareStyle,
    diagnostics: Vec<Diagnostic>,
}

impl Replay<'_> {
    fn report(&mut self, issue: DraughtsIssue, span: Option<Span>, ply: Option<u32>) {
        let severity = issue.severity();
        let mut diagnostic = Diagnostic::new(severity, Kind::Draughts(issue), span);
        if let Some(ply) = ply {
            let side = if ply % 2 == 1 { "white" } else { "black" };
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

fn replay_game(source: &str, game: &PdnGame, forced: Option<Variant>, keep: bool) -> RecordReport {
    let mut replay = Replay {
        source,
        keep,
        variant: forced.unwrap_or(Variant::Russian),
        numbering: Numbering::Rulebook,
        style: SquareStyle::Numeric(Numbering::Rulebook),
        diagnostics: Vec::new(),
    };
    let cut = first_unreadable_move(game);
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
    let finish =
        |replay: Replay<'_>, plies: u32, record: Option<Record<DraughtsMove>>| RecordReport {
            index: 0,
            game: Some(Game::Draughts),
            variant: record.as_ref().and_then(|r| r.variant),
            span: game.span.clone(),
            plies,
            diagnostics: replay.diagnostics,
            record: if replay.keep {
                record.map(AnyRecord::Draughts)
            } else {
                None
            },
        };
    if let Some((issue, span)) = unsupported(game) {
        replay.report(issue, Some(span), None);
        return finish(replay, 0, None);
    }
    replay.variant = match (forced, game.game_type.as_ref().map(|g| g.type_number)) {
        (Some(variant), _) => variant,
        (None, Some(BRAZILIAN_TYPE)) => Variant::Brazilian,
        (None, Some(_)) => Variant::Russian,
        (None, None) => {
            replay.report(
                DraughtsIssue::VariantDefaulted {
                    variant: Variant::Russian,
                },
                None,
                None,
            );
            Variant::Russian
        }
    };
    let mut record: Record<DraughtsMove> = Record::new(Game::Draughts);
    record.variant = Some(variant_name(replay.variant));
    record.tags = Tags(
        game.tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
    );
    choose_numbering(&mut replay, game);
    let start = match start_position(&replay, game) {
        Ok(start) => start,
        Err((problem, span)) => {
            replay.report(DraughtsIssue::BadFen { problem }, Some(span), None);
            return finish(replay, 0, Some(record));
        }
    };
    if start != Position::initial() {
        record.start = Some(write_fen(&start, SquareStyle::Numeric(Numbering::Rulebook)));
    }
    record.comment = join_comments(
        game.moves
            .first()
            .map_or(&game.comments[..], |m| &m.comments_before[..]),
    );
    let first_ply = if start.turn() == Color::White { 1 } else { 2 };
    let mut tracker = DrawTracker::new(replay.variant, &start);
    let outcome = replay_line(
        &mut replay,
        &game.moves,
        start,
        first_ply,
        Some(&mut tracker),
        cut,
    );
    record.moves = outcome.line;
    let lost = outcome.completed && outcome.position.is_lost(replay.variant);
    let loser = outcome.position.turn();
    let expected = if loser == Color::White { "0-2" } else { "2-0" };
    let last_mover = if (first_ply as usize + game.moves.len()).is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let written = game
        .result
        .as_ref()
        .map(|(result, span)| (normalise_result(*result, last_mover), Some(span.clone())))
        .or_else(|| {
            let tag = game.tags.iter().find(|t| t.name == "Result")?;
            Some((
                result_from_tag(&tag.value, last_mover)?,
                Some(tag.value_span.clone()),
            ))
        });
    match written {
        Some((result, span)) => {
            if lost && result != "*" && result != expected {
                let no_pieces = outcome.position.pieces(loser) == 0;
                replay.report(
                    DraughtsIssue::ResultMismatch {
                        recorded: result.to_string(),
                        loser,
                        no_pieces,
                    },
                    span,
                    None,
                );
            }
            record.result = Some(result.to_string());
        }
        None if lost => record.result = Some(expected.to_string()),
        None => {}
    }
    finish(replay, outcome.plies, Some(record))
}

/// The result in the 2-0 / 1-1 / 0-2 scale; the rulebook's `+` marks a win for the side
/// that made the last move.
fn normalise_result(result: GameResult, last_mover: Color) -> &'static str {
    match result {
        GameResult::TwoZero | GameResult::OneZero => "2-0",
        GameResult::ZeroTwo | GameResult::ZeroOne => "0-2",
        GameResult::OneOne | GameResult::HalfHalf | GameResult::DrawMark => "1-1",
        GameResult::ZeroZero => "0-0",
        GameResult::Unfinished => "*",
        GameResult::WinMark => match last_mover {
            Color::White => "2-0",
            Color::Black => "0-2",
        },
    }
}

/// A `Result` tag value, read with the same tokens as the movetext.
fn result_from_tag(value: &str, last_mover: Color) -> Option<&'static str> {
    let result = match value.trim() {
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
    };
    Some(normalise_result(result, last_mover))
}

fn join_comments(comments: &[super::syntax::Comment]) -> Option<String> {
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
/// `GameType`, or, without one, by square numbers beyond 32 or a 10×10 opening move.
fn unsupported(game: &PdnGame) -> Option<(DraughtsIssue, Span)> {
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
}

/// Replays `moves` from `position`; ply numbers start at `first_ply`. `cut` is where an
/// unreadable move token stands in the line. Variations are replayed from the position
/// before the move they replace; their depth is bounded by the reader
/// ([`super::pdn::MAX_VARIATION_DEPTH`]), so the recursion is too.
fn replay_line(
    replay: &mut Replay<'_>,
    moves: &[PdnMove],
    mut position: Position,
    first_ply: u32,
    mut tracker: Option<&mut DrawTracker>,
    cut: Option<(usize, &SyntaxError)>,
) -> LineOutcome {
    let mut line = Vec::new();
    let mut plies = 0;
    let outcome = |line, plies, completed, position| LineOutcome {
        line,
        plies,
        completed,
        position,
    };
    for (i, written) in moves.iter().enumerate() {
        let ply = first_ply + i as u32;
        if let Some((_, error)) = cut.filter(|(at, _)| *at == i) {
            let issue = DraughtsIssue::Unparsable {
                reason: Unparsable::Token(error.kind.clone()),
            };
            replay.report(issue, Some(error.span.clone()), Some(ply));
            return outcome(line, plies, false, position);
        }
        let variations: Vec<Line<DraughtsMove>> = written
            .variations
            .iter()
            .map(|v| replay_line(replay, &v.moves, position, ply, None, None).line)
            .collect();
        let mv = match resolve(replay, &position, written) {
            Ok(mv) => mv,
            Err(issue) => {
                replay.report(issue, Some(written.span.clone()), Some(ply));
                return outcome(line, plies, false, position);
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
            node.nags = written.nags.clone();
            if let Some(nag) = written.strength.as_ref().and_then(|s| s.nag()) {
                if !node.nags.contains(&nag) {
                    node.nags.insert(0, nag);
                }
            }
            node.variations = variations;
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
        return outcome(line, plies, false, position);
    }
    outcome(line, plies, true, position)
}

/// The legal move a written move denotes: its from–to or its full path, or (for records
/// that give only some landing squares) a route passing through the squares given.
fn resolve(
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
        [] => Err(illegal(replay, position, from, rest, written, &legal)),
        _ => Err(DraughtsIssue::AmbiguousMove {
            candidates: effects,
            style: replay.style,
        }),
    }
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
