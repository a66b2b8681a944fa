//! Validation by replay: one parsed game replayed, main line and variations, into a
//! `RecordReport` with its diagnostics and, when kept, its record; a game that plays chess
//! or names another variant is told apart.

use super::fen::{parse_fen, Fen};
use super::issue::{ChessSign, Ending, SetupFault, ShatarIssue};
use super::notation::{
    CheckMark as WrittenCheck, Link, MoveText, PieceScript, PieceToken, QueenName, Target,
};
use super::position::{Move, MoveList, Position};
use super::replay::{self, CheckMark, DrawWatch, MoveQuery, Resolution, Style};
use super::sheet::WrittenLine;
use super::syntax::{Attachments, ParsedGame, ParsedMove, ResultToken, SourceFormat};
use super::types::{Color, Role};
use super::write::Notation;
use super::ShatarMove;
use crate::diag::{Diagnostic, Kind, Repaired, Severity, Side};
use crate::diagram::Pieces;
use crate::family::ReadOptions;
use crate::intent::{self, Candidate, Edit, Evidence, Sheet};
use crate::record::Likeness;
use crate::record::{
    append_comment, Line, Node, Record, Tags, VariantName, REPAIRED, UNREPLAYED,
    UNREPLAYED_VARIATION,
};
use crate::report::Header;
use crate::text::Span;
use crate::{AnyRecord, RecordReport};

/// What one game's replay accumulates.
struct Replay<'a> {
    source: &'a str,
    /// The comments, NAGs and variations of the game's moves.
    attachments: &'a Attachments,
    keep: bool,
    /// Replay on past a move no legal move fits, where one fits the writer's intent.
    repair: bool,
    diagnostics: Vec<Diagnostic>,
    pieces: Pieces,
    /// What a set-up game's first written number adds to its position's move count: a
    /// study numbered from 1 after a FEN of move 23 is numbered consistently.
    number_offset: i64,
    /// Fingerprint the game this way ([`ReadOptions::dedup`]).
    dedup: Option<Likeness>,
    /// The main line's moves as replayed, for the fingerprint.
    played: Vec<Move>,
    /// Keep the tags of a record that is not kept ([`ReadOptions::keep_tags`]).
    keep_tags: bool,
}

impl Replay<'_> {
    fn report(&mut self, issue: ShatarIssue, span: &Span, at: Option<(u32, &Position)>) {
        self.report_at(issue, span, at.map(|(ply, position)| At::of(ply, position)));
    }

    fn report_at(&mut self, issue: ShatarIssue, span: &Span, at: Option<At>) {
        let severity = issue.severity();
        let mut diagnostic = Diagnostic::new(severity, Kind::game(issue), Some(span.clone()));
        if let Some(at) = at {
            diagnostic = diagnostic.at_ply(at.ply, at.fullmoves, side(at.turn));
        }
        self.diagnostics.push(diagnostic);
    }

    fn report_repair(&mut self, repaired: Repaired, span: &Span, ply: u32, position: &Position) {
        let diagnostic = Diagnostic::new(
            Severity::Warning,
            Kind::game(repaired),
            Some(span.clone()),
        )
        .at_ply(ply, position.fullmoves(), side(position.turn()));
        self.diagnostics.push(diagnostic);
    }
}

/// Where a diagnostic of a move stands: its ply, and the move number and side to move in
/// the position before it. Kept by itself so that a move played need not keep that position.
#[derive(Clone, Copy)]
struct At {
    ply: u32,
    fullmoves: u32,
    turn: Color,
}

impl At {
    fn of(ply: u32, position: &Position) -> At {
        At {
            ply,
            fullmoves: position.fullmoves(),
            turn: position.turn(),
        }
    }
}

/// The player of `color`.
pub(super) fn side(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Blue => super::BLUE,
    }
}

