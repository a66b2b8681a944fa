//! Writing records out: the formats and notation choices, and the record as the writers
//! see it, [`AnyRecord`]: a family's own record behind [`GameRecord`], which each family
//! implements with its writers.

use std::any::Any;
use std::fmt;

pub use crate::diag::{Fixed, LeftOut};
pub use crate::diagram::Pieces;
pub use crate::record::Format;
pub use crate::shape::{Shape, Strip, Stripped};

use crate::diagram::{Diagram, NoBoard, View};
use crate::record::{Game, Tags};
use crate::settings::Settings;
use crate::text::is_unwritable_control;

/// Choices that shape the written text, each family's of its own type (Shatar's text
/// notation, draughts' squares, Go's corrections): every family declares its own and
/// reads it with [`WriteOptions::get`]. A family given none writes with its defaults.
///
/// ```
/// use qipu::draughts::{PdnOptions, Squares};
/// use qipu::WriteOptions;
///
/// let numeric = PdnOptions { squares: Squares::Numeric, ..PdnOptions::default() };
/// let options = WriteOptions::default().with(numeric);
/// assert_eq!(options.get::<PdnOptions>(), numeric);
/// ```
#[derive(Clone, Debug, Default)]
pub struct WriteOptions(Settings);

impl WriteOptions {
    /// The options with a family's choices set, replacing those of the same type.
    pub fn with<T: Any + fmt::Debug + Send + Sync>(mut self, choices: T) -> WriteOptions {
        self.0.set(choices);
        self
    }

    /// The choices of type `T`: as set with [`WriteOptions::with`], else its defaults.
    pub fn get<T: Any + Clone + Default>(&self) -> T {
        self.0.get::<T>().cloned().unwrap_or_default()
    }
}

/// What of `record` a conversion to `format` cannot carry, sorted and without repeats.
/// Whether control characters are among them is seen in the written text, so this
/// writes the record; [`write_record_noting`] does both at the cost of one.
// Reached by the tests and fuzz targets; `convert` learns it from `write_record_noting`.
#[doc(hidden)]
pub fn left_out(record: &AnyRecord, format: Format) -> Vec<LeftOut> {
    let controls = written(record, "", 0, format, &WriteOptions::default())
        .is_ok_and(|(_, controls)| controls);
    sorted_left_out(record, format, controls)
}

fn sorted_left_out(record: &AnyRecord, format: Format, controls: bool) -> Vec<LeftOut> {
    let mut left_out = record.as_game_record().left_out(format);
    if controls {
        left_out.push(LeftOut::ControlCharacters);
    }
    left_out.sort();
    left_out.dedup();
    left_out
}

/// Why a record could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// The format does not carry this game (e.g. a Go record as PGN).
    Unsupported {
        /// The record's family.
        game: Game,
        /// The format asked for.
        format: Format,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Unsupported { game, format } => write!(
                f,
                "a {} record cannot be written as {}",
                game.name(),
                format.name()
            ),
        }
    }
}

impl WriteError {
    /// Why, in Chinese ([`fmt::Display`] gives the English).
    pub fn to_zh(&self) -> crate::lang::Zh {
        use crate::lang::{zh, Zh};
        match self {
            WriteError::Unsupported { game, format } => zh!(
                "{}棋谱不能写成 {} 格式",
                Zh::own(game.name_zh()),
                format.name()
            ),
        }
    }
}

impl std::error::Error for WriteError {}

impl WriteError {
    /// A `game` record offered to a `format` that does not carry that game.
    pub fn unsupported(game: Game, format: Format) -> WriteError {
        WriteError::Unsupported { game, format }
    }
}

/// Writes one record in `format`. JSON output is one line; the other formats end with
/// a newline and are separated from the next record by a blank line by the caller.
pub fn write_record(
    record: &AnyRecord,
    source: &str,
    index: usize,
    format: Format,
    options: &WriteOptions,
) -> Result<String, WriteError> {
    written(record, source, index, format, options).map(|(text, _)| text)
}

/// [`write_record`] and what the output left out of the record ([`left_out`]), from one
/// write: what `convert` needs of each record.
pub fn write_record_noting(
    record: &AnyRecord,
    source: &str,
    index: usize,
    format: Format,
    options: &WriteOptions,
) -> Result<(String, Vec<LeftOut>), WriteError> {
    let (text, controls) = written(record, source, index, format, options)?;
    Ok((text, sorted_left_out(record, format, controls)))
}

/// `convert --to json --positions` of one record: the JSON line, each move with the
/// position after it ([`GameRecord::write_json_positions`]), and what JSON left out of
/// the record.
pub fn write_json_positions_noting(
    record: &AnyRecord,
    source: &str,
    index: usize,
    options: &WriteOptions,
) -> (String, Vec<LeftOut>) {
    let text = record
        .as_game_record()
        .write_json_positions(source, index, options);
    (text, sorted_left_out(record, Format::Json, false))
}

