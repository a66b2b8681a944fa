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
pub mod go;
mod history;
pub mod json;
mod pgn;
mod pool;
pub mod record;
pub mod shatar;
pub mod stream;
pub mod text;
mod wrap;
pub mod write;

use encoding_rs::Encoding;

use diag::{Diagnostic, FileIssue, Kind, Severity};
pub use record::Game;
use text::{LineIndex, Span};

/// How to read files; every field overrides what would otherwise be detected.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    pub game: Option<Game>,
    pub encoding: Option<&'static Encoding>,
    /// Keep each replayed record (moves, comments, variations) for writing; validation
    /// alone does not need them.
    pub keep_records: bool,
    /// Draughts rules, instead of the record's `GameType`.
    pub variant: Option<draughts::position::Variant>,
    /// Go rules, instead of the record's `RU`.
    pub rules: Option<go::rules::Rules>,
    /// The most text a streamed input may hold without a record boundary (`None`:
    /// [`DEFAULT_MAX_RECORD_SIZE`]). A FIFO, a device or standard input could
    /// otherwise grow one record without end.
    pub max_record_size: Option<usize>,
}

/// The largest record a stream reads by default: 256 MiB.
pub const DEFAULT_MAX_RECORD_SIZE: usize = 256 << 20;

/// A decoded file and the records read from it.
pub struct Document {
    /// Where the bytes came from, as given by the caller.
    pub source: String,
    pub text: String,
    pub lines: LineIndex,
    /// Name of the encoding the text was decoded from; empty when no text was decoded
    /// (an input that could not be read, or that is empty, binary or over the size limit).
    pub encoding: &'static str,
    pub game: Option<Game>,
    pub records: Vec<RecordReport>,
}

impl Document {
    /// A document for an input that could not be read: one record carrying an
    /// `io-error`, so that every input is accounted for in the output.
    pub fn unreadable(source: &str, error: &std::io::Error) -> Document {
        Document::without_records(source, None, FileIssue::Io { kind: error.kind() })
    }

    /// A document of an input that holds no text to read records from: unreadable,
    /// empty, binary, or a record over the size limit.
    pub(crate) fn without_records(source: &str, game: Option<Game>, issue: FileIssue) -> Document {
        let diagnostic = Diagnostic::new(Severity::Error, Kind::File(issue), None);
        Document {
            source: source.to_string(),
            text: String::new(),
            lines: LineIndex::new(""),
            encoding: "",
            game,
            records: vec![RecordReport::unreadable(0, game, diagnostic)],
        }
    }

    /// True when nothing in the text looked like a record of any family (a text file
    /// that is no scoresheet, say).
    pub fn not_a_record_file(&self) -> bool {
        self.game.is_none()
            && self.records.iter().all(|r| {
                r.diagnostics
                    .iter()
                    .all(|d| matches!(d.kind, Kind::File(FileIssue::UnknownGame)))
            })
    }

    /// True when the input could not be read (see [`Document::unreadable`]).
    pub fn read_failed(&self) -> bool {
        self.records.iter().any(|r| {
            r.diagnostics
                .iter()
                .any(|d| matches!(d.kind, Kind::File(FileIssue::Io { .. })))
        })
    }
}

/// A replayed record in its family's model.
#[derive(Clone, Debug)]
pub enum AnyRecord {
    Shatar(record::Record<shatar::ShatarMove>),
    Go(Box<go::GoRecord>),
    Draughts(Box<draughts::DraughtsRecord>),
}

/// One record and what its replay found.
#[derive(Clone, Debug)]
pub struct RecordReport {
    /// 0-based position of the record in its file.
    pub index: usize,
    pub game: Option<Game>,
    pub variant: Option<record::VariantName>,
    /// Byte range of the record in the file text.
    pub span: Span,
    /// Moves replayed legally.
    pub plies: u32,
    pub diagnostics: Vec<Diagnostic>,
    /// `None` when nothing could be read as a record of any family.
    pub record: Option<AnyRecord>,
}

impl RecordReport {
    /// True iff no diagnostic is an error.
    pub fn valid(&self) -> bool {
        self.diagnostics
            .iter()
            .all(|d| d.severity != Severity::Error)
    }

    /// A report for a file with no readable record: carries the file's own issues.
    fn unreadable(text_len: usize, game: Option<Game>, diagnostic: Diagnostic) -> RecordReport {
        RecordReport {
            index: 0,
            game,
            variant: None,
            span: 0..text_len,
            plies: 0,
            diagnostics: vec![diagnostic],
            record: None,
        }
    }
}

/// Decodes `bytes`, detects the game family, parses every record and replays it.
/// [`stream::DocumentStream`] does the same piece by piece for large inputs.
pub fn read_document(source: &str, bytes: &[u8], options: &ReadOptions) -> Document {
    let game = options.game.or_else(|| detect::game_from_path(source));
    if let Some(issue) = detect::not_text(bytes) {
        return Document::without_records(source, game, issue);
    }
    let declared = detect::declared_charset(bytes, game);
    let syntax = detect::syntax(bytes, game);
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
    let game = game.or_else(|| detect::game_from_text(&text));
    let mut records = match game {
        Some(Game::Shatar) => shatar::read_records(&text, options.keep_records),
        Some(Game::Go) => go::read_records(&text, options.keep_records, options.rules),
        Some(Game::Draughts) => {
            draughts::read_records(&text, options.variant, options.keep_records)
        }
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