/// Replays `game` (read from `source`) into its report, as `options` say: the record
/// kept, a move no legal move fits replayed as the one the writer evidently meant, the
/// game fingerprinted.
pub(super) fn replay_game(source: &str, game: &ParsedGame, options: &ReadOptions) -> RecordReport {
    let mut replay = Replay {
        source,
        attachments: &game.attachments,
        keep: options.keep_records,
        repair: options.repair,
        diagnostics: Vec::new(),
        pieces: game_script(&game.moves),
        number_offset: 0,
        dedup: options.dedup,
        played: Vec::new(),
        keep_tags: options.keep_tags,
    };
    for error in &game.syntax_errors {
        replay.report(ShatarIssue::Syntax { kind: error.kind }, &error.span, None);
    }
    let mut record: Record<ShatarMove> = Record::new(super::GAME);
    // Tags are written only with the record, or read by `--where`.
    if replay.keep || replay.keep_tags {
        record.tags = Tags(game.owned_tags());
    }
    record.comment = game.leading_comment.clone();
    record.escape_lines = game.escapes.clone();
    if let Some(variant) = other_variant(game) {
        record.variant = Some(if names_chess(variant) {
            super::Variant::Chess
        } else {
            super::Variant::Other
        });
        let issue = ShatarIssue::OtherGame {
            variant: Some(variant.to_string()),
            sign: ChessSign::VariantTag,
        };
        return other_game(source, game, issue, None, replay, record);
    }
    let start = match start_position(game) {
        Ok(start) => start,
        Err((issue, span)) => {
            if untagged_pgn(game) && super::chess::plays_chess(game, query) {
                let issue = ShatarIssue::OtherGame {
                    variant: None,
                    sign: ChessSign::ChessSetup,
                };
                return other_game(source, game, issue, None, replay, record);
            }
            replay.report(issue, &span, None);
            record.unreplayed = unreplayed_text(source, game, 0);
            return finish(game, 0, replay, record);
        }
    };
    if start != Position::new() {
        record.start = Some(Box::new(Fen(start.clone())));
        let first_number = game.moves.first().and_then(|m| m.number.as_ref());
        if let Some(number) = first_number {
            replay.number_offset = i64::from(number.value) - i64::from(start.fullmoves());
        }
    }
    let mut watch = DrawWatch::new(&start);
    let rule_errors_from = replay.diagnostics.len();
    let outcome = replay_line(&mut replay, &game.moves, start, 1, Some(&mut watch));
    let rule_diagnostics = &replay.diagnostics[rule_errors_from..];
    if let Some((sign, at)) = chess_sign(source, game, rule_diagnostics, outcome.stopped_at) {
        replay.diagnostics.truncate(rule_errors_from);
        let issue = ShatarIssue::OtherGame {
            variant: None,
            sign,
        };
        return other_game(source, game, issue, at, replay, record);
    }
    let plies = outcome.plies;
    record.moves = outcome.line;
    if let Some(stopped) = outcome.stopped_at {
        record.unreplayed = unreplayed_text(source, game, stopped);
    }
    let written_result = game
        .result
        .as_ref()
        .map(|(token, span)| (*token, span.clone()))
        .or_else(|| {
            // Only the four PGN results: a free-form Result tag is not a result to write.
            let tag = game.tag("Result")?;
            let token = [
                ResultToken::WhiteWins,
                ResultToken::BlueWins,
                ResultToken::Draw,
                ResultToken::Unknown,
            ]
            .into_iter()
            .find(|token| token.pgn() == tag)?;
            Some((token, game.span.clone()))
        });
    if let Some((result, span)) = &written_result {
        if outcome.completed {
            if let Some(issue) = replay::check_result(*result, outcome.ending) {
                replay.report(issue, span, None);
            }
        }
        record.result = Some(*result);
    } else if outcome.completed {
        // A game finished on the board has a result even when none was written.
        record.result = outcome.ending.map(Ending::result);
    }
    finish(game, plies, replay, record)
}

/// The `Variant` tag of a PGN game that names a game other than Shatar.
fn other_variant<'g>(game: &'g ParsedGame<'_>) -> Option<&'g str> {
    let variant = game.tag("Variant")?.trim();
    let shatar = ["shatar", "mongolian", "shatar (mongolian chess)"]
        .iter()
        .any(|name| variant.eq_ignore_ascii_case(name));
    (game.format == SourceFormat::Pgn && !shatar && !variant.is_empty()).then_some(variant)
}

/// Whether a `Variant` tag names orthodox chess.
fn names_chess(variant: &str) -> bool {
    ["standard", "chess", "normal", "orthodox", "classical"]
        .iter()
        .any(|name| variant.eq_ignore_ascii_case(name))
}

/// A PGN game without a `Variant` tag: one whose moves alone may show it is chess. A
/// scoresheet is Shatar by its form, and a game tagged Shatar is checked as Shatar
/// whatever it plays.
fn untagged_pgn(game: &ParsedGame) -> bool {
    game.format == SourceFormat::Pgn && game.tag("Variant").is_none()
}

/// What shows that a PGN game without a `Variant` tag is chess, and where: it castles,
/// its replay failed on the forced first pair, or its main line stopped at another move
/// (`stopped_at`) and every move is legal chess (that replay runs only for a game whose
/// main line failed, so valid games cost nothing more; an error in a variation alone
/// says nothing of the game).
fn chess_sign(
    source: &str,
    game: &ParsedGame,
    rule_diagnostics: &[Diagnostic],
    stopped_at: Option<usize>,
) -> Option<(ChessSign, Option<Span>)> {
    if !untagged_pgn(game) {
        return None;
    }
    let sign = rule_diagnostics
        .iter()
        .find_map(|d| match d.kind.game_issue::<ShatarIssue>()? {
            ShatarIssue::Castling => Some(ChessSign::Castling),
            ShatarIssue::BadFirstMove { .. } => Some(ChessSign::FirstMove),
            _ => None,
        });
    if sign.is_some() {
        return sign.map(|sign| (sign, None));
    }
    let refused = game.moves.get(stopped_at?)?.span.clone();
    if !super::chess::plays_chess(game, query) {
        return None;
    }
    let written = source.get(refused.clone()).unwrap_or_default().to_string();
    Some((ChessSign::ChessMoves { refused: written }, Some(refused)))
}

