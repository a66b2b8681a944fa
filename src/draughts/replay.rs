//! The replay of a line of moves: each written move resolved and played, its draw claims
//! noted, its comments, NAGs and variations (replayed in turn) kept on the record's node.

use super::comments::{as_written, join_comments};
use super::draw_rules::DrawTracker;
use super::issue::{DraughtsIssue, Unparsable};
use super::notation::SquareStyle;
use super::position::{Move, Position, Variant};
use super::resolve::{resolve, Unresolved};
use super::square::{Numbering, Square};
use super::syntax::{PdnMove, SquareKind, SquareToken, SyntaxError, Variation};
use super::DraughtsMove;
use crate::diag::{Diagnostic, Kind, Repaired, Severity, Side};
use crate::record::{append_comment, Line, Node, REPAIRED, UNREPLAYED, UNREPLAYED_VARIATION};
use crate::text::Span;

/// What one game's replay accumulates.
pub(super) struct Replay<'a> {
    pub(super) source: &'a str,
    pub(super) keep: bool,
    /// Replay on past a move no legal move fits, where one fits the writer's intent.
    pub(super) repair: bool,
    pub(super) variant: Variant,
    pub(super) numbering: Numbering,
    pub(super) style: SquareStyle,
    pub(super) diagnostics: Vec<Diagnostic>,
    /// The main line's moves as replayed, when the game is fingerprinted.
    pub(super) played: Option<Vec<Move>>,
}

impl Replay<'_> {
    pub(super) fn report(&mut self, issue: DraughtsIssue, span: Option<Span>, ply: Option<u32>) {
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

    pub(super) fn square(&self, token: &SquareToken) -> Result<Square, Unparsable> {
        match token.kind {
            SquareKind::Numeric(n) => Square::from_number(n, self.numbering),
            SquareKind::Algebraic { file, rank } => rank
                .checked_sub(1)
                .and_then(|rank| Square::from_coords(file, rank)),
        }
        .ok_or_else(|| Unparsable::NoSuchSquare(token.kind.to_string()))
    }
}

/// The result of replaying one line.
pub(super) struct LineOutcome {
    pub(super) line: Line<DraughtsMove>,
    /// Moves replayed legally.
    pub(super) plies: u32,
    /// Every move of the line was replayed.
    pub(super) completed: bool,
    /// The position after the last move replayed.
    pub(super) position: Position,
    /// Where the text of the moves not replayed begins.
    pub(super) unreplayed_from: Option<usize>,
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
pub(super) fn replay_line(
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
                let Some((mv, edit)) = repaired else {
                    return outcome(line, plies, position, Some(move_start(written)));
                };
                let repaired = Repaired {
                    written: replay
                        .source
                        .get(written.span.clone())
                        .unwrap_or_default()
                        .to_string(),
                    used: mv.notation(replay.style),
                    edit,
                    evidence: None,
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
        if let (Some(played), Some(_)) = (&mut replay.played, &tracker) {
            played.push(mv.mv);
        }
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
