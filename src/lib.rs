//! qipu (棋谱, "game record") reads game records of Shatar (Mongolian chess), 64-square
//! draughts (Russian and Brazilian rules) and Go (SGF), replays each one through the
//! family's rules engine, reports what is wrong with it, and writes it out again,
//! normalised, in the format asked for.
//!
//! # Examples
//!
//! Read a Shatar PGN game held in a string and walk its moves. [`read_str`] takes text
//! that is already decoded; [`ReadOptions::keep_records`] keeps the replayed moves,
//! which validation alone does not need.
//!
//! ```
//! use qipu::record::Record;
//! use qipu::shatar::ShatarMove;
//! use qipu::{read_str, Game, ReadOptions};
//!
//! let pgn = r#"[Event "Club game"]
//! [White "Baatar"]
//! [Black "Nasun"]
//! [Result "*"]
//! [Variant "Shatar"]
//!
//! 1. e4 e5 2. Nf3 Nc6 *
//! "#;
//! let options = ReadOptions { keep_records: true, ..ReadOptions::default() };
//! let document = read_str("club.pgn", pgn, &options);
//! assert_eq!(document.game, Some(Game::Shatar));
//!
//! let report = &document.records[0];
//! assert!(report.valid());
//! // The record in its family's own model.
//! let record = report.kept::<Record<ShatarMove>>().expect("a Shatar record");
//! for node in &record.moves {
//!     println!("ply {}: {} ({})", node.ply, node.mv.san, node.mv.mv.uci());
//! }
//! let san: Vec<&str> = record.moves.iter().map(|node| node.mv.san.as_str()).collect();
//! assert_eq!(san, ["e4", "e5", "Nf3", "Nc6"]);
//! ```
//!
//! Validate an SGF file and print each diagnostic with its line and column, as
//! `qipu validate` does. A diagnostic is data (a stable code and the issue's arguments);
//! its message is worded when asked for.
//!
//! ```
//! use qipu::{read_document, ReadOptions, Severity};
//!
//! let sgf = b"(;GM[1]FF[4]SZ[9]\n;B[ee];W[cc]\n;B[cc])";
//! let document = read_document("game.sgf", sgf, &ReadOptions::default());
//! let report = &document.records[0];
//! for diagnostic in &report.diagnostics {
//!     let located = diagnostic.located(&document.text, &document.lines);
//!     let (line, column) = located.line_col().unwrap_or((1, 1));
//!     println!("{}:{line}:{column}: {diagnostic}", document.source);
//! }
//!
//! assert!(!report.valid());
//! let occupied = &report.diagnostics[0];
//! assert_eq!(occupied.severity, Severity::Error);
//! assert_eq!(occupied.code(), "occupied-point");
//! let located = occupied.located(&document.text, &document.lines);
//! assert_eq!(located.line_col(), Some((3, 2)));
//! assert_eq!(located.snippet(), Some("B[cc]"));
//! ```
//!
//! Convert a PDN game to a JSON line ([`Format::Json`]; the other formats go through
//! the same [`write_record`]).
//!
//! ```
//! use qipu::{read_str, write_record, Format, ReadOptions, WriteOptions};
//!
//! let pdn = "[GameType \"25\"]\n[Result \"*\"]\n\n1. c3-d4 f6-g5 *\n";
//! let options = ReadOptions { keep_records: true, ..ReadOptions::default() };
//! let document = read_str("game.pdn", pdn, &options);
//! let report = &document.records[0];
//! let record = report.record.as_ref().expect("records are kept");
//! let options = WriteOptions::default();
//! let json = write_record(record, &document.source, report.index, Format::Json, &options)?;
//! assert!(json.starts_with(r#"{"source":"game.pdn","index":0,"game":"draughts","variant":"russian""#));
//! // Squares in the rulebook's numbering (c3 is 10, d4 is 14).
//! assert!(json.contains(r#"{"ply":1,"text":"c3-d4","path":[10,14],"captured":[]"#));
//! # Ok::<(), qipu::WriteError>(())
//! ```
//!
//! Snapshot-test what qipu makes of a scoresheet with [insta](https://insta.rs): here the
//! scoresheet converted to PGN (the blue side is PGN's Black).
//!
//! ```
//! use qipu::{read_str, write_record, Format, ReadOptions, WriteOptions};
//!
//! let sheet = "White: Ganbold  Blue: Tsogt\n1. d4 d5 2. Nf3 Nf6 *\n";
//! let options = ReadOptions { keep_records: true, ..ReadOptions::default() };
//! let document = read_str("sheet.txt", sheet, &options);
//! let report = &document.records[0];
//! let record = report.record.as_ref().expect("records are kept");
//! let pgn = write_record(record, "sheet.txt", 0, Format::Pgn, &WriteOptions::default())?;
//! insta::assert_snapshot!(pgn, @r#"
//! [Event "?"]
//! [Site "?"]
//! [Date "????.??.??"]
//! [Round "?"]
//! [White "Ganbold"]
//! [Black "Tsogt"]
//! [Result "*"]
//! [Variant "Shatar"]
//!
//! 1. d4 d5 2. Nf3 Nf6 *
//! "#);
//! # Ok::<(), qipu::WriteError>(())
//! ```
//!
//! Stream a large input: [`DocumentStream`] reads, decodes and replays it piece by
//! piece, so memory stays flat; record indices and line numbers carry on across pieces.
//! Any [`std::io::Read`] will do (a [`std::fs::File`], standard input).
//!
//! ```
//! use std::io::Cursor;
//! use qipu::{DocumentStream, ReadOptions};
//!
//! let mut collection = String::new();
//! for game in 0..2000 {
//!     collection.push_str(&format!("(;GM[1]SZ[9]GN[game {game}];B[ee];W[cc];B[gg])\n"));
//! }
//! let input = Cursor::new(collection.into_bytes());
//! let mut stream = DocumentStream::new("big.sgf", input, &ReadOptions::default());
//! let mut records = 0;
//! while let Some(document) = stream.next_document()? {
//!     for report in &document.records {
//!         assert!(report.valid());
//!         assert_eq!(report.index, records);
//!         records += 1;
//!     }
//! }
//! assert_eq!(records, 2000);
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! A library user does not need the command line's dependencies (clap, annotate-snippets,
//! libc): turn off the default features. `parallel` (rayon) reads large inputs on every
//! core; without it they are read on the calling thread.
//!
//! ```toml
//! [dependencies]
//! qipu = { version = "0.1", default-features = false, features = ["parallel"] }
//! ```
//!
//! # How it works
//!
//! The pipeline is the same for every family: bytes are decoded ([`text`]), parsed into
//! an unvalidated syntax record that keeps byte spans (each family's parsers), replayed
//! through the engine to resolve every move and collect [`Diagnostic`]s, and
//! finally written ([`mod@write`]; JSON: [`json`]).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod blocks;
mod boundary;
mod detect;
pub mod diag;
pub mod diagram;
pub mod draughts;
pub mod family;
pub mod go;
mod history;
pub mod json;
pub mod lang;
mod pgn;
mod pool;
pub mod record;
mod registry;
mod report;
pub mod shard;
pub mod shatar;
pub mod stream;
pub mod text;
mod wrap;
pub mod write;