/// The report of a game of another kind: one error naming it (at `at`, else at the
/// first move), no Shatar replay, every move kept as written and the result as
/// recorded. The record's variant is chess unless its `Variant` tag said otherwise.
fn other_game(
    source: &str,
    game: &ParsedGame,
    issue: ShatarIssue,
    at: Option<Span>,
    mut replay: Replay<'_>,
    mut record: Record<ShatarMove>,
) -> RecordReport {
    let span = at.unwrap_or_else(|| {
        game.moves
            .first()
            .map_or(game.span.start..game.span.start, |m| m.span.clone())
    });
    replay.report(issue, &span, None);
    record.variant.get_or_insert(super::Variant::Chess);
    record.moves.clear();
    replay.played.clear();
    record.unreplayed = unreplayed_text(source, game, 0);
    record.result = game.result.as_ref().map(|(token, _)| *token);
    finish(game, 0, replay, record)
}

fn finish(
    game: &ParsedGame,
    plies: u32,
    replay: Replay<'_>,
    mut record: Record<ShatarMove>,
) -> RecordReport {
    let fingerprint = replay
        .dedup
        .map(|likeness| super::dedup::fingerprint(&record, &replay.played, likeness));
    let header =
        (replay.keep_tags && !replay.keep).then(|| Header::pgn(std::mem::take(&mut record.tags)));
    let mut diagnostics = replay.diagnostics;
    if replay.repair {
        let stopped = record.unreplayed.is_some();
        for note in super::recording::recording_errors(&diagnostics, stopped) {
            let side = side(note.side);
            let mut diagnostic = Diagnostic::new(Severity::Note, Kind::game(note), None);
            diagnostic.side = Some(side);
            diagnostics.push(diagnostic);
        }
    }
    RecordReport {
        index: 0,
        game: Some(super::GAME),
        variant: record.variant.map(VariantName::of),
        span: game.span.clone(),
        plies,
        diagnostics,
        record: replay.keep.then(|| AnyRecord::new(record)),
        fingerprint,
        header,
    }
}

/// The main line as written from its move `from` (the first that could not be replayed)
/// to the result or the end of the game, with its white space folded: what writers
/// carry in a comment so that nothing of the record is lost.
fn unreplayed_text(text: &str, game: &ParsedGame, from: usize) -> Option<String> {
    let start = with_move_number(text, game.moves.get(from)?.span.start);
    let end = match &game.result {
        Some((_, span)) if span.start >= start => span.start,
        _ => game.span.end,
    };
    let rest = text.get(start..end)?;
    let folded = rest.split_whitespace().collect::<Vec<_>>().join(" ");
    (!folded.is_empty()).then_some(folded)
}

/// A variation as written from its move `from` to its last move, white space folded.
fn variation_rest(text: &str, variation: &[ParsedMove], from: usize) -> Option<String> {
    let start = with_move_number(text, variation.get(from)?.span.start);
    let end = variation.last()?.span.end;
    let folded = text
        .get(start..end)?
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    (!folded.is_empty()).then_some(folded)
}

/// Moves `start` back over the move number written before a move (`12.`, `12...`,
/// `(12)`), so that the unreplayed text reads as the record wrote it.
fn with_move_number(text: &str, start: usize) -> usize {
    let before = text[..start].trim_end();
    let number_start = match before.strip_suffix(')') {
        Some(inner) => {
            let digits = inner.trim_end_matches(|c: char| c.is_ascii_digit());
            let open = digits
                .strip_suffix('(')
                .filter(|_| digits.len() < inner.len());
            open.map(str::len)
        }
        None => {
            let dots = before.trim_end_matches(['.', '…']);
            let digits = dots.trim_end_matches(|c: char| c.is_ascii_digit());
            (dots.len() < before.len() && digits.len() < dots.len()).then_some(digits.len())
        }
    };
    match number_start {
        // A number stands alone: `e4 12. Nf3`, not the tail of another token.
        Some(at)
            if text[..at]
                .chars()
                .next_back()
                .is_none_or(char::is_whitespace) =>
        {
            at
        }
        _ => start,
    }
}

/// The start position: a FEN tag, a position listing, or the standard array.
fn start_position(game: &ParsedGame) -> Result<Position, (ShatarIssue, Span)> {
    if let Some(fen) = game.tag("FEN") {
        return parse_fen(fen).map_err(|e| {
            (
                ShatarIssue::BadSetup {
                    reason: SetupFault::Fen(e),
                },
                game.span.start..game.span.start,
            )
        });
    }
    let Some(listing) = &game.setup else {
        return Ok(Position::new());
    };
    let mut pieces = Vec::new();
    for (color, entries) in [(Color::White, &listing.white), (Color::Blue, &listing.blue)] {
        for entry in entries {
            for (square, _) in &entry.squares {
                pieces.push((color, entry.piece.role, *square));
            }
        }
    }
    Position::from_pieces(&pieces, listing.to_move.unwrap_or(Color::White)).map_err(|e| {
        (
            ShatarIssue::BadSetup {
                reason: SetupFault::Listing(e),
            },
            listing.span.clone(),
        )
    })
}

/// Chinese piece names anywhere in the game make help texts use them too.
fn game_script(moves: &[ParsedMove]) -> Pieces {
    let chinese = moves.iter().take(40).any(|m| {
        m.parsed.as_ref().is_ok_and(|t| {
            t.piece
                .as_ref()
                .is_some_and(|p| p.script != PieceScript::Latin)
        })
    });
    if chinese {
        Pieces::Zh
    } else {
        Pieces::Latin
    }
}

