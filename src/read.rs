//! Reading a whole input: bytes ([`read_document`]) or decoded text ([`read_str`]) to a
//! [`Document`], its family detected and every record parsed and replayed. A stream
//! ([`crate::stream`]) reads each piece of a large input through the same [`read_text`].

use crate::diag::{Diagnostic, FileIssue, Kind, Severity};
use crate::family::ReadOptions;
use crate::record::Game;
use crate::report::{Document, RecordReport};
use crate::text::{self, LineIndex};
use crate::{detect, registry};

/// Decodes `bytes`, detects the game family, parses every record and replays it.
/// `source` names the input (a path: its extension may tell the family).
/// [`crate::DocumentStream`] does the same piece by piece for large inputs; [`read_str`] reads
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
    // The bytes are validated as UTF-8 once, for every judge and the decoding.
    let utf8 = forced
        .is_none_or(|encoding| encoding == encoding_rs::UTF_8)
        .then(|| simdutf8::basic::from_utf8(bytes).ok())
        .flatten();
    // `None` (bytes with variations and no NUL, so no part in UTF-16): the parts are told
    // after the decoding as one, whose text nearly always shows them alike.
    let parts = match forced {
        Some(_) => Some(None),
        None => registry::parts_before_decoding(bytes, utf8, game),
    };
    let utf16 = match &parts {
        Some(Some(parts)) => text::utf16_ranges(bytes, parts),
        _ => Vec::new(),
    };
    if let Some(issue) = detect::not_text_besides(bytes, &utf16) {
        return Err(issue);
    }
    let declared = registry::declared_charset(bytes, game);
    let declared_charset = declared.as_ref().map(|(label, _)| label.to_string());
    let syntax = registry::syntax(bytes, game);
    let decoded = match parts {
        Some(Some(parts)) => text::decode_parts(bytes, &parts, syntax),
        Some(None) => text::decode_read(bytes, utf8, forced, declared, syntax).0,
        None => {
            let (decoded, clean) = text::decode_read(bytes, utf8, forced, declared, syntax);
            let as_one = clean
                && registry::decodes_as_one_text(bytes, &decoded.text, decoded.encoding, game);
            let parts = (!as_one)
                .then(|| registry::charset_parts(bytes, utf8, game))
                .flatten();
            match parts {
                Some(parts) => text::decode_parts(bytes, &parts, syntax),
                None => decoded,
            }
        }
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
pub(crate) struct Decoding {
    pub(crate) text: String,
    /// The encoding of its start.
    pub(crate) encoding: &'static str,
    /// Where parts decoded in another encoding begin ([`Document::encodings`]).
    pub(crate) runs: Vec<(usize, &'static str)>,
    pub(crate) issues: Vec<text::DecodeIssue>,
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
        encodings: runs,
        game,
        records,
        repair: options.repair,
        dedup: false,
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
        let severity = crate::diag::decode_severity(&issue);
        let target = span
            .as_ref()
            .and_then(|s| records.iter().rposition(|r| r.span.start <= s.start))
            .unwrap_or(0);
        let diagnostic = Diagnostic::new(severity, Kind::File(FileIssue::Decode(issue)), span);
        records[target].diagnostics.insert(0, diagnostic);
    }
}
