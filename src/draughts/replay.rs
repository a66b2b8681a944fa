//! The replay of a line of moves: each written move resolved and played, its draw claims
//! noted, its comments, NAGs and variations (replayed in turn) kept on the record's node.

use super::comments::{as_written, join_comments};
use super::draw_rules::DrawTracker;
use super::issue::{DraughtsIssue, Meant, Unparsable};
use super::notation::SquareStyle;
use super::position::{Move, Position, Variant};
use super::repair::{meant, WrittenLine};
use super::resolve::{as_written_in, resolve};
use super::square::{Numbering, Square};
use super::syntax::{PdnMove, SquareKind, SquareToken, SyntaxError, Variation};
use super::DraughtsMove;
use crate::diag::{Diagnostic, Evidence, Kind, Repaired, Severity, Side};
use crate::intent::{self, Candidate, Edit, Sheet as _};
use crate::record::{append_comment, Line, Node, REPAIRED, UNREPLAYED, UNREPLAYED_VARIATION};
use crate::text::Span;

/// How the comment begins on a half-move the record leaves out and the repair supplied.
const SUPPLIED: &str = "repaired, left out in the record:";

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
/// cannot be replayed to its end keeps the rest as written in a comment. At a move no
/// legal move fits, the rest of the line judges what was meant (`super::repair`): the
/// error's help names it, and with repair the edit clearly ahead is made and replay goes
/// on, judging again at every later such move.
pub(super) fn replay_line(
    replay: &mut Replay<'_>,
    moves: &[PdnMove],
    position: Position,
    first_ply: u32,
    mut tracker: Option<&mut DrawTracker>,
    cut: Option<(usize, &SyntaxError)>,
) -> LineOutcome {
    let mut state = LineState {
        line: Vec::new(),
        plies: 0,
        position,
        first_ply,
    };
    let outcome = |state: LineState, unreplayed_from: Option<usize>| LineOutcome {
        line: state.line,
        plies: state.plies,
        completed: unreplayed_from.is_none(),
        position: state.position,
        unreplayed_from,
    };
    let readable = cut.map_or(moves.len(), |(at, _)| at.min(moves.len()));
    let mut i = 0;
    while i < moves.len() {
        let written = &moves[i];
        let ply = state.ply();
        if let Some((_, error)) = cut.filter(|(at, _)| *at == i) {
            let issue = DraughtsIssue::Unparsable {
                reason: Unparsable::Token(error.kind.clone()),
            };
            replay.report(issue, Some(error.span.clone()), Some(ply));
            let from = error.span.start.min(move_start(written));
            return outcome(state, Some(from));
        }
        let mut issue = match resolve(replay, &state.position, written) {
            Ok(mv) => {
                state.commit(replay, tracker.as_deref_mut(), written, mv, None);
                i += 1;
                continue;
            }
            Err(issue) => issue,
        };
        let sheet = WrittenLine {
            replay,
            moves: &moves[..readable],
        };
        let ranked = match issue {
            DraughtsIssue::NoSuchPiece { .. } | DraughtsIssue::IllegalMove { .. } => {
                intent::judge(&sheet, &state.position, i)
            }
            _ => Vec::new(),
        };
        // Where the move is written twice, the next one written is the move here.
        let next = ranked
            .iter()
            .any(|c| matches!(c.edit, Edit::Doubled))
            .then(|| sheet.read(&state.position, i + 1))
            .flatten();
        explain(&mut issue, &ranked, next, state.position, replay.style);
        replay.report(issue, Some(written.span.clone()), Some(ply));
        let Some(edit) = ranked
            .first()
            .map(|c| c.edit)
            .filter(|_| replay.repair && intent::clearly_ahead(&ranked))
        else {
            return outcome(state, Some(move_start(written)));
        };
        let variant = replay.variant;
        let style = replay.style;
        let name =
            |position: &Position, mv: Move| as_written_in(position, variant, mv).notation(style);
        let text = |m: &PdnMove| replay.source.get(m.span.clone()).unwrap_or_default();
        let used = match edit {
            Edit::Replaced { mv, .. } | Edit::Missing { mv } => name(&state.position, mv),
            Edit::Swapped {
                first,
                between,
                second,
            } => {
                let mut after = state.position;
                let mut names = Vec::new();
                for mv in [first, between, second] {
                    names.push(name(&after, mv));
                    after.play(&mv);
                }
                names.join(" ")
            }
            Edit::Doubled => String::new(),
        };
        let repaired = Repaired {
            written: text(written).to_string(),
            used,
            edit: edit.kind(),
            evidence: Evidence::of(&ranked),
        };
        replay.report_repair(repaired, written.span.clone(), ply);
        match edit {
            Edit::Replaced { mv, .. } => {
                let mv = as_written_in(&state.position, variant, mv);
                let here = text(written);
                state.commit(replay, tracker.as_deref_mut(), written, mv, Some(here));
            }
            Edit::Missing { mv } => {
                let mv = as_written_in(&state.position, variant, mv);
                state.supply(replay, tracker.as_deref_mut(), written, mv);
            }
            Edit::Swapped {
                first,
                between,
                second,
            } => {
                // Each node says what the record wrote in its place.
                for (mv, at, place) in [
                    (first, i + 2, i),
                    (between, i + 1, i + 1),
                    (second, i, i + 2),
                ] {
                    let mv = as_written_in(&state.position, variant, mv);
                    let here = (at != place).then(|| text(&moves[place]));
                    state.commit(replay, tracker.as_deref_mut(), &moves[at], mv, here);
                }
            }
            Edit::Doubled => {}
        }
        i += edit.consumed();
    }
    if let Some((_, error)) = cut.filter(|(at, _)| *at == moves.len()) {
        let issue = DraughtsIssue::Unparsable {
            reason: Unparsable::Token(error.kind.clone()),
        };
        let ply = state.ply();
        replay.report(issue, Some(error.span.clone()), Some(ply));
        return outcome(state, Some(error.span.start));
    }
    outcome(state, None)
}