/// The result of replaying one line.
struct LineOutcome {
    line: Line<ShatarMove>,
    /// Moves replayed legally.
    plies: u32,
    /// Every move of the line was replayed.
    completed: bool,
    /// Mate or stalemate after the last move replayed.
    ending: Option<Ending>,
    /// The index of the move that could not be replayed.
    stopped_at: Option<usize>,
}

/// Replays `moves` from `position`; ply numbers start at `first_ply`. Variations are
/// replayed from the position before the move they replace; their depth is bounded by
/// the parser ([`super::syntax::MAX_VARIATION_DEPTH`]), so the recursion is too.
fn replay_line(
    replay: &mut Replay,
    moves: &[ParsedMove],
    mut position: Position,
    first_ply: u32,
    mut watch: Option<&mut DrawWatch>,
) -> LineOutcome {
    let mut line = Vec::new();
    let mut plies = 0;
    let mut candidates = MoveList::new();
    // The moves a swap repair decided for the next two written moves, each with whether
    // it was written elsewhere.
    let mut ahead: [Option<(Move, bool)>; 2] = [None, None];
    for (i, written) in moves.iter().enumerate() {
        let ply = first_ply + plies;
        let number = check_number(replay, moves, i, &position, ply);
        // Most moves are read, carry no variation, wait for no repair and name one legal
        // move plainly: they are played without a query or a step.
        if let (Ok(text), [], [None, None]) = (
            &written.parsed,
            replay.attachments.variations(written),
            &ahead,
        ) {
            if let Some(mv) = plain_move(text, &position) {
                let played = Played {
                    written,
                    text,
                    ply,
                    marks: true,
                };
                play(
                    replay,
                    &mut position,
                    &mut line,
                    &mut watch,
                    &played,
                    mv,
                    None,
                    Note::AsWritten,
                );
                plies += 1;
                continue;
            }
        }
        let variations = replay_variations(replay, written, &position, ply);
        let stopped = |line| LineOutcome {
            line,
            plies,
            completed: false,
            ending: None,
            stopped_at: Some(i),
        };
        let forced = ahead[0].take();
        ahead.swap(0, 1);
        let words;
        let (text, step) = match (&written.parsed, forced) {
            (Ok(text), Some((mv, repaired))) => (text, Step::Forced(mv, repaired)),
            (Ok(text), None) => {
                let query = query(text, replay.pieces);
                let step = resolve(
                    replay,
                    &position,
                    &query,
                    &mut candidates,
                    (moves, i),
                    ply,
                    number,
                );
                (text, step)
            }
            (Err(error), _) => {
                let promotion = chess_promotion(replay, &position, written);
                words = promotion.as_ref().and_then(|_| {
                    super::chess_promotion::read(&replay.source[written.span.clone()])
                });
                match (promotion, &words) {
                    (Some(issue), Some(words)) => {
                        // The words are Chinese, so the moves meant are written with
                        // Chinese pieces.
                        let query = query(&words.move_text, replay.pieces);
                        let style = Style {
                            pieces: Pieces::Zh,
                            ..query.style
                        };
                        let step =
                            unreadable(replay, issue, &position, style, (moves, i), ply, number);
                        (&words.move_text, step)
                    }
                    _ => {
                        let issue = ShatarIssue::Unparsable { reason: error.kind };
                        replay.report(issue, &written.span, Some((ply, &position)));
                        return stopped(line);
                    }
                }
            }
        };
        let (mv, repaired, marks) = match step {
            Step::Play(mv, repaired) => (mv, repaired, true),
            Step::Forced(mv, repaired) => (mv, repaired, false),
            Step::Supply { missing, then } => {
                let played = Played {
                    written,
                    text,
                    ply,
                    marks: false,
                };
                play(
                    replay,
                    &mut position,
                    &mut line,
                    &mut watch,
                    &played,
                    missing,
                    None,
                    Note::Supplied,
                );
                plies += 1;
                (then, false, true)
            }
            Step::Swap {
                first,
                between,
                second,
            } => {
                ahead = [Some((between, false)), Some((second, true))];
                (first, true, false)
            }
            Step::Skip => {
                if let Some(last) = line.last_mut() {
                    let note = format!(
                        "{REPAIRED} {} {}",
                        last.text,
                        replay.source.get(written.span.clone()).unwrap_or_default()
                    );
                    append_comment(&mut last.comment, &note);
                    if let Some(comment) = replay.attachments.comment(written) {
                        append_comment(&mut last.comment, comment);
                    }
                }
                continue;
            }
            Step::Stop => return stopped(line),
        };
        let ply = first_ply + plies;
        let played = Played {
            written,
            text,
            ply,
            marks,
        };
        let note = if repaired {
            Note::Replaced
        } else {
            Note::AsWritten
        };
        play(
            replay,
            &mut position,
            &mut line,
            &mut watch,
            &played,
            mv,
            variations,
            note,
        );
        plies += 1;
    }
    LineOutcome {
        line,
        plies,
        completed: true,
        ending: replay::ending(&position),
        stopped_at: None,
    }
}

/// The comment of a half-move the record leaves out, supplied by a repair, after
/// [`REPAIRED`].
const NOT_WRITTEN: &str = "nothing: a half-move left out";

