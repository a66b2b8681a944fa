//! qipu (棋谱, "game record") reads game records of Shatar (Mongolian chess), 64-square
//! draughts (Russian and Brazilian rules) and Go (SGF), replays each one through the
//! family's rules engine, reports what is wrong with it, and writes it out again,
//! normalised, in the format asked for.
//!
//! The pipeline is the same for every family: bytes are decoded ([`text`]), parsed into
//! an unvalidated syntax record that keeps byte spans (each family's parsers), replayed
//! through the engine to resolve every move and collect [`diag::Diagnostic`]s, and
//! finally written ([`mod@write`]; JSON: [`json`]).

#![forbid(unsafe_code)]

mod blocks;
mod detect;
pub mod diag;
pub mod draughts;
pub mod family;
pub mod go;
mod history;
pub mod json;
mod pgn;
mod pool;
pub mod record;
mod registry;
mod report;
pub mod shatar;
pub mod stream;
pub mod text;
mod wrap;
pub mod write;

use diag::{Diagnostic, FileIssue, Kind, Severity};
pub use family::ReadOptions;
pub use record::Game;
pub use report::{AnyRecord, Document, GameRecord, RecordReport};
use text::LineIndex;

/// The largest record a stream reads by default: 256 MiB.
pub const DEFAULT_MAX_RECORD_SIZE: usize = 256 << 20;

/// Decodes `bytes`, detects the game family, parses every record and replays it.
/// [`stream::DocumentStream`] does the same piece by piece for large inputs.
pub fn read_document(source: &str, bytes: &[u8], options: &ReadOptions) -> Document {
    let game = options.game.or_else(|| registry::game_from_path(source));
    if let Some(issue) = detect::not_text(bytes) {
        return Document::without_records(source, game, issue);
    }
    let declared = registry::declared_charset(bytes, game);
    let syntax = registry::syntax(bytes, game);
    let decoded = text::decode(bytes, options.encoding, declared, syntax);
    let encoding = decoded.encoding_name();
    let piece = Piece {
        lines_before: 0,
        columns_before: 0,
        first: true,
    };
    read_text(
        source,
        decoded.text,
        encoding,
        decoded.issues,
        game,
        options,
        piece,
    )
}

/// Where a piece of text stands in its file.
#[derive(Clone, Copy, Debug)]
struct Piece {
    lines_before: usize,
    /// Characters of the line the piece starts on that came before it.
    columns_before: usize,
    /// The file's first piece, which reports a file without records.
    first: bool,
}

/// Parses and replays the records of decoded text (a whole file or one piece of it).
fn read_text(
    source: &str,
    text: String,
    encoding: &'static str,
    decode_issues: Vec<text::DecodeIssue>,
    game: Option<Game>,
    options: &ReadOptions,
    piece: Piece,
) -> Document {
    let game = game.or_else(|| registry::game_from_text(&text));
    let mut records = match game {
        Some(game) => registry::family(game).read_records(&text, options),
        None => vec![RecordReport::unreadable(
            text.len(),
            None,
            Diagnostic::new(Severity::Error, Kind::File(FileIssue::UnknownGame), None),
        )],
    };
    if records.is_empty() && (piece.first || !decode_issues.is_empty()) {
        records.push(RecordReport::unreadable(
            text.len(),
            game,
            Diagnostic::new(
                Severity::Error,
                Kind::File(FileIssue::NoRecords {
                    game: game.map_or("game", Game::name),
                }),
                None,
            ),
        ));
    }
    attach_decode_issues(&mut records, decode_issues);
    let lines = LineIndex::continuing(&text, piece.lines_before, piece.columns_before);
    Document {
        source: source.to_string(),
        text,
        lines,
        encoding,
        game,
        records,
    }
}

/// Gives each decoding issue to the record whose text holds it or, outside every record,
/// to the record it follows (the first record when none does), ahead of that record's own
/// diagnostics: as text between two records belongs to the one before it, a piece of a
/// stream, which starts with a record, places every issue as the whole file does.
fn attach_decode_issues(records: &mut [RecordReport], issues: Vec<text::DecodeIssue>) {
    for issue in issues.into_iter().rev() {
        let span = match &issue {
            text::DecodeIssue::Malformed { span, .. } => Some(span.clone()),
            text::DecodeIssue::DeclaredMismatch { span, .. }
            | text::DecodeIssue::UnknownLabel { span, .. } => span.clone(),
        };
        let target = span
            .as_ref()
            .and_then(|s| records.iter().rposition(|r| r.span.start <= s.start))
            .unwrap_or(0);
        let diagnostic = Diagnostic::new(
            Severity::Warning,
            Kind::File(FileIssue::Decode(issue)),
            span,
        );
        records[target].diagnostics.insert(0, diagnostic);
    }
}
