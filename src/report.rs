//! What reading gives: a [`Document`] per input, and a [`RecordReport`] per record, which
//! keeps the record in its family's own model behind [`AnyRecord`]; and the board of a
//! record at a moment of it ([`board`], [`board_before`]). Nothing here names a family.

use crate::diag::{Diagnostic, FileIssue, Kind, Severity};
use crate::diagram;
use crate::record::{Game, Tags};
use crate::text::{LineIndex, Span};
use crate::write::{AnyRecord, GameRecord};

/// A decoded file and the records read from it.
pub struct Document {
    /// Where the bytes came from, as given by the caller.
    pub source: String,
    /// The decoded text, which every span points into.
    pub text: String,
    /// Line starts of [`Document::text`], for lines and columns.
    pub lines: LineIndex,
    /// Name of the encoding the text was decoded from; empty when no text was decoded
    /// (an input that could not be read, or that is empty, binary or over the size limit).
    pub encoding: &'static str,
    /// Where parts of the text decoded in other encodings than the one before them
    /// begin (the trees of an SGF collection that declare different charsets), with
    /// their encodings, in text order; empty when one encoding decoded the whole text.
    pub encodings: Vec<(usize, &'static str)>,
    /// The family the records were read as; `None` when nothing looked like a record.
    pub game: Option<Game>,
    /// The records in file order; a file without any still has one, carrying the
    /// diagnostic that says why.
    pub records: Vec<RecordReport>,
    /// Whether the records were replayed with repairs ([`crate::ReadOptions::repair`]).
    pub repair: bool,
    /// Whether its records were checked for duplicates ([`crate::dedup::Duplicates`]):
    /// JSON then gives each record's `duplicate_of`.
    pub dedup: bool,
    /// The shard of the file the document is part of, when only a shard was read
    /// ([`crate::DocumentStream::shard`]): record indices and lines count from its start.
    pub shard: Option<crate::shard::ShardPlace>,
}

impl Document {
    /// The encoding of the text at byte `offset`: [`Document::encoding`], or the
    /// encoding of the part that holds it.
    pub fn encoding_at(&self, offset: usize) -> &'static str {
        let later = self
            .encodings
            .partition_point(|&(start, _)| start <= offset);
        match later {
            0 => self.encoding,
            n => self.encodings[n - 1].1,
        }
    }