/// What replay does at one written move.
enum Step {
    /// Play the move named, or the one a repair replays for it (`true`).
    Play(Move, bool),
    /// Play the move a swap repair decided for this written move; `true` where it was
    /// written elsewhere.
    Forced(Move, bool),
    /// Play a half-move the record leaves out, then the written move.
    Supply { missing: Move, then: Move },
    /// Play the same side's next written move first, then the opponent's written move,
    /// then this one.
    Swap {
        first: Move,
        between: Move,
        second: Move,
    },
    /// Skip a move written twice.
    Skip,
    /// The move cannot be replayed: the line stops here.
    Stop,
}

/// A written move being played, and what its node keeps.
struct Played<'a> {
    written: &'a ParsedMove,
    text: &'a MoveText,
    ply: u32,
    /// Report the check and capture signs written that the move contradicts; not for a
    /// move a swap moved here, which was written with another's signs.
    marks: bool,
}

/// What a kept node says of a repair.
enum Note {
    /// The move as written.
    AsWritten,
    /// A move a repair replays for the one written.
    Replaced,
    /// A half-move the record leaves out, supplied by a repair before the written move:
    /// a node of its own, written as the move.
    Supplied,
}

/// Plays `mv` for `played` and keeps its node, with `note` saying what a repair did.
// Inlined in the replay loop, as before it was split out.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn play(
    replay: &mut Replay,
    position: &mut Position,
    line: &mut Line<ShatarMove>,
    watch: &mut Option<&mut DrawWatch>,
    played: &Played,
    mv: Move,
    variations: Option<Variations>,
    note: Note,
) {
    // The move's name is taken before it is played, where the node is kept, so that the
    // position before it need not be copied at every move.
    let san = replay.keep.then(|| position.san(mv));
    let at = At::of(played.ply, position);
    position.play(mv);
    if watch.is_some() && replay.dedup.is_some() {
        replay.played.push(mv);
    }
    let (check, mate) = if played.marks {
        report_marks(replay, played.text, played.written, at, position, mv)
    } else {
        let check = position.is_check();
        (check, check && !position.has_legal_move())
    };
    if let Some(watch) = watch.as_deref_mut() {
        watch.after_move(mv, position, check, |issue| {
            replay.report_at(issue, &played.written.span, Some(at));
        });
    }
    if let Some(san) = san {
        let shatar_move = |san| ShatarMove {
            mv,
            san,
            check,
            mate,
        };
        let node = match note {
            Note::Supplied => {
                let start = played.written.span.start;
                let text = san.clone();
                let mut node = Node::new(shatar_move(san), played.ply, text, start..start);
                node.comment = Some(format!("{REPAIRED} {NOT_WRITTEN}"));
                node
            }
            _ => {
                let mut node = node(
                    replay,
                    played.written,
                    played.text,
                    shatar_move(san),
                    played.ply,
                    variations,
                );
                if let Note::Replaced = note {
                    append_comment(&mut node.comment, &format!("{REPAIRED} {}", node.text));
                }
                node
            }
        };
        line.push(node);
    }
}

/// A move number that skips or repeats, reported: where it was reported, the offset
/// before it and the number written, so that a half-move found left out there can
/// take the warning back.
struct NumberWarning {
    at: usize,
    offset: i64,
    written: u32,
}

/// Checks the move number written before move `i` against the position.
fn check_number(
    replay: &mut Replay,
    moves: &[ParsedMove],
    i: usize,
    position: &Position,
    ply: u32,
) -> Option<NumberWarning> {
    let number = moves[i].number.as_ref()?;
    let expected = i64::from(position.fullmoves()) + replay.number_offset;
    if i64::from(number.value) == expected {
        return None;
    }
    let warning = NumberWarning {
        at: replay.diagnostics.len(),
        offset: replay.number_offset,
        written: number.value,
    };
    let issue = ShatarIssue::MoveNumber {
        written: number.value,
        expected: u32::try_from(expected).unwrap_or(0),
    };
    replay.report(issue, &number.span, Some((ply, position)));
    // One slip in the numbering is one warning: where the next number written goes on
    // from this one (a skip), the later numbers are checked against the written ones;
    // where it goes on from the moves (a single wrong number), against the moves.
    let next = moves.iter().enumerate().skip(i + 1).find_map(|(j, m)| {
        let plies = (j - i) as i64;
        let blue_moves = match position.turn() {
            Color::White => plies / 2,
            Color::Blue => (plies + 1) / 2,
        };
        Some((m.number.as_ref()?.value, expected + blue_moves))
    });
    if next.is_none_or(|(written, expected)| i64::from(written) != expected) {
        replay.number_offset = i64::from(number.value) - i64::from(position.fullmoves());
    }
    Some(warning)
}

