//! `qipu.Record` and `qipu.Diagnostic`: one record as read, its fields computed from
//! the library's model when asked for, each family's moves in their natural form.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyDict, PyList, PySet, PyString, PyTuple};
use qipu::draughts::{DraughtsRecord, Numbering};
use qipu::go::{Color, GoRecord, Point};
use qipu::lang::Lang;
use qipu::record::{Record as Kept, Tags};
use qipu::shatar::ShatarMove;
use qipu::write::Format;
use qipu::{AnyRecord, Document, RecordReport};

/// A record as its family keeps it.
enum Family<'a> {
    Shatar(&'a Kept<ShatarMove>),
    Draughts(&'a DraughtsRecord),
    Go(&'a GoRecord),
}

fn family(record: &AnyRecord) -> Option<Family<'_>> {
    if let Some(record) = record.downcast_ref::<Kept<ShatarMove>>() {
        return Some(Family::Shatar(record));
    }
    if let Some(record) = record.downcast_ref::<DraughtsRecord>() {
        return Some(Family::Draughts(record));
    }
    record.downcast_ref::<GoRecord>().map(Family::Go)
}

/// `collections.namedtuple("ShatarMove", "san uci")`, made once.
static SHATAR_MOVE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

pub fn shatar_move_type(py: Python<'_>) -> PyResult<&Py<PyAny>> {
    SHATAR_MOVE.get_or_try_init(py, || {
        let namedtuple = py.import("collections")?.getattr("namedtuple")?;
        let class = namedtuple.call1(("ShatarMove", ("san", "uci")))?;
        class.setattr("__module__", "qipu")?;
        class.setattr(
            "__doc__",
            "A Shatar move: its SAN (English letters, `+`/`#`) and its UCI form (`e2e4`, `a7a8q`).",
        )?;
        Ok(class.unbind())
    })
}

/// `json.loads`, looked up once.
static JSON_LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

pub fn json_loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    let loads = JSON_LOADS.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("json")?.getattr("loads")?.unbind())
    })?;
    loads.bind(py).call1((text,))
}

/// A game record as read: what it says (tags, moves, result, setup) and what its replay
/// found (valid, plies, diagnostics). A record with errors is a record like any other;
/// reading never raises for one.
#[pyclass(module = "qipu", frozen)]
pub struct Record {
    document: Arc<Document>,
    at: usize,
}

impl Record {
    pub fn new(document: Arc<Document>, at: usize) -> Record {
        Record { document, at }
    }

    fn report(&self) -> &RecordReport {
        &self.document.records[self.at]
    }

    fn kept(&self) -> Option<Family<'_>> {
        family(self.report().record.as_ref()?)
    }

    fn tags_of(&self) -> Option<&Tags> {
        Some(match self.kept()? {
            Family::Shatar(r) => &r.tags,
            Family::Draughts(r) => &r.tags,
            Family::Go(r) => &r.tags,
        })
    }

    fn go(&self, what: &str) -> PyResult<&GoRecord> {
        match self.kept() {
            Some(Family::Go(record)) => Ok(record),
            _ => Err(PyValueError::new_err(format!(
                "{}: record {}: {what} is for Go records",
                self.document.source,
                self.report().index
            ))),
        }
    }

    fn nothing_to_write(&self) -> PyErr {
        PyValueError::new_err(format!(
            "{}: record {}: nothing was read that could be written",
            self.document.source,
            self.report().index
        ))
    }
}

/// sgfmill's `(row, col)`: row 0 at the bottom, column 0 at the left.
fn row_col(point: Point, height: u8) -> (i32, i32) {
    (
        i32::from(height) - 1 - i32::from(point.y),
        i32::from(point.x),
    )
}