    /// The encoding `report`'s record was decoded from (each tree of an SGF collection
    /// by its own `CA`).
    pub fn encoding_of(&self, report: &RecordReport) -> &'static str {
        self.encoding_at(report.span.start)
    }

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
            encodings: Vec::new(),
            game,
            records: vec![RecordReport::unreadable(0, game, diagnostic)],
            repair: false,
            dedup: false,
            shard: None,
        }
    }

    /// True when nothing in the text looked like a record of any family (a text file
    /// that is no scoresheet, say).
    pub fn not_a_record_file(&self) -> bool {
        self.game.is_none()
            && self.records.iter().all(|r| {
                r.diagnostics
                    .iter()
                    .all(|d| matches!(d.kind, Kind::File(FileIssue::UnknownGame { .. })))
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

/// One record and what its replay found.
#[derive(Clone, Debug)]
pub struct RecordReport {
    /// 0-based position of the record in its file.
    pub index: usize,
    /// The family it was read as.
    pub game: Option<Game>,
    /// The draughts rules the record was replayed under (`russian`, `brazilian`); `None`
    /// for the other families.
    pub variant: Option<crate::record::VariantName>,
    /// Byte range of the record in the file text.
    pub span: Span,
    /// Moves replayed legally.
    pub plies: u32,
    /// What the reading and the replay found, in text order within each stage.
    pub diagnostics: Vec<Diagnostic>,
    /// `None` when nothing could be read as a record of any family.
    pub record: Option<AnyRecord>,
    /// What makes the record the game it is, with [`crate::ReadOptions::dedup`].
    pub(crate) fingerprint: Option<u128>,
    /// The tags of a record that is not kept, with [`crate::ReadOptions::keep_tags`].
    pub(crate) header: Option<Header>,
}

/// What a selection reads of a record that is not kept: its tags, and which of them
/// hold the fields every family has.
#[derive(Clone, Debug)]
pub(crate) struct Header {
    pub(crate) tags: Tags,
    /// [`GameRecord::tag_of`] of the record's family.
    pub(crate) tag_of: fn(&str) -> Option<&'static str>,
}

impl Header {
    /// Tags that name the shared fields as PGN does.
    pub(crate) fn pgn(tags: Tags) -> Header {
        Header {
            tags,
            tag_of: crate::write::pgn_tag_of,
        }
    }
}

impl RecordReport {
    /// The kept record in its family's model, if it is of type `T`
    /// (`report.kept::<qipu::go::GoRecord>()`).
    pub fn kept<T: GameRecord>(&self) -> Option<&T> {
        self.record.as_ref()?.downcast_ref()
    }

    /// Whether the report is of a record read as the options asked (kept, or with its
    /// tags or its fingerprint: [`crate::ReadOptions::keep_records`], `keep_tags`,
    /// `dedup`), rather than of a file in which none was.
    pub fn holds_record(&self) -> bool {
        self.record.is_some() || self.header.is_some() || self.fingerprint.is_some()
    }

    /// True iff no diagnostic is an error.
    pub fn valid(&self) -> bool {
        self.diagnostics
            .iter()
            .all(|d| d.severity != Severity::Error)
    }

    /// A report for a file with no readable record: carries the file's own issues.
    pub(crate) fn unreadable(
        text_len: usize,
        game: Option<Game>,
        diagnostic: Diagnostic,
    ) -> RecordReport {
        RecordReport {
            index: 0,
            game,
            variant: None,
            span: 0..text_len,
            plies: 0,
            diagnostics: vec![diagnostic],
            record: None,
            fingerprint: None,
            header: None,
        }
    }
}

/// The board of a record of `document` ([`RecordReport`] in it) at `moment`: before its
/// first error, after a ply, or at the end (`diagram::choose`), with the last move and
/// the error's squares marked, Shatar's pieces named as `pieces` says. The record must
/// have been kept ([`crate::ReadOptions::keep_records`]); the board is replayed from its moves,
/// so this costs one replay up to the position.
pub fn board(
    document: &Document,
    report: &RecordReport,
    moment: diagram::Moment,
    pieces: diagram::Pieces,
    lang: crate::lang::Lang,
) -> Result<diagram::Diagram, diagram::NoBoard> {
    let Some(record) = report.record.as_ref() else {
        return Err(diagram::NoBoard::NoRecord);
    };
    let (after, error) = diagram::choose(&report.diagnostics, moment)?;
    drawn(document, record, after, error, pieces, lang)
}

/// The board before `diagnostic` of `report` (a record of `document`, kept), with the
/// squares it names marked: what a report shows beside each error. One replay up to it.
pub fn board_before(
    document: &Document,
    report: &RecordReport,
    diagnostic: &Diagnostic,
    pieces: diagram::Pieces,
    lang: crate::lang::Lang,
) -> Result<diagram::Diagram, diagram::NoBoard> {
    let Some(record) = report.record.as_ref() else {
        return Err(diagram::NoBoard::NoRecord);
    };
    let ply = diagnostic.ply.ok_or(diagram::NoBoard::NoError)?;
    let after = Some(ply.saturating_sub(1));
    drawn(document, record, after, Some(diagnostic), pieces, lang)
}

/// The board of `record` after ply `after` (`None`: the end), `error` following it.
fn drawn(
    document: &Document,
    record: &AnyRecord,
    after: Option<u32>,
    error: Option<&Diagnostic>,
    pieces: diagram::Pieces,
    lang: crate::lang::Lang,
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
        lang,
    };
    record.as_game_record().diagram(&view)
}
