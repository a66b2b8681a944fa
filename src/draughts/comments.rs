//! Where the text around the replayed moves goes in the record: the comment before the
//! first move, comments after the last, and the movetext from where the replay stopped
//! (kept as written, unreplayed).

use super::issue::DraughtsIssue;
use super::replay::{LineOutcome, Replay};
use super::syntax::{Comment, PdnGame};
use super::DraughtsMove;
use crate::record::{append_comment, Record, UNREPLAYED};

/// With no start position to replay from, all the movetext stays text, unless it is
/// what a writer made of it (an unreplayed comment).
pub(super) fn keep_movetext_unreplayed(
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
pub(super) fn place_comments(
    replay: &mut Replay<'_>,
    game: &PdnGame,
    record: &mut Record<DraughtsMove>,
    outcome: &LineOutcome,
    movetext_end: usize,
) {
    let before_first: &[Comment] = game
        .moves
        .first()
        .map_or(&game.comments[..], |m| &m.notes().comments_before[..]);
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
        .map_or(&game.comments[..], |m| &m.notes().comments_after[..]);
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

/// The source text from `from` to `to`, trimmed, if any is left.
pub(super) fn as_written(source: &str, from: usize, to: usize) -> Option<String> {
    let text = source.get(from..to.max(from))?.trim();
    (!text.is_empty()).then(|| text.to_string())
}

pub(super) fn join_comments(comments: &[Comment]) -> Option<String> {
    let texts: Vec<&str> = comments
        .iter()
        .map(|c| c.text.trim())
        .filter(|t| !t.is_empty())
        .collect();
    (!texts.is_empty()).then(|| texts.join(" "))
}
