//! What reading gives: a [`Document`] per input, a [`RecordReport`] per record, and each
//! record in its family's own model behind [`AnyRecord`]. Nothing here names a family:
//! each one implements [`GameRecord`] for its record type.

use std::any::Any;
use std::fmt;

use crate::diag::{Diagnostic, FileIssue, Kind, Severity};
use crate::record::Game;
use crate::text::{LineIndex, Span};
use crate::write::{Format, LeftOut, WriteError, WriteOptions};

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
    /// The family the records were read as; `None` when nothing looked like a record.
    pub game: Option<Game>,
    /// The records in file order; a file without any still has one, carrying the
    /// diagnostic that says why.
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

/// What the pipeline needs of a family's replayed record: its game, its writers, what
/// each format leaves out of it, and moving its spans when it was read from a block of a
/// larger text.
pub trait GameRecord: Any + fmt::Debug + Send + Sync {
    /// The family the record belongs to.
    fn game(&self) -> Game;
    /// The record in `format` (one line for JSON), or why the format cannot carry it.
    fn write(
        &self,
        source: &str,
        index: usize,
        format: Format,
        options: &WriteOptions,
    ) -> Result<String, WriteError>;
    /// What of the record a conversion to `format` cannot carry (unsorted).
    fn left_out(&self, format: Format) -> Vec<LeftOut>;
    /// Moves every span `offset` bytes on.
    fn shift(&mut self, offset: usize);
    /// A copy, boxed.
    fn boxed_clone(&self) -> Box<dyn GameRecord>;
}

/// A replayed record of some family, in the family's own model: downcast it to that
/// model (`record.downcast_ref::<qipu::go::GoRecord>()`) to look inside.
#[derive(Debug)]
pub struct AnyRecord(Box<dyn GameRecord>);

impl AnyRecord {
    /// Wraps a family's record.
    pub fn new(record: impl GameRecord) -> AnyRecord {
        AnyRecord(Box::new(record))
    }

    /// The family's record, if it is of type `T`.
    pub fn downcast_ref<T: GameRecord>(&self) -> Option<&T> {
        let record: &dyn Any = self.0.as_ref();
        record.downcast_ref()
    }

    /// The family's record, if it is of type `T`, to change it.
    pub fn downcast_mut<T: GameRecord>(&mut self) -> Option<&mut T> {
        let record: &mut dyn Any = self.0.as_mut();
        record.downcast_mut()
    }

    /// The record as its family's [`GameRecord`].
    pub fn as_game_record(&self) -> &dyn GameRecord {
        self.0.as_ref()
    }

    /// The family the record belongs to.
    pub fn game(&self) -> Game {
        self.0.game()
    }

    /// Moves every span `offset` bytes on (a record read from a block of a larger text).
    pub(crate) fn shift(&mut self, offset: usize) {
        self.0.shift(offset);
    }
}

impl Clone for AnyRecord {
    fn clone(&self) -> AnyRecord {
        AnyRecord(self.0.boxed_clone())
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
    pub variant: Option<&'static str>,
    /// Byte range of the record in the file text.
    pub span: Span,
    /// Moves replayed legally.
    pub plies: u32,
    /// What the reading and the replay found, in text order within each stage.
    pub diagnostics: Vec<Diagnostic>,
    /// `None` when nothing could be read as a record of any family.
    pub record: Option<AnyRecord>,
}

impl RecordReport {
    /// The kept record in its family's model, if it is of type `T`
    /// (`report.kept::<qipu::go::GoRecord>()`).
    pub fn kept<T: GameRecord>(&self) -> Option<&T> {
        self.record.as_ref()?.downcast_ref()
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
        }
    }
}