fn colour(color: Color) -> &'static str {
    match color {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// The colours in the arrays: 1 Black, 2 White (0 an empty point).
fn colour_code(color: Color) -> i16 {
    match color {
        Color::Black => 1,
        Color::White => 2,
    }
}

#[pymethods]
impl Record {
    /// Where the record came from: the path as given (or found in a folder), or the
    /// name given with bytes.
    #[getter]
    fn source(&self) -> &str {
        &self.document.source
    }

    /// The record's place in its file, from 0 (in a shard: in the shard).
    #[getter]
    fn index(&self) -> usize {
        self.report().index
    }

    /// `"shatar"`, `"draughts"`, `"go"`, or None when nothing looked like a record.
    #[getter]
    fn game(&self) -> Option<&'static str> {
        self.report().game.map(|g| g.name())
    }

    /// The rules variant: `"russian"`, `"brazilian"` for draughts, `"chess"` for a PGN
    /// game that is not Shatar; None otherwise.
    #[getter]
    fn variant(&self) -> Option<&'static str> {
        if let Some(variant) = self.report().variant {
            return Some(variant.name());
        }
        match self.kept()? {
            Family::Shatar(record) => record.variant.map(|_| "chess"),
            _ => None,
        }
    }

    /// The encoding the file was decoded from (`"UTF-8"`, `"GB18030"`, …); None when no
    /// text could be read.
    #[getter]
    fn encoding(&self) -> Option<&'static str> {
        Some(self.document.encoding_of(self.report())).filter(|e| !e.is_empty())
    }

    /// The tags in the record's order (PGN and PDN tags, SGF game information,
    /// scoresheet headers); a tag given more than once is one key whose value is the
    /// list of its values, as in the JSON.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        let Some(tags) = self.tags_of() else {
            return Ok(dict);
        };
        for (name, value) in &tags.0 {
            match dict.get_item(name)? {
                None => dict.set_item(name, value)?,
                Some(earlier) => match earlier.cast::<PyList>() {
                    Ok(list) => list.append(value)?,
                    Err(_) => dict.set_item(
                        name,
                        PyList::new(py, [earlier, PyString::new(py, value).into_any()])?,
                    )?,
                },
            }
        }
        Ok(dict)
    }

    /// The result as the family writes it (`"1-0"`, `"2-0"`, `"B+3.5"`), or None.
    #[getter]
    fn result(&self) -> Option<String> {
        match self.kept()? {
            Family::Shatar(r) => r.result.as_ref().map(ToString::to_string),
            Family::Draughts(r) => r.result.as_ref().map(ToString::to_string),
            Family::Go(r) => r.result.as_ref().map(ToString::to_string),
        }
    }

    /// True iff no diagnostic is an error.
    #[getter]
    fn valid(&self) -> bool {
        self.report().valid()
    }

    /// Moves replayed legally (the main line up to its first error).
    #[getter]
    fn plies(&self) -> u32 {
        self.report().plies
    }

    /// What reading and replaying found, in order: `Diagnostic`s.
    #[getter]
    fn diagnostics(&self) -> Vec<Diagnostic> {
        let document = &self.document;
        self.report()
            .diagnostics
            .iter()
            .map(|d| {
                let located = d.located(&document.text, &document.lines);
                let (line, column) = located.line_col().unzip();
                let (message, help) = d.kind.text_in(Lang::En);
                Diagnostic {
                    severity: d.severity.name(),
                    code: d.code(),
                    message,
                    help,
                    line,
                    column,
                    ply: d.ply,
                    move_number: d.move_number,
                    side: d.side.map(|s| s.name()),
                    text: located.snippet().map(str::to_string),
                }
            })
            .collect()
    }

    /// The main line's replayed moves, in the family's natural form. Go: sgfmill's
    /// `(colour, (row, col))`, colour `"b"` or `"w"`, row 0 at the bottom, `None` for a
    /// pass. Shatar: `ShatarMove(san, uci)`. Draughts: the squares of the path, start
    /// and every landing, in the rulebook's numbers (1 = a1).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        match self.kept() {
            None => {}
            Some(Family::Shatar(record)) => {
                let class = shatar_move_type(py)?.bind(py);
                for node in &record.moves {
                    let uci = node.mv.mv.uci().to_string();
                    list.append(class.call1((node.mv.san.as_str(), uci))?)?;
                }
            }
            Some(Family::Draughts(record)) => {
                for node in &record.moves {
                    let path = node
                        .mv
                        .mv
                        .path()
                        .iter()
                        .map(|sq| sq.number(Numbering::Rulebook));
                    list.append(PyTuple::new(py, path)?)?;
                }
            }
            Some(Family::Go(record)) => {
                let (_, height) = record.board_size();
                for node in &record.moves {
                    let point = node.mv.point.map(|p| row_col(p, height));
                    list.append((colour(node.mv.color), point))?;
                }
            }
        }
        Ok(list)
    }

    /// The start position when it is not the standard one, else None. Shatar and
    /// draughts: its FEN. Go: the setup stones as sgfmill gives them, `(black, white)`,
    /// two sets of `(row, col)`.
    #[getter]
    fn setup<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        Ok(match self.kept() {
            Some(Family::Shatar(record)) => record
                .start
                .as_ref()
                .map(|start| PyString::new(py, &start.to_string()).into_any()),
            Some(Family::Draughts(record)) => record
                .start
                .as_ref()
                .map(|start| PyString::new(py, &start.to_string()).into_any()),
            Some(Family::Go(record)) => match &record.start {
                Some(setup) => {
                    let (_, height) = record.board_size();
                    let black = PySet::new(py, setup.black.iter().map(|&p| row_col(p, height)))?;
                    let white = PySet::new(py, setup.white.iter().map(|&p| row_col(p, height)))?;
                    Some(PyTuple::new(py, [black, white])?.into_any())
                }
                None => None,
            },
            None => None,
        })
    }

    /// The rest of the main line as written, from the first move that could not be
    /// replayed; None when every move was.
    #[getter]
    fn unreplayed(&self) -> Option<String> {
        match self.kept()? {
            Family::Shatar(r) => r.unreplayed.clone(),
            Family::Draughts(r) => r.unreplayed.clone(),
            Family::Go(r) => r.unreplayed.clone(),
        }
    }

    /// Where the shard this record was read from lies, `(k, n, offset)`: its index and
    /// lines count from byte `offset` of the file. None when the whole input was read.
    #[getter]
    fn shard(&self) -> Option<(u32, u32, u64)> {
        let place = self.document.shard?;
        Some((place.shard.index(), place.shard.count(), place.offset))
    }

    /// The record written as `qipu convert --to FORMAT` writes it, with the same
    /// options: `format` one of `"pgn"`, `"pdn"`, `"sgf"`, `"json"`, `"text"`;
    /// `notation` (`"full"`, `"short"`) and `pieces` (`"latin"`, `"zh"`) for Shatar
    /// text; `squares` (`"algebraic"`, `"numeric"`) and `results` (`"standard"`,
    /// `"points"`) for draughts; `fix` for SGF; `positions` for JSON. Raises
    /// ValueError when the format cannot carry the record's game.
    #[pyo3(signature = (format, *, notation="full", pieces="latin", squares="algebraic", results=None, fix=false, positions=false))]
    #[allow(clippy::too_many_arguments)]
    fn to(
        &self,
        py: Python<'_>,
        format: &str,
        notation: &str,
        pieces: &str,
        squares: &str,
        results: Option<&str>,
        fix: bool,
        positions: bool,
    ) -> PyResult<String> {
        let format = Format::of_name(format).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown format {format:?}: one of pgn, pdn, sgf, json, text"
            ))
        })?;
        if positions && format != Format::Json {
            return Err(PyValueError::new_err("positions is for the json format"));
        }
        let options = crate::options::write_options(notation, pieces, squares, results, fix)?;
        let record = self
            .report()
            .record
            .as_ref()
            .ok_or_else(|| self.nothing_to_write())?;
        let (source, index) = (self.document.source.as_str(), self.report().index);
        py.detach(|| {
            if positions {
                return Ok(record
                    .as_game_record()
                    .write_json_positions(source, index, &options));
            }
            qipu::write_record(record, source, index, format, &options)
        })
        .map_err(|err| PyValueError::new_err(format!("{source}: record {index}: {err}")))
    }

    /// The record's object of `qipu convert --to json` (with `positions`: of
    /// `--positions`), as a dict.
    #[pyo3(signature = (*, positions=false))]
    fn to_json<'py>(&self, py: Python<'py>, positions: bool) -> PyResult<Bound<'py, PyAny>> {
        let line = self.to(
            py,
            "json",
            "full",
            "latin",
            "algebraic",
            None,
            false,
            positions,
        )?;
        json_loads(py, &line)
    }

    /// The record's object of `qipu validate --format json`, as a dict: what
    /// `qipu.validate` yields for it (`lang`: `"en"`, `"zh"`, `"zh-Hant"` for the
    /// messages).
    #[pyo3(signature = (*, lang="en"))]
    fn report_json<'py>(&self, py: Python<'py>, lang: &str) -> PyResult<Bound<'py, PyAny>> {
        let lang = crate::options::lang(lang)?;
        let line = qipu::json::report_line_in(&self.document, self.report(), lang);
        json_loads(py, &line)
    }

    /// Go: the moves as a NumPy array of int16, shape `(n, 3)`: colour (1 Black, 2
    /// White), row, column (sgfmill's orientation, row 0 at the bottom); a pass is
    /// `(colour, -1, -1)`. ValueError for other games.
    fn moves_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let record = self.go("moves_array")?;
        let (_, height) = record.board_size();
        let moves = &record.moves;
        let mut values: Vec<i16> = Vec::with_capacity(3 * moves.len());
        for node in moves {
            let (row, col) = node.mv.point.map_or((-1, -1), |p| row_col(p, height));
            values.extend([colour_code(node.mv.color), row as i16, col as i16]);
        }
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        array(py, &bytes, "int16", (moves.len(), 3))
    }

    /// Go: the board after each move as a NumPy array of int8, shape `(n, rows,
    /// columns)`: 0 empty, 1 Black, 2 White, captures taken, `[i, row, col]` in the
    /// orientation of `moves` (row 0 at the bottom); setup stones stand from the start.
    /// ValueError for other games.
    fn positions_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let record = self.go("positions_array")?;
        let (width, height) = record.board_size();
        let n = record.moves.len();
        let bytes = py.detach(|| {
            let plane = usize::from(width) * usize::from(height);
            let mut bytes = Vec::with_capacity(n * plane);
            record.replay(|_, board| {
                for row in (0..height).rev() {
                    for x in 0..width {
                        let stone = board.get(Point::new(x, row));
                        bytes.push(stone.map_or(0, |c| colour_code(c) as u8));
                    }
                }
            });
            bytes
        });
        array(
            py,
            &bytes,
            "int8",
            (n, usize::from(height), usize::from(width)),
        )
    }

    fn __repr__(&self) -> String {
        let report = self.report();
        format!(
            "<qipu.Record {} {}#{} {} plies={}>",
            report.game.map_or("unknown", |g| g.name()),
            self.document.source,
            report.index,
            if report.valid() { "valid" } else { "invalid" },
            report.plies
        )
    }
}

/// A NumPy array of `dtype` and `shape` over a copy of `bytes` (writable).
fn array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: impl IntoPyObject<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let buffer = PyByteArray::new(py, bytes);
    numpy
        .call_method1("frombuffer", (buffer, dtype))?
        .call_method1("reshape", (shape,))
}

/// One diagnostic: `severity` (`"error"`, `"warning"`, `"note"`), its stable `code`,
/// the `message` and `help` in English, where it is (`line`, `column`: 1-based, the
/// column in characters; `ply`, `move_number`, `side`), and the `text` it points at.
#[pyclass(module = "qipu", frozen, get_all)]
pub struct Diagnostic {
    severity: &'static str,
    code: &'static str,
    message: String,
    help: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
    ply: Option<u32>,
    move_number: Option<u32>,
    side: Option<&'static str>,
    text: Option<String>,
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        let at = match (self.line, self.column) {
            (Some(line), Some(column)) => format!(" at {line}:{column}"),
            _ => String::new(),
        };
        format!(
            "<qipu.Diagnostic {} {}{at}: {}>",
            self.severity, self.code, self.message
        )
    }
}