use diag::FileIssue;

// The types and functions most uses need, at the crate root; the modules hold the rest.
pub use diag::{Diagnostic, Kind, Severity};
pub use family::ReadOptions;
pub use record::Game;
pub use report::{Document, RecordReport};
pub use stream::DocumentStream;
pub use text::{LineIndex, Span};
pub use write::{write_record, AnyRecord, Format, GameRecord, WriteError, WriteOptions};

/// The extensions (lower case) of the files a folder walk reads, as `qipu validate DIR`
/// does: every family's own (`pgn`, `pdn`, `sgf`, `gib`, …), then `txt`, which may hold
/// scoresheets or anything else.
pub fn record_extensions() -> Vec<&'static str> {
    registry::record_extensions()
}

/// The board of a record of `document` ([`RecordReport`] in it) at `moment`: before its
/// first error, after a ply, or at the end ([`diagram::choose`]), with the last move and
/// the error's squares marked, Shatar's pieces named as `pieces` says. The record must
/// have been kept ([`ReadOptions::keep_records`]); the board is replayed from its moves,
/// so this costs one replay up to the position.
pub fn board(
    document: &Document,
    report: &RecordReport,
    moment: diagram::Moment,
    pieces: write::Pieces,
) -> Result<diagram::Diagram, diagram::NoBoard> {
    let (Some(game), Some(record)) = (report.game, report.record.as_ref()) else {
        return Err(diagram::NoBoard::NoRecord);
    };
    let (after, error) = diagram::choose(report, moment)?;
    drawn(document, game, record, after, error, pieces)
}

