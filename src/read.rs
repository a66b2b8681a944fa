//! Reading a whole input: bytes ([`read_document`]) or decoded text ([`read_str`]) to a
//! [`Document`], its family detected and every record parsed and replayed. A stream
//! ([`crate::stream`]) reads each piece of a large input through the same [`read_text`].

use crate::diag::{Diagnostic, FileIssue, Kind, Severity};
use crate::family::ReadOptions;
use crate::record::Game;
use crate::report::{Document, RecordReport};
use crate::text::{self, LineIndex};
use crate::{detect, registry};

/// The largest record a stream reads by default: 256 MiB.
pub const DEFAULT_MAX_RECORD_SIZE: usize = 256 << 20;

/// Decodes `bytes`, detects the game family, parses every record and replays it.
/// `source` names the input (a path: its extension may tell the family).
/// [`crate::DocumentStream`] does the same piece by piece for large inputs; [`read_str`] reads
/// text that is already decoded.
pub fn read_document(source: &str, bytes: &[u8], options: &ReadOptions) -> Document {
    let game = options.game.or_else(|| registry::game_from_path(source));
    if let Some(issue) = detect::not_text(bytes) {
        return Document::without_records(source, game, issue);
    }
    let declared = registry::declared_charset(bytes, game);
    let declared_charset = declared.as_ref().map(|(label, _)| label.to_string());
    let syntax = registry::syntax(bytes, game);
    let decoded = text::decode(bytes, options.encoding, declared, syntax);
    let encoding = decoded.encoding_name();
    let options = &ReadOptions {
        declared_charset,
        extension: registry::extension_of(source),
        ..options.clone()
    };
    read_text(
        source,
        decoded.text,
        encoding,
        decoded.issues,
        game,
        options,
        Piece::WHOLE_FILE,
    )
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
        text.to_string(),
        text::encoding_display_name(encoding_rs::UTF_8),
        Vec::new(),
        game,
        options,
        Piece::WHOLE_FILE,
    )
}

/// Where a piece of text stands in its file.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Piece {
    pub(crate) lines_before: usize,
    /// Characters of the line the piece starts on that came before it.
    pub(crate) columns_before: usize,
    /// The file's first piece, which reports a file without records.
    pub(crate) first: bool,
}

impl Piece {
    /// A whole file, read at once.
    pub(crate) const WHOLE_FILE: Piece = Piece {
        lines_before: 0,
        columns_before: 0,
        first: true,
    };
}

/// Parses and replays the records of decoded text (a whole file or one piece of it).
pub(crate) fn read_text(
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
            Diagnostic::new(
                Severity::Error,
                Kind::File(FileIssue::UnknownGame { known: Game::all() }),
                None,
            ),
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