/// The record in `format`, and whether it held unwritable control characters, which
/// the text formats write as their pictures (JSON escapes them). Such a record is
/// written again from a copy with the pictures, so that the text is normalised
/// (wrapped, merged, collapsed) as a reader of it will find it.
fn written(
    record: &AnyRecord,
    source: &str,
    index: usize,
    format: Format,
    options: &WriteOptions,
) -> Result<(String, bool), WriteError> {
    let record = record.as_game_record();
    let text = record.write(source, index, format, options)?;
    if format == Format::Json || !text.contains(is_unwritable_control) {
        return Ok((text, false));
    }
    let mut clean = record.boxed_clone();
    clean.picture_controls();
    Ok((clean.write(source, index, format, options)?, true))
}

/// What the writers and the pipeline need of a family's replayed record: its game, its writers, what
/// each format leaves out of it, and moving its spans when it was read from a block of a
/// larger text.
pub trait GameRecord: Any + fmt::Debug + Send + Sync + BoxedClone {
    /// The family the record belongs to.
    fn game(&self) -> Game;
    /// The record's tags (headers, game-info properties) as written.
    fn tags(&self) -> &Tags;
    /// The tag that holds a field every family has (`white`, `black`, `event`, `site`,
    /// `date`, `round`, `result`), as the family names it; PGN's by default.
    fn tag_of(&self, field: &str) -> Option<&'static str> {
        pgn_tag_of(field)
    }
    /// The record in `format` (one line for JSON), or why the format cannot carry it.
    fn write(
        &self,
        source: &str,
        index: usize,
        format: Format,
        options: &WriteOptions,
    ) -> Result<String, WriteError>;
    /// The record as [`GameRecord::write`] gives it in JSON, each move with the position
    /// after it (`position`: FEN for Shatar and draughts, a compact board for Go).
    fn write_json_positions(&self, source: &str, index: usize, options: &WriteOptions) -> String;
    /// What of the record a conversion to `format` cannot carry (unsorted).
    fn left_out(&self, format: Format) -> Vec<LeftOut>;
    /// Reshapes the record in place as the [`Shape`] of `options` asks (strips, cuts the
    /// main line), and counts what went; a second reshape finds nothing left to remove.
    fn reshape(&mut self, options: &WriteOptions) -> Stripped;
    /// What a conversion to `format` with `options` corrects (Go's `--fix`), in record
    /// order; none by default.
    fn corrections(&self, _format: Format, _options: &WriteOptions) -> Vec<Fixed> {
        Vec::new()
    }
    /// Writes every unwritable control character
    /// ([`crate::text::is_unwritable_control`]) of its text as its picture
    /// (`text::control_picture`): tags, comments, values, text kept around it.
    /// Its spans need not match any text afterwards.
    fn picture_controls(&mut self);
    /// Moves every span `offset` bytes on.
    fn shift(&mut self, offset: usize);
    /// The board that `view` asks for, replayed from the record's moves;
    /// [`NoBoard::PastTheEnd`] when the main line is shorter.
    fn diagram(&self, view: &View<'_>) -> Result<Diagram, NoBoard>;
}

/// The PGN tag of a field every family has.
pub(crate) fn pgn_tag_of(field: &str) -> Option<&'static str> {
    Some(match field {
        "white" => "White",
        "black" => "Black",
        "event" => "Event",
        "site" => "Site",
        "date" => "Date",
        "round" => "Round",
        "result" => "Result",
        _ => return None,
    })
}

/// A copy of a record behind [`GameRecord`]; every record type that is `Clone` has it.
#[doc(hidden)]
pub trait BoxedClone {
    /// A copy, boxed.
    fn boxed_clone(&self) -> Box<dyn GameRecord>;
}

impl<T: GameRecord + Clone> BoxedClone for T {
    fn boxed_clone(&self) -> Box<dyn GameRecord> {
        Box::new(self.clone())
    }
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

    /// Reshapes the record in place as the [`Shape`] of `options` asks, before it is
    /// written, and counts what it removed ([`GameRecord::reshape`]).
    ///
    /// ```
    /// use qipu::write::{Shape, Strip};
    /// use qipu::{read_str, ReadOptions, WriteOptions};
    ///
    /// let pgn = "[Event \"?\"]\n[Variant \"Shatar\"]\n\n1. e4 {solid} e5 2. Ke2 (2. Nf3) 2... Bb4 *\n";
    /// let read = ReadOptions { keep_records: true, ..ReadOptions::default() };
    /// let document = read_str("a.pgn", pgn, &read);
    /// let mut record = document.records[0].record.clone().unwrap();
    /// let shape = Shape::default().stripping(Strip::Comments).stripping(Strip::Variations);
    /// let stripped = record.reshape(&WriteOptions::default().with(shape));
    /// assert_eq!((stripped.comments, stripped.variations), (1, 1));
    /// ```
    pub fn reshape(&mut self, options: &WriteOptions) -> Stripped {
        self.0.reshape(options)
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