/// The board before `diagnostic` of `report` (a record of `document`, kept), with the
/// squares it names marked: what a report shows beside each error. One replay up to it.
pub fn board_before(
    document: &Document,
    report: &RecordReport,
    diagnostic: &Diagnostic,
    pieces: write::Pieces,
) -> Result<diagram::Diagram, diagram::NoBoard> {
    let (Some(game), Some(record)) = (report.game, report.record.as_ref()) else {
        return Err(diagram::NoBoard::NoRecord);
    };
    let ply = diagnostic.ply.ok_or(diagram::NoBoard::NoError)?;
    let after = Some(ply.saturating_sub(1));
    drawn(document, game, record, after, Some(diagnostic), pieces)
}

/// The board of `record` after ply `after` (`None`: the end), `error` following it.
fn drawn(
    document: &Document,
    game: Game,
    record: &AnyRecord,
    after: Option<u32>,
    error: Option<&Diagnostic>,
    pieces: write::Pieces,
) -> Result<diagram::Diagram, diagram::NoBoard> {
    let error = error.map(|diagnostic| diagram::ErrorAt {
        diagnostic,
        written: diagnostic
            .span
            .as_ref()
            .and_then(|span| document.text.get(span.clone())),
    });
    let view = diagram::View {
        after,
        error,
        pieces,
    };
    registry::family(game).diagram(record, &view)
}

/// The largest record a stream reads by default: 256 MiB.
pub const DEFAULT_MAX_RECORD_SIZE: usize = 256 << 20;

/// Decodes `bytes`, detects the game family, parses every record and replays it.
/// `source` names the input (a path: its extension may tell the family).
/// [`DocumentStream`] does the same piece by piece for large inputs; [`read_str`] reads
/// text that is already decoded.
pub fn read_document(source: &str, bytes: &[u8], options: &ReadOptions) -> Document {
    let game = options.game.or_else(|| registry::game_from_path(source));
    let (decoded, declared_charset) = match decode_input(bytes, options.encoding, game) {
        Ok(decoded) => decoded,
        Err(issue) => return Document::without_records(source, game, issue),
    };
    let encoding = decoded.encoding_name();
    let options = &ReadOptions {
        declared_charset,
        extension: registry::extension_of(source),
        ..options.clone()
    };
    read_text(
        source,
        Decoding {
            text: decoded.text,
            encoding,
            runs: named_runs(&decoded.runs),
            issues: decoded.issues,
        },
        game,
        options,
        Piece::WHOLE_FILE,
    )
}

