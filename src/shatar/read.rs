//! Reading a Shatar text: its PGN and scoresheet parts told apart, each read in blocks
//! (in parallel), every game parsed and handed to the replay (`validate.rs`).

use super::syntax::{ParsedGame, SourceFormat};
use super::validate::replay_game;
use crate::family::ReadOptions;
use crate::text::Span;
use crate::RecordReport;

/// Parses `text` as PGN or as rulebook scoresheets and replays every game, block by
/// block in parallel (see `crate::blocks`). With [`ReadOptions::keep_records`], the
/// replayed records are kept for writing; with [`ReadOptions::repair`], a move no legal
/// move fits is replayed as the one that fits the writer's evident intent, where there
/// is exactly one. A text of both (a PGN collection, then a scoresheet) is read in runs
/// of one format each.
pub fn read_records(text: &str, options: &ReadOptions) -> Vec<RecordReport> {
    let runs = format_runs(text);
    if let [(_, pgn)] = runs[..] {
        return read_run(text, pgn, options);
    }
    let mut reports = Vec::new();
    for (run, pgn) in runs {
        let start = run.start;
        for mut report in read_run(&text[run], pgn, options) {
            crate::blocks::shift(&mut report, start);
            reports.push(report);
        }
    }
    for (index, report) in reports.iter_mut().enumerate() {
        report.index = index;
    }
    reports
}

/// The parts of `text` that are PGN (`true`) or scoresheets, in order. A part starts
/// where the text does or with a record's opening line after a blank line (the only
/// places a stream is cut, so that a piece and the whole text agree): a scoresheet's
/// players header opens scoresheets, a tag pair opens PGN. The text's first part is
/// PGN if it opens with a tag pair or, without any opening, if tag pairs stand in its
/// first kilobytes.
fn format_runs(text: &str) -> Vec<(Span, bool)> {
    let opening = text.trim_start();
    let mut pgn = if opens_scoresheet(opening) {
        false
    } else {
        super::syntax::opens_with_tag_pair(opening) || super::syntax::looks_like_pgn(text)
    };
    let mut runs = Vec::new();
    let mut start = 0;
    loop {
        let next = if pgn {
            next_scoresheet(text, start + 1)
        } else {
            crate::blocks::after_blank_line(text, start + 1, |text, at| {
                super::syntax::opens_with_tag_pair(&text[at..])
            })
        };
        let Some(next) = next else {
            break;
        };
        runs.push((start..next, pgn));
        start = next;
        pgn = !pgn;
    }
    runs.push((start..text.len(), pgn));
    runs
}

/// Whether the line `text` starts with is a scoresheet's players header.
pub(super) fn opens_scoresheet(text: &str) -> bool {
    text.starts_with("白方") || text.starts_with("White:")
}

/// The first scoresheet header at or after `from` that opens a line after a blank line.
/// Searched for by its words, so that a PGN text costs two quick scans.
fn next_scoresheet(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    ["白方", "White:"]
        .into_iter()
        .filter_map(|words| {
            memchr::memmem::find_iter(bytes.get(from..)?, words.as_bytes())
                .map(|at| from + at)
                .find(|&at| follows_blank_line(bytes, at))
        })
        .min()
}

/// Whether `at` starts a line that follows an empty line, whatever the line ends (LF,
/// CRLF, CR alone, mixed), as `crate::blocks::after_blank_line` finds them.
fn follows_blank_line(bytes: &[u8], at: usize) -> bool {
    let line_end_before = |end: usize| match bytes[..end] {
        [.., b'\r', b'\n'] => Some(end - 2),
        [.., b'\n' | b'\r'] => Some(end - 1),
        _ => None,
    };
    line_end_before(at).and_then(line_end_before).is_some()
}

/// Reads a text of one format, PGN or scoresheets.
fn read_run(text: &str, pgn: bool, options: &ReadOptions) -> Vec<RecordReport> {
    crate::blocks::read_in_blocks(
        text,
        |text, _, from| next_game(text, from, pgn),
        |block| {
            let games = if pgn {
                super::pgn::parse_pgn(block)
            } else {
                super::scoresheet::parse_scoresheets(block)
            };
            games
                .iter()
                .filter(|game| is_record(game))
                .map(|game| replay_game(block, game, options))
                .collect()
        },
    )
}

/// Whether a parsed game holds anything of a Shatar record: a move (readable or not),
/// a result, a position listing, or a tag. A line of free text that a scoresheet would
/// take for the place is not enough: `hello` is no game.
fn is_record(game: &ParsedGame) -> bool {
    !game.moves.is_empty()
        || game.result.is_some()
        || game.setup.is_some()
        || !game.syntax_errors.is_empty()
        || game
            .tags
            .iter()
            .any(|(name, _)| game.format == SourceFormat::Pgn || !name.eq_ignore_ascii_case("Site"))
}

/// The start of the first game at or after `from`: a line that opens a game (a tag pair
/// for PGN, a players' header for scoresheets) after a blank line, whatever the line
/// ends. Both readers start a new game there anyway.
fn next_game(text: &str, from: usize, pgn: bool) -> Option<usize> {
    crate::blocks::after_blank_line(text, from, |text, start| {
        let rest = &text[start..];
        if pgn {
            rest.starts_with('[')
        } else {
            rest.starts_with("白方") || rest.starts_with("White:")
        }
    })
}