/// The legal move `query` names in `position`, or what to do where none or several fit
/// (with the reason reported). `candidates` is the move list to reuse; `at` is the line
/// and the index of the written move in it.
// Inlined in the replay loop, as before it was split out: a call per move costs 2 %.
#[inline(always)]
fn resolve(
    replay: &mut Replay,
    position: &Position,
    query: &MoveQuery,
    candidates: &mut MoveList,
    at: (&[ParsedMove], usize),
    ply: u32,
    number: Option<NumberWarning>,
) -> Step {
    // Most moves name their square and one piece that can go there legally: that piece
    // is found from the square's attackers alone (as [`plain_move`] does for a move
    // without a promotion).
    if let Some(to) = query.to_square {
        if !query.castling && !query.promotion_to_king {
            let origins = query.origins(position);
            if let Some(mv) = position.only_move_to(origins, to, query.promotion) {
                return Step::Play(mv, false);
            }
        }
    }
    // Otherwise only the moves landing there are generated.
    match query.to_square {
        Some(to) if !query.castling => position.legal_moves_to(to, candidates),
        _ => *candidates = position.legal_moves(),
    }
    match replay::resolve(position, candidates, query) {
        Resolution::Move(mv) => Step::Play(mv, false),
        Resolution::Error(issue) => unresolved(replay, issue, position, query, at, ply, number),
    }
}

/// The legal move `text` names where it is written plainly, as [`resolve`] finds it
/// first: a destination square, no promotion (so no castling either), and one legal
/// move of the piece written, from the origin written, to that square.
#[inline(always)]
fn plain_move(text: &MoveText, position: &Position) -> Option<Move> {
    let Target::Square(to) = text.to else {
        return None;
    };
    if text.promotion.is_some() {
        return None;
    }
    let role = text.piece.as_ref().map(|p| p.role);
    let origins = replay::origins(position, role, text.from_file, text.from_rank);
    position.only_move_to(origins, to, None)
}

/// The reason no legal move or several fit `query`, found over all the legal moves.
#[inline(never)]
fn unresolved(
    replay: &mut Replay,
    issue: ShatarIssue,
    position: &Position,
    query: &MoveQuery,
    at: (&[ParsedMove], usize),
    ply: u32,
    number: Option<NumberWarning>,
) -> Step {
    let legal = position.legal_moves();
    let issue = match replay::ending(position) {
        Some(ending) => ShatarIssue::GameOver { ending },
        None => match replay::resolve(position, &legal, query) {
            Resolution::Error(full) => full,
            Resolution::Move(_) => issue,
        },
    };
    unreadable(replay, issue, position, query.style, at, ply, number)
}

/// Reports `issue` at written move `at`, with help from the moves meant as the rest of
/// the line judges them; with repair, the first of them where it is clearly ahead. A
/// move after the end, castling, a promotion to a king and the forced first pair are
/// reported as they are.
fn unreadable(
    replay: &mut Replay,
    issue: ShatarIssue,
    position: &Position,
    style: Style,
    (moves, i): (&[ParsedMove], usize),
    ply: u32,
    number: Option<NumberWarning>,
) -> Step {
    let written = &moves[i];
    if matches!(
        issue,
        ShatarIssue::GameOver { .. }
            | ShatarIssue::Castling
            | ShatarIssue::PromotionToKing
            | ShatarIssue::BadFirstMove { .. }
    ) {
        replay.report(issue, &written.span, Some((ply, position)));
        return Step::Stop;
    }
    let sheet = WrittenLine {
        source: replay.source,
        moves,
        pieces: replay.pieces,
    };
    let mut ranked = intent::judge(&sheet, position, i);
    // A half-move left out is told only by the moves after the written one: where none
    // replays, the written move fitting the other side is no evidence of it.
    if let Some(Candidate {
        edit: Edit::Missing { .. },
        replayed: ..MISSING_EVIDENCE,
        ..
    }) = ranked.first()
    {
        ranked.retain(|c| !matches!(c.edit, Edit::Missing { .. }));
    }
    let as_written = replay
        .source
        .get(written.span.clone())
        .unwrap_or_default()
        .to_string();
    let issue = match ranked.first() {
        Some(
            best @ Candidate {
                edit: Edit::Missing { .. },
                ..
            },
        ) => {
            let candidates: Vec<String> = ranked
                .iter()
                .filter(|c| c.reached == best.reached && c.later_edits == best.later_edits)
                .filter_map(|c| match c.edit {
                    Edit::Missing { mv } => Some(replay::write_move(position, mv, style)),
                    _ => None,
                })
                .take(HELP_MOVES)
                .collect();
            // The number written fits the move once the half-move is supplied.
            if let Some(warning) = number {
                let after = position.fullmoves() + u32::from(position.turn() == Color::Blue);
                if i64::from(warning.written) == i64::from(after) + warning.offset {
                    replay.diagnostics.remove(warning.at);
                    replay.number_offset = warning.offset;
                }
            }
            ShatarIssue::MissingMove {
                side: position.turn(),
                number: u32::try_from(i64::from(position.fullmoves()) + replay.number_offset)
                    .unwrap_or(0),
                next: as_written.clone(),
                candidates,
                replayed: best.replayed,
            }
        }
        Some(
            best @ Candidate {
                edit: Edit::Doubled,
                ..
            },
        ) if i + 1 < moves.len() => ShatarIssue::RepeatedMove {
            written: as_written.clone(),
            side: position.turn(),
            next: replay
                .source
                .get(moves[i + 1].span.clone())
                .unwrap_or_default()
                .to_string(),
            replayed: best.replayed,
        },
        _ => with_help(issue, help_moves(position, &ranked, style)),
    };
    replay.report(issue, &written.span, Some((ply, position)));
    if !replay.repair || !intent::clearly_ahead(&ranked) {
        return Step::Stop;
    }
    let best = ranked[0].edit;
    let (used, step) = match best {
        Edit::Replaced { mv, .. } => (
            replay::write_move(position, mv, style),
            Step::Play(mv, true),
        ),
        Edit::Missing { mv } => {
            let mut after = position.clone();
            after.play(mv);
            let Some(then) = sheet.read(&after, i) else {
                return Step::Stop;
            };
            (
                replay::write_move(position, mv, style),
                Step::Supply { missing: mv, then },
            )
        }
        Edit::Swapped {
            first,
            between,
            second,
        } => {
            let mut after = position.clone();
            let mut used = Vec::new();
            for mv in [first, between, second] {
                used.push(replay::write_move(&after, mv, style));
                after.play(mv);
            }
            (
                used.join(" "),
                Step::Swap {
                    first,
                    between,
                    second,
                },
            )
        }
        Edit::Doubled => (String::new(), Step::Skip),
    };
    let repaired = Repaired {
        written: as_written,
        used,
        edit: best.kind(),
        evidence: Evidence::of(&ranked),
    };
    replay.report_repair(repaired, &written.span, ply, position);
    step
}