/// Decodes a whole input of `game` (or of the family its bytes show): part by part where
/// its parts declare different charsets (the trees of an SGF collection), unless an
/// encoding is `forced`; else as one text. Also gives the charset the input declares
/// (its first tree's), or why the bytes hold no text.
pub(crate) fn decode_input(
    bytes: &[u8],
    forced: Option<&'static encoding_rs::Encoding>,
    game: Option<Game>,
) -> Result<(text::Decoded, Option<String>), FileIssue> {
    let parts = forced
        .is_none()
        .then(|| registry::charset_parts(bytes, game))
        .flatten();
    let utf16 = parts
        .as_ref()
        .map_or_else(Vec::new, |parts| text::utf16_ranges(bytes, parts));
    if let Some(issue) = detect::not_text_besides(bytes, &utf16) {
        return Err(issue);
    }
    let declared = registry::declared_charset(bytes, game);
    let declared_charset = declared.as_ref().map(|(label, _)| label.to_string());
    let syntax = registry::syntax(bytes, game);
    let decoded = match &parts {
        Some(parts) => text::decode_parts(bytes, parts, syntax),
        None => text::decode(bytes, forced, declared, syntax),
    };
    Ok((decoded, declared_charset))
}

/// Runs of encodings by their names.
fn named_runs(runs: &[(usize, &'static encoding_rs::Encoding)]) -> Vec<(usize, &'static str)> {
    runs.iter()
        .map(|&(at, encoding)| (at, text::encoding_display_name(encoding)))
        .collect()
}

/// Decoded text as the records of a document are read from it.
struct Decoding {
    text: String,
    /// The encoding of its start.
    encoding: &'static str,
    /// Where parts decoded in another encoding begin ([`Document::encodings`]).
    runs: Vec<(usize, &'static str)>,
    issues: Vec<text::DecodeIssue>,
}

/// Reads the records of `text`, which is already decoded: what [`read_document`] gives
/// for the UTF-8 bytes of the same text when it reads them as UTF-8
/// ([`Document::encoding`] is `UTF-8`). Nothing is detected or decoded, so a charset the
/// text declares is not checked and [`ReadOptions::encoding`] is ignored.
pub fn read_str(source: &str, text: &str, options: &ReadOptions) -> Document {
    let game = options.game.or_else(|| registry::game_from_path(source));
    if let Some(issue) = detect::not_text(text.as_bytes()) {
        return Document::without_records(source, game, issue);
    }
    // As a decoder skips a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let options = &ReadOptions {
        declared_charset: registry::declared_charset(text.as_bytes(), game)
            .map(|(label, _)| label.to_string()),
        extension: registry::extension_of(source),
        ..options.clone()
    };
    read_text(
        source,
        Decoding {
            text: text.to_string(),
            encoding: text::encoding_display_name(encoding_rs::UTF_8),
            runs: Vec::new(),
            issues: Vec::new(),
        },
        game,
        options,
        Piece::WHOLE_FILE,
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

impl Piece {
    /// A whole file, read at once.
    const WHOLE_FILE: Piece = Piece {
        lines_before: 0,
        columns_before: 0,
        first: true,
    };
}

/// Parses and replays the records of decoded text (a whole file or one piece of it).
fn read_text(
    source: &str,
    decoding: Decoding,
    game: Option<Game>,
    options: &ReadOptions,
    piece: Piece,
) -> Document {
    let Decoding {
        text,
        encoding,
        runs,
        issues: decode_issues,
    } = decoding;
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
                Kind::File(FileIssue::NoRecords { game }),
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
        encodings: runs,
        game,
        records,
        repair: options.repair,
        shard: None,
    }
}

/// Gives each decoding issue to the record whose text holds it or, outside every record,
/// to the record it follows (the first record when none does), ahead of that record's own
/// diagnostics: as text between two records belongs to the one before it, a piece of a
/// stream, which starts with a record, places every issue as the whole file does.
fn attach_decode_issues(records: &mut [RecordReport], issues: Vec<text::DecodeIssue>) {
    for issue in issues.into_iter().rev() {
        let span = issue.span().cloned();
        let severity = diag::decode_severity(&issue);
        let target = span
            .as_ref()
            .and_then(|s| records.iter().rposition(|r| r.span.start <= s.start))
            .unwrap_or(0);
        let diagnostic = Diagnostic::new(severity, Kind::File(FileIssue::Decode(issue)), span);
        records[target].diagnostics.insert(0, diagnostic);
    }
}