/// Fills in what the writer may have meant; where the best reading is a half-move left
/// out, the error is that one.
fn explain(
    issue: &mut DraughtsIssue,
    ranked: &[Candidate<Move>],
    next: Option<Move>,
    position: Position,
    style: SquareStyle,
) {
    let candidates = meant(ranked, next);
    if matches!(candidates.first(), Some(Meant::LeftOut(_))) {
        *issue = DraughtsIssue::MissingMove {
            side: position.turn(),
            meant: candidates,
            style,
        };
        return;
    }
    if let DraughtsIssue::NoSuchPiece { meant, .. } | DraughtsIssue::IllegalMove { meant, .. } =
        issue
    {
        *meant = candidates;
    }
}

/// A line being replayed.
struct LineState {
    line: Line<DraughtsMove>,
    /// Moves replayed legally.
    plies: u32,
    position: Position,
    first_ply: u32,
}

impl LineState {
    /// The ply of the next move.
    fn ply(&self) -> u32 {
        self.first_ply + self.plies
    }

    /// Plays `mv` for the written move `written`, with its variations, draw claims,
    /// comments and NAGs; `written_here`, for a repair, is what the record wrote in its
    /// place.
    fn commit(
        &mut self,
        replay: &mut Replay<'_>,
        tracker: Option<&mut DrawTracker>,
        written: &PdnMove,
        mv: DraughtsMove,
        written_here: Option<&str>,
    ) {
        let ply = self.ply();
        let mut variations = Vec::new();
        let mut unplayable = Vec::new();
        for variation in &written.notes().variations {
            match replay_variation(replay, variation, self.position, ply) {
                Ok(line) => variations.push(line),
                Err(text) => unplayable.push(format!("{UNREPLAYED_VARIATION} ({text})")),
            }
        }
        let main = tracker.is_some();
        self.play(replay, tracker, mv, &written.span);
        if replay.keep {
            let text = replay.source.get(written.span.clone()).unwrap_or_default();
            let mut node = Node::new(mv, ply, text, written.span.clone());
            node.comment = join_comments(&written.notes().comments_after);
            if let Some(here) = written_here {
                append_comment(&mut node.comment, &format!("{REPAIRED} {here}"));
            }
            // A comment before a move (after its number) rides on the move before it, or
            // on the move itself when it opens a variation; the main line's first move's
            // is the record's comment.
            if let Some(before) = join_comments(&written.notes().comments_before) {
                match self.line.last_mut() {
                    Some(previous) => append_comment(&mut previous.comment, &before),
                    // Only the main line has a draw tracker.
                    None if !main => {
                        let after = node.comment.replace(before);
                        if let Some(after) = after {
                            append_comment(&mut node.comment, &after);
                        }
                    }
                    None => {}
                }
            }
            annotate(&mut node, written, unplayable, variations);
            self.line.push(node);
        }
    }

    /// Plays `mv`, a half-move the record leaves out before `written`.
    fn supply(
        &mut self,
        replay: &mut Replay<'_>,
        tracker: Option<&mut DrawTracker>,
        written: &PdnMove,
        mv: DraughtsMove,
    ) {
        let ply = self.ply();
        self.play(replay, tracker, mv, &written.span);
        if replay.keep {
            let text = mv.notation(replay.style);
            let mut node = Node::new(mv, ply, &text, written.span.start..written.span.start);
            append_comment(&mut node.comment, &format!("{SUPPLIED} {text}"));
            self.line.push(node);
        }
    }

    fn play(
        &mut self,
        replay: &mut Replay<'_>,
        tracker: Option<&mut DrawTracker>,
        mv: DraughtsMove,
        span: &Span,
    ) {
        let ply = self.ply();
        if let Some(tracker) = tracker {
            for claim in tracker.record(&self.position, &mv.mv).iter() {
                replay.report(
                    DraughtsIssue::Draw(claim.kind),
                    Some(span.clone()),
                    Some(ply),
                );
            }
            if let Some(played) = &mut replay.played {
                played.push(mv.mv);
            }
            // The tracker has played the move on its copy of the position.
            self.position = *tracker.position();
        } else {
            self.position.play(&mv.mv);
        }
        self.plies += 1;
    }
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
    node.nags = written.notes().nags.clone();
    if let Some(nag) = written.notes().strength.as_ref().and_then(|s| s.nag()) {
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