/// A half-move left out is weighed where at least this many written moves replay
/// after it, the written move it comes before included.
const MISSING_EVIDENCE: u32 = 2;

/// How many moves meant a help names at most.
const HELP_MOVES: usize = 5;

/// The moves meant that a help names, best first: those the rest of the line does not
/// clearly rule out against the first, each written once.
fn help_moves(position: &Position, ranked: &[Candidate<Move>], style: Style) -> Vec<String> {
    let Some(best) = ranked.first() else {
        return Vec::new();
    };
    let mut names: Vec<String> = Vec::new();
    for candidate in ranked {
        if candidate.reached + intent::LEAD as usize <= best.reached
            || candidate.later_edits > best.later_edits
        {
            break;
        }
        let mut after = position.clone();
        let moves: Vec<String> = candidate
            .edit
            .moves()
            .map(|mv| {
                let name = replay::write_move(&after, mv, style);
                after.play(mv);
                name
            })
            .collect();
        let name = moves.join(" ");
        if !name.is_empty() && !names.contains(&name) {
            names.push(name);
        }
        if names.len() == HELP_MOVES {
            break;
        }
    }
    names
}

/// `issue` with `names`, the moves meant best first, as its help: suggestions, or the
/// order of the candidates it lists.
fn with_help(mut issue: ShatarIssue, names: Vec<String>) -> ShatarIssue {
    let order = |list: &mut Vec<String>| {
        list.sort_by_key(|name| names.iter().position(|n| n == name).unwrap_or(usize::MAX));
    };
    match &mut issue {
        ShatarIssue::NoSuchPiece { suggestions, .. }
        | ShatarIssue::IllegalMove { suggestions, .. } => suggestions.clone_from(&names),
        ShatarIssue::AmbiguousMove { candidates } => order(candidates),
        ShatarIssue::PromotionMissing { suggestions } => {
            // The promotions the rest of the line rules out are not offered.
            if suggestions.iter().any(|s| names.contains(s)) {
                suggestions.retain(|s| names.contains(s));
            }
            order(suggestions);
        }
        ShatarIssue::PromotionWords { meant, .. } => order(meant),
        _ => {}
    }
    issue
}

/// A token that promotes in a chess player's words (`b7—b8后`, `b8升虎`), named as the
/// legal promotions it stands for, written as the rulebook writes them (`b7—b8变虎`).
fn chess_promotion(
    replay: &Replay,
    position: &Position,
    written: &ParsedMove,
) -> Option<ShatarIssue> {
    let token = &replay.source[written.span.clone()];
    let words = super::chess_promotion::read(token)?;
    let mut query = query(&words.move_text, replay.pieces);
    query.promotion = words.role;
    // The words are Chinese, so the moves meant are written with Chinese pieces.
    query.style.pieces = Pieces::Zh;
    let meant: Vec<String> = position
        .legal_moves()
        .iter()
        .filter(|mv| mv.promotion.is_some() && query.matches(mv))
        .map(|mv| replay::write_move(position, *mv, query.style))
        .collect();
    (!meant.is_empty()).then(|| ShatarIssue::PromotionWords {
        written: token[words.move_text.span.end..].to_string(),
        meant,
    })
}

/// The alternatives to `written`, each replayed from `position` (the one before it):
/// the lines with at least one move, and, as written, those that could not be replayed
/// from their first move; `None` for a move without any (most moves: nothing to build
/// or drop).
fn replay_variations(
    replay: &mut Replay,
    written: &ParsedMove,
    position: &Position,
    ply: u32,
) -> Option<Variations> {
    let attachments = replay.attachments;
    if attachments.variations(written).is_empty() {
        return None;
    }
    let mut variations = Variations::default();
    for variation in attachments.variations(written) {
        // A variation's numbering is its own: a slip in it does not renumber the main line.
        let number_offset = replay.number_offset;
        let outcome = replay_line(replay, variation, position.clone(), ply, None);
        replay.number_offset = number_offset;
        let rest = outcome
            .stopped_at
            .filter(|_| replay.keep)
            .and_then(|from| variation_rest(replay.source, variation, from));
        let mut line = outcome.line;
        match (line.last_mut(), rest) {
            (Some(last), Some(rest)) => {
                append_comment(&mut last.comment, &format!("{UNREPLAYED} {rest}"));
            }
            (None, Some(rest)) => variations.unreplayed.push(rest),
            (_, None) => {}
        }
        // A variation without a move has nothing to write: `( )` reads back as none.
        if !line.is_empty() {
            variations.lines.push(line);
        }
    }
    Some(variations)
}

