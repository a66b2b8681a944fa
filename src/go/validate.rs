//! Reading Go files: parse the SGF collection, check each tree's structure, replay it
//! (the replay's job, `replay`), and report per tree; the text outside the trees is kept
//! beside the record it follows.

use std::cell::Cell;
use std::ops::Range;

use super::issue::GoIssue;
use super::replay::{Replay, Spare};
use super::rules::Rules;
use super::sgf::{self, GameTree, SgfSyntaxError};
use super::sgf_check;
use super::sgf_issue::SgfIssue;
use super::{GoRecord, GoTree};
use crate::diag::{Diagnostic, Kind};
use crate::family::ReadOptions;
use crate::report::Header;
use crate::{AnyRecord, RecordReport};

/// Parses `text` as an SGF collection and replays every game tree; one report per tree.
/// With [`ReadOptions::keep_records`], each report keeps the tree (for the SGF writer)
/// and the replayed record (for JSON); Go `Rules` set in the options override each
/// record's `RU`. With [`ReadOptions::repair`], a stone no rule lets its colour play,
/// written in the other colour's turn, is played by the colour to move where that is
/// legal. A tree whose `CA` differs from [`ReadOptions::declared_charset`] is reported.
pub fn read_records(text: &str, options: &ReadOptions) -> Vec<RecordReport> {
    // Blocks of game trees parse and replay in parallel: a large collection uses every core.
    crate::blocks::read_in_blocks(text, super::cut::tree_end, |block| {
        read_block(block, options)
    })
}

thread_local! {
    /// The boards the last block read on this thread left, for the next block or file.
    static SPARE: Cell<Spare> = Cell::default();
}

/// The records of the game trees in `text`, one block of a collection. Each tree is
/// replayed as soon as it is read, while its arena is still in the cache.
fn read_block(text: &str, options: &ReadOptions) -> Vec<RecordReport> {
    let keep_records = options.keep_records;
    let mut reports: Vec<RecordReport> = Vec::new();
    let mut outside = Vec::new();
    // Where the text after the last tree starts.
    let mut after_last = 0;
    // One set of boards for the thread's trees, reused from one to the next.
    let mut spare = SPARE.take();
    for item in sgf::trees(text) {
        match item {
            Ok(mut tree) => {
                let span = tree.span();
                // Text between two trees belongs to the tree before it, as its diagnostics
                // do; so a block or a streamed piece, cut at a tree's `(`, reads it as the
                // whole text does.
                let outside = keep_records
                    .then(|| outside_text(text, after_last..span.start))
                    .flatten();
                after_last = span.end;
                if keep_records {
                    tree.shrink_to_fit();
                }
                let mut report = read_game(text, tree, reports.len(), options, &mut spare);
                if let Some(previous) = reports.last_mut() {
                    if let Some(record) = previous
                        .record
                        .as_mut()
                        .and_then(AnyRecord::downcast_mut::<GoRecord>)
                    {
                        record.extra.after = outside;
                    }
                } else if let Some(record) = report
                    .record
                    .as_mut()
                    .and_then(AnyRecord::downcast_mut::<GoRecord>)
                {
                    record.extra.before = outside;
                }
                reports.push(report);
            }
            Err(error) => outside.push(syntax(error)),
        }
    }
    SPARE.set(spare);
    if let Some(last) = reports
        .last_mut()
        .and_then(|r| r.record.as_mut())
        .and_then(AnyRecord::downcast_mut::<GoRecord>)
    {
        last.extra.after = outside_text(text, after_last..text.len());
    }
    if reports.is_empty() {
        if outside.is_empty() {
            return Vec::new();
        }
        return vec![RecordReport {
            index: 0,
            game: Some(super::GAME),
            variant: None,
            span: 0..text.len(),
            plies: 0,
            diagnostics: outside,
            record: None,
            fingerprint: None,
            header: None,
        }];
    }
    // Text outside the trees belongs to the record it follows (the first if none).
    for diagnostic in outside {
        let at = diagnostic.span.as_ref().map_or(0, |s| s.start);
        let target = reports
            .iter()
            .rposition(|r| r.span.start <= at)
            .unwrap_or(0);
        reports[target].diagnostics.push(diagnostic);
        sort_by_position(&mut reports[target].diagnostics);
    }
    reports
}

/// The text of `span`, a gap outside the trees, trimmed; `None` when there is none.
fn outside_text(text: &str, span: Range<usize>) -> Option<String> {
    text.get(span)
        .map(|gap| gap.trim_matches(sgf::grammar::is_space))
        .filter(|gap| !gap.is_empty())
        .map(str::to_string)
}

fn syntax(error: SgfSyntaxError) -> Diagnostic {
    let span = error.span();
    let issue = GoIssue::Syntax(error);
    Diagnostic::new(issue.severity(), Kind::game(issue), Some(span))
}

fn sort_by_position(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by_key(|d| d.span.as_ref().map_or(0, |s| s.start));
}

/// Replays one tree, as `options` say, on the boards of `spare`, which it gives back.
fn read_game(
    text: &str,
    tree: GameTree,
    index: usize,
    options: &ReadOptions,
    spare: &mut Spare,
) -> RecordReport {
    let keep = options.keep_records;
    let mut structure = sgf_check::check(&tree);
    if let Some(declared) = &options.declared_charset {
        structure.extend(sgf_check::other_charset(&tree, declared));
    }
    let not_go = structure
        .iter()
        .any(|issue| matches!(issue, SgfIssue::NotGo { .. }));
    let mut replay = Replay::new(text, &tree, keep);
    replay.spare = std::mem::take(spare);
    replay.repair = options.repair;
    replay.keep_tags = options.keep_tags;
    replay.played = options.dedup.map(|_| Vec::with_capacity(256));
    replay.choose_rules(options.rules::<Rules>().copied());
    if !not_go {
        replay.run();
        replay.check_game_info();
    }
    let mut diagnostics: Vec<Diagnostic> = tree.errors.iter().cloned().map(syntax).collect();
    for issue in structure {
        // A bad move value is reported by the replay, with its move number.
        if let SgfIssue::BadValue { ident, span, .. } = &issue {
            if matches!(ident.as_str(), "B" | "W") && replay.reported_values.contains(&span.start) {
                continue;
            }
        }
        let span = issue.span();
        let issue = GoIssue::Structure(issue);
        diagnostics.push(Diagnostic::new(
            issue.severity(),
            Kind::game(issue),
            Some(span),
        ));
    }
    diagnostics.append(&mut replay.diagnostics);
    sort_by_position(&mut diagnostics);
    let plies = replay.plies;
    let fingerprint = options
        .dedup
        .map(|likeness| super::dedup::fingerprint(&tree, plies as usize, &replay, likeness));
    let header = (options.keep_tags && !keep).then(|| Header {
        tags: replay.take_tags(),
        tag_of: super::sgf_tag_of,
    });
    *spare = replay.take_spare();
    let kept = keep.then(|| replay.into_record());
    RecordReport {
        index,
        game: Some(super::GAME),
        variant: None,
        span: tree.span(),
        plies,
        diagnostics,
        record: kept.map(|kept| {
            AnyRecord::new(kept.record.with_extra(GoTree {
                tree,
                before: None,
                after: None,
                unreplayed_from: kept.unreplayed_from,
                variations_cut: kept.variations_cut,
                comments_lost: kept.comments_lost,
                format: None,
                unread: Vec::new(),
            }))
        }),
        fingerprint,
        header,
    }
}
