//! Diagnostics: what is wrong with a record, where, and what was probably meant.
//!
//! A diagnostic keeps its data (a stable code and the issue's arguments: squares, moves,
//! names) apart from its wording, so that other languages can word the same issue.

use std::fmt;

use crate::text::{DecodeIssue, LineIndex, Span};
use crate::write::{Format, LeftOut};

/// How bad a diagnostic is. Only errors make a record invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing; the record is fine.
    Note,
    /// Worth checking (a wrong check mark, a result the position contradicts, bytes that
    /// could not be decoded), but the record is still usable.
    Warning,
    /// The record is wrong: it makes the record invalid.
    Error,
}

impl Severity {
    /// The lower-case name used in JSON and in rendered output: `error`, `warning`, `note`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// Data of an issue, worded on demand.
pub trait Issue {
    /// Stable kebab-case identifier.
    fn code(&self) -> &'static str;
    /// What is wrong, in English.
    fn message(&self) -> String;
    /// What to do about it, in English; names the likely intended move where there is one.
    fn help(&self) -> Option<String>;
}

/// Issues that concern the file rather than a game family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileIssue {
    /// The text could not be decoded cleanly, or its declared charset disagrees with it.
    Decode(DecodeIssue),
    /// The game family could not be told from the extension or the content.
    UnknownGame,
    /// The file holds no record of the family it was read as.
    NoRecords {
        /// The family's name, as in `no shatar records`.
        game: &'static str,
    },
    /// The file is empty (or white space only).
    EmptyFile,
    /// The file holds binary data (NUL bytes or control characters), not text.
    BinaryFile,
    /// A streamed input held more text than `limit` bytes without a record boundary;
    /// reading stopped there.
    RecordTooLarge {
        /// The limit, in bytes ([`crate::ReadOptions::max_record_size`]).
        limit: usize,
    },
    /// A text file met in a folder walk that holds no game record: skipped.
    NotARecordFile,
    /// The file could not be read at all.
    Io {
        /// What the operating system reported.
        kind: std::io::ErrorKind,
    },
    /// A conversion to `format` had no place for these parts of the record.
    LeftOut {
        /// The format converted to.
        format: Format,
        /// What it had no place for, in the order met.
        what: Vec<LeftOut>,
    },
}

impl Issue for FileIssue {
    fn code(&self) -> &'static str {
        match self {
            FileIssue::Decode(DecodeIssue::Malformed { .. }) => "bad-encoding",
            FileIssue::Decode(DecodeIssue::DeclaredMismatch { .. }) => "encoding-mismatch",
            FileIssue::Decode(DecodeIssue::UnknownLabel { .. }) => "unknown-charset",
            FileIssue::UnknownGame => "unknown-game",
            FileIssue::NoRecords { .. } => "no-records",
            FileIssue::Io { .. } => "io-error",
            FileIssue::NotARecordFile => "not-a-record-file",
            FileIssue::EmptyFile => "empty-file",
            FileIssue::BinaryFile => "binary-file",
            FileIssue::RecordTooLarge { .. } => "record-too-large",
            FileIssue::LeftOut { .. } => "left-out",
        }
    }

    fn message(&self) -> String {
        match self {
            FileIssue::Decode(issue) => issue.to_string(),
            FileIssue::UnknownGame => "cannot tell which game this file records".to_string(),
            FileIssue::NoRecords { game } => format!("no {game} record found in this file"),
            FileIssue::Io { kind } => format!("the file could not be read: {kind}"),
            FileIssue::NotARecordFile => "this text file holds no game record; skipped".to_string(),
            FileIssue::EmptyFile => "the file is empty".to_string(),
            FileIssue::BinaryFile => "the file holds binary data, not a text record".to_string(),
            FileIssue::RecordTooLarge { limit } => format!(
                "more than {} MiB of text without a record boundary; reading stopped",
                limit >> 20
            ),
            FileIssue::LeftOut { format, what } => {
                let names: Vec<String> = what.iter().map(LeftOut::to_string).collect();
                format!(
                    "{} has no place for {}; left out of this record's output",
                    format.name(),
                    names.join(", ")
                )
            }
        }
    }

    fn help(&self) -> Option<String> {
        match self {
            FileIssue::Decode(DecodeIssue::Malformed { .. }) => Some(
                "the bytes were replaced by U+FFFD; pass --encoding LABEL if the encoding was guessed wrong"
                    .to_string(),
            ),
            FileIssue::Decode(DecodeIssue::DeclaredMismatch { used, .. }) => {
                Some(format!("the file was read as {used}"))
            }
            FileIssue::Decode(DecodeIssue::UnknownLabel { .. }) => {
                Some("the encoding was detected from the bytes instead".to_string())
            }
            FileIssue::UnknownGame => {
                Some("pass --game shatar, --game draughts or --game go".to_string())
            }
            FileIssue::NoRecords { .. }
            | FileIssue::Io { .. }
            | FileIssue::EmptyFile => None,
            FileIssue::RecordTooLarge { .. } => Some(
                "pass --max-record-size BYTES (with K, M or G) to allow larger records".to_string(),
            ),
            FileIssue::BinaryFile => Some(
                "pass --encoding LABEL if this is text in an encoding qipu did not recognise"
                    .to_string(),
            ),
            FileIssue::NotARecordFile => {
                Some("name the file on the command line to have it read".to_string())
            }
            FileIssue::LeftOut { what, .. } => Some(
                if what.iter().all(|item| *item == LeftOut::ControlCharacters) {
                    "only JSON output keeps control characters"
                } else if what.iter().all(|item| matches!(item, LeftOut::SourceField(_))) {
                    "no format qipu writes has a place for them; the source file keeps them"
                } else {
                    "convert to a format that holds them (PGN, PDN or SGF) to keep them"
                }
                .to_string(),
            ),
        }
    }
}