/// A move's variations: those replayed, and those kept as written.
#[derive(Default)]
struct Variations {
    lines: Vec<Line<ShatarMove>>,
    unreplayed: Vec<String>,
}

/// Whether `mv`, played at `at` to reach `after`, gave check and mate; a check or mate
/// sign written wrongly is reported.
// Inlined in the replay loop: it runs at every move and does little for most.
#[inline(always)]
fn report_marks(
    replay: &mut Replay,
    text: &MoveText,
    written: &ParsedMove,
    at: At,
    after: &Position,
    mv: Move,
) -> (bool, bool) {
    let check = after.is_check();
    // Mate needs the reply moves; look for them only when someone will read it.
    let mate = check
        && (replay.keep || text.suffix.check == Some(WrittenCheck::Mate))
        && !after.has_legal_move();
    // A move written without a check or mate sign, a link or a queen's Chinese name has
    // no sign to contradict: most moves, which need no query for it.
    let queen_named = |piece: Option<&PieceToken>| piece.is_some_and(|p| p.queen_name.is_some());
    let signed = text.suffix.check.is_some()
        || text.link.is_some()
        || queen_named(text.piece.as_ref())
        || queen_named(text.promotion.as_ref().map(|p| &p.piece));
    if signed {
        let actual = match (check, mate) {
            (_, true) => CheckMark::Mate,
            (true, false) => CheckMark::Check,
            _ => CheckMark::None,
        };
        let query = query(text, replay.pieces);
        replay::marker_issues(&query, mv, at.turn, actual, |issue| {
            replay.report_at(issue, &written.span, Some(at));
        });
    }
    (check, mate)
}

/// The kept node of a replayed move: the move as written, its comment (with the
/// variations that could not be replayed), its NAGs and its variations.
fn node(
    replay: &Replay,
    written: &ParsedMove,
    text: &MoveText,
    mv: ShatarMove,
    ply: u32,
    variations: Option<Variations>,
) -> Node<ShatarMove> {
    let as_written = replay.source.get(written.span.clone()).unwrap_or_default();
    let mut node = Node::new(mv, ply, as_written, written.span.clone());
    node.comment = replay.attachments.comment(written).map(str::to_owned);
    let variations = variations.unwrap_or_default();
    for rest in variations.unreplayed {
        append_comment(
            &mut node.comment,
            &format!("{UNREPLAYED_VARIATION} ({rest})"),
        );
    }
    node.nags = replay
        .attachments
        .nags(written)
        .iter()
        .map(|n| u16::from(*n))
        .collect();
    if let Some(annotation) = text.suffix.annotation {
        let nag = u16::from(annotation.nag());
        if !node.nags.contains(&nag) {
            node.nags.insert(0, nag);
        }
    }
    node.variations = variations.lines;
    node
}

/// What resolution needs from a parsed move.
// Inlined in the replay loop: the chess replay's use of it made it a call per move.
#[inline(always)]
pub(super) fn query(text: &MoveText, pieces: Pieces) -> MoveQuery {
    let full = text.from_file.is_some() && text.from_rank.is_some();
    let script = text.piece.as_ref().map(|p| p.script);
    let queen_of = text
        .piece
        .as_ref()
        .and_then(|p| p.queen_name)
        .or_else(|| text.promotion.as_ref().and_then(|p| p.piece.queen_name))
        .map(|name| match name {
            QueenName::Tiger => Color::White,
            QueenName::Lion => Color::Blue,
        });
    MoveQuery {
        role: text.piece.as_ref().map(|p| p.role),
        from_file: text.from_file,
        from_rank: text.from_rank,
        to_square: match text.to {
            Target::Square(square) => Some(square),
            _ => None,
        },
        to_file: match text.to {
            Target::File(file) => Some(file),
            _ => None,
        },
        capture_mark: text.capture_mark().is_some(),
        move_mark: full && matches!(text.link, Some(Link::Dash)),
        promotion: text
            .promotion
            .as_ref()
            .map(|p| p.role())
            .filter(|r| *r != Role::King),
        promotion_to_king: text.promotion.as_ref().is_some_and(|p| p.is_king()),
        castling: text.castling().is_some(),
        check_mark: match text.suffix.check {
            None => CheckMark::None,
            Some(WrittenCheck::Check) | Some(WrittenCheck::DoubleCheck) => CheckMark::Check,
            Some(WrittenCheck::Mate) => CheckMark::Mate,
        },
        queen_of,
        style: Style {
            notation: if full {
                Notation::Full
            } else {
                Notation::Short
            },
            pieces: match script {
                Some(PieceScript::Latin) => Pieces::Latin,
                Some(_) => Pieces::Zh,
                None => pieces,
            },
        },
    }
}