/// Every kind of issue qipu reports: the file's own, or one of a game family's, which
/// the family defines (its `issue` module) and which is worded through [`Issue`]; nothing
/// here lists the families.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An issue of the file itself.
    File(FileIssue),
    /// An issue of a game family, defined by the family.
    Game(GameIssue),
}

impl Kind {
    /// A game family's issue.
    pub fn game(
        issue: impl Issue + Clone + PartialEq + fmt::Debug + Send + Sync + 'static,
    ) -> Kind {
        Kind::Game(GameIssue(Box::new(issue)))
    }

    fn issue(&self) -> &dyn Issue {
        match self {
            Kind::File(i) => i,
            Kind::Game(i) => i.0.as_issue(),
        }
    }

    /// Stable kebab-case identifier of the issue, such as `illegal-move`.
    pub fn code(&self) -> &'static str {
        self.issue().code()
    }

    /// What is wrong, in English.
    pub fn message(&self) -> String {
        self.issue().message()
    }

    /// What to do about it, in English, where there is advice to give.
    pub fn help(&self) -> Option<String> {
        self.issue().help()
    }

    /// The family's issue, if it is one of type `T` (`ShatarIssue`, `GoIssue`, …).
    pub fn game_issue<T: 'static>(&self) -> Option<&T> {
        match self {
            Kind::Game(issue) => issue.0.as_any().downcast_ref(),
            Kind::File(_) => None,
        }
    }
}

/// An issue of a game family, of the family's own type.
pub struct GameIssue(Box<dyn AnyIssue>);

/// What [`GameIssue`] needs of a family's issue type beside [`Issue`]: to be cloned,
/// compared and told apart by type. Every such type has it.
trait AnyIssue: Send + Sync {
    fn as_issue(&self) -> &dyn Issue;
    fn as_any(&self) -> &dyn std::any::Any;
    fn boxed(&self) -> Box<dyn AnyIssue>;
    fn same(&self, other: &dyn AnyIssue) -> bool;
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

impl<T: Issue + Clone + PartialEq + fmt::Debug + Send + Sync + 'static> AnyIssue for T {
    fn as_issue(&self) -> &dyn Issue {
        self
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn boxed(&self) -> Box<dyn AnyIssue> {
        Box::new(self.clone())
    }

    fn same(&self, other: &dyn AnyIssue) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl Clone for GameIssue {
    fn clone(&self) -> GameIssue {
        GameIssue(self.0.boxed())
    }
}

impl PartialEq for GameIssue {
    fn eq(&self, other: &GameIssue) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl Eq for GameIssue {}

impl fmt::Debug for GameIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.debug(f)
    }
}

/// A player, by the colour of their pieces. Families name their own colours (Shatar's
/// are white and blue, draughts' white and black, Go's black and white) and say which
/// of these each is; the names are what JSON and the human output print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// White: Shatar's and draughts' first player, Go's second.
    White,
    /// Black: Go's first player, draughts' second.
    Black,
    /// Blue: Shatar's second player (the rulebook's 蓝方).
    Blue,
}

impl Side {
    /// Lower-case English name, as JSON gives it (`"white"`, `"black"`, `"blue"`).
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
            Side::Blue => "blue",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One finding about one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How bad it is; only errors make the record invalid.
    pub severity: Severity,
    /// What the issue is, with its arguments.
    pub kind: Kind,
    /// Byte range in the decoded file text.
    pub span: Option<Span>,
    /// 1-based ply over the whole game.
    pub ply: Option<u32>,
    /// The move number the ply belongs to, as the record numbers it.
    pub move_number: Option<u32>,
    /// The player whose ply it is.
    pub side: Option<Side>,
}

impl Diagnostic {
    /// A diagnostic with no position in the game (see [`Diagnostic::at_ply`]).
    pub fn new(severity: Severity, kind: Kind, span: Option<Span>) -> Diagnostic {
        Diagnostic {
            severity,
            kind,
            span,
            ply: None,
            move_number: None,
            side: None,
        }
    }

    /// Sets where in the game the diagnostic belongs.
    pub fn at_ply(mut self, ply: u32, move_number: u32, side: Side) -> Diagnostic {
        self.ply = Some(ply);
        self.move_number = Some(move_number);
        self.side = Some(side);
        self
    }

    /// Stable kebab-case identifier of the issue (see [`Kind::code`]).
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// Binds the diagnostic to its file text, to print it with line and column.
    pub fn located<'a>(&'a self, text: &'a str, lines: &'a LineIndex) -> Located<'a> {
        Located {
            diagnostic: self,
            text,
            lines,
        }
    }
}

/// A diagnostic with the text it points into, as [`crate::json`] writes it.
pub struct Located<'a> {
    /// The diagnostic.
    pub diagnostic: &'a Diagnostic,
    /// The decoded file text its span points into.
    pub text: &'a str,
    /// Line starts of that text.
    pub lines: &'a LineIndex,
}

impl Located<'_> {
    /// 1-based line and character column of the start of the span.
    pub fn line_col(&self) -> Option<(usize, usize)> {
        let span = self.diagnostic.span.as_ref()?;
        Some(self.lines.line_col(self.text, span.start))
    }

    /// The source text the span covers.
    pub fn snippet(&self) -> Option<&str> {
        let span = self.diagnostic.span.as_ref()?;
        self.text.get(span.clone())
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}]: {}",
            self.severity.name(),
            self.code(),
            self.kind.message()
        )
    }
}
