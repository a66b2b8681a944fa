//! `qipu` for Python: the library's readers behind `qipu.read`, `qipu.read_many` and
//! `qipu.validate`, records as `qipu.Record`. Reading happens with the GIL released, on
//! qipu's thread pool; records are handed out one by one as their input is read.

mod inputs;
mod options;
mod record;

use std::collections::VecDeque;
use std::io;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};
use qipu::lang::Lang;
use qipu::shard::Shard;
use qipu::{Document, ReadOptions, Severity};

use inputs::{Entry, Event, Feed};
use record::{json_loads, Diagnostic, Record};

/// Inputs read in parallel per batch by `read_many` (as the command line does).
const BATCH: usize = 512;

/// An `OSError` naming the file, of the subclass its error number calls for
/// (`FileNotFoundError`, `PermissionError`, …).
fn os_error(name: &str, error: &io::Error) -> PyErr {
    match error.raw_os_error() {
        Some(code) => PyOSError::new_err((code, error.to_string(), name.to_string())),
        None => PyOSError::new_err(format!("{name}: {error}")),
    }
}

/// Paths (a str, a path, or a list of them) or bytes, as entries.
fn entries(
    source: &Bound<'_, PyAny>,
    name: Option<&str>,
    shard: Option<Shard>,
) -> PyResult<Vec<Entry>> {
    if let Ok(bytes) = source.cast::<PyBytes>() {
        return Ok(bytes_entry(name, bytes.as_bytes().to_vec()));
    }
    if let Ok(bytes) = source.cast::<PyByteArray>() {
        return Ok(bytes_entry(name, bytes.to_vec()));
    }
    let paths = paths(source)?;
    Ok(inputs::collect(&paths, shard))
}

fn bytes_entry(name: Option<&str>, data: Vec<u8>) -> Vec<Entry> {
    vec![Entry::Bytes {
        name: name.unwrap_or("<bytes>").to_string(),
        data: Arc::new(data),
    }]
}

/// One path (`str`, `os.PathLike`) or an iterable of them.
fn paths(source: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    let fspath = |item: &Bound<'_, PyAny>| -> PyResult<PathBuf> {
        let os = item.py().import("os")?;
        os.call_method1("fspath", (item,))?
            .extract::<PathBuf>()
            .map_err(|_| PyTypeError::new_err("a path is a str or an os.PathLike of one"))
    };
    if source.is_instance_of::<PyString>() || source.hasattr("__fspath__")? {
        return Ok(vec![fspath(source)?]);
    }
    let mut paths = Vec::new();
    for item in source
        .try_iter()
        .map_err(|_| PyTypeError::new_err("expected a path, bytes, or an iterable of paths"))?
    {
        paths.push(fspath(&item?)?);
    }
    Ok(paths)
}

/// Raises for the first path named that cannot be read (reading never raises for a
/// record).
fn check_named(entries: &[Entry]) -> PyResult<()> {
    for entry in entries {
        if let Entry::Missing { error, .. } = entry {
            return Err(os_error(&entry.name(), error));
        }
    }
    Ok(())
}

/// A thread pool of `threads` threads, or qipu's own (every core) for None.
fn pool(threads: Option<usize>) -> PyResult<Option<Arc<rayon::ThreadPool>>> {
    match threads {
        None => Ok(None),
        Some(0) => Err(PyValueError::new_err("threads must be at least 1")),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map(|pool| Some(Arc::new(pool)))
            .map_err(|err| PyValueError::new_err(err.to_string())),
    }
}

/// The reading state behind an iterator: the feed, and the records of the document
/// being handed out.
struct Reading {
    feed: Feed,
    document: Option<Arc<Document>>,
    next: usize,
}

impl Reading {
    fn new(feed: Feed) -> Reading {
        Reading {
            feed,
            document: None,
            next: 0,
        }
    }

    /// The next record, reading on (GIL released) when the document is used up.
    fn next_record(&mut self, py: Python<'_>) -> PyResult<Option<Record>> {
        loop {
            if let Some(document) = &self.document {
                if self.next < document.records.len() {
                    self.next += 1;
                    return Ok(Some(Record::new(document.clone(), self.next - 1)));
                }
                self.document = None;
            }
            let feed = &mut self.feed;
            match py.detach(|| feed.next()) {
                None => return Ok(None),
                Some(Event::Failed { name, error }) => return Err(os_error(&name, &error)),
                Some(Event::Document {
                    document,
                    walked_text,
                }) => {
                    if walked_text && document.not_a_record_file() {
                        continue;
                    }
                    if document.read_failed() {
                        let message = document.records[0].diagnostics[0].kind.message();
                        return Err(PyOSError::new_err(format!(
                            "{}: {message}",
                            document.source
                        )));
                    }
                    self.document = Some(Arc::new(document));
                    self.next = 0;
                }
            }
        }
    }
}

/// The records of the inputs, in input order, read as they are asked for: an iterator
/// of `qipu.Record`. `lines_read` says where the last input streamed ended.
#[pyclass(module = "qipu")]
pub struct Reader(Mutex<Reading>);

#[pymethods]
impl Reader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Record>> {
        self.0.lock().expect("one reader at a time").next_record(py)
    }

    /// `(line_ends, columns)`: the line ends of the last input read piece by piece (a
    /// shard, a file over 8 MB) and the characters after the last; after a shard, what
    /// the next shard of the same file numbers its lines on from.
    #[getter]
    fn lines_read(&self) -> (usize, usize) {
        self.0
            .lock()
            .expect("one reader at a time")
            .feed
            .lines_read()
    }
}

#[allow(clippy::too_many_arguments)]
fn reader(
    source: &Bound<'_, PyAny>,
    name: Option<&str>,
    game: Option<&str>,
    encoding: Option<&str>,
    rules: Option<&str>,
    variant: Option<&str>,
    repair: bool,
    shard: Option<(u32, u32)>,
    max_record_size: Option<usize>,
    batch: usize,
    threads: Option<usize>,
) -> PyResult<Reader> {
    let options = options::read_options(game, encoding, rules, variant, repair, max_record_size)?;
    let shard = options::shard(shard)?;
    let entries = entries(source, name, shard)?;
    check_named(&entries)?;
    let feed = Feed::new(entries, options, shard, batch, pool(threads)?);
    Ok(Reader(Mutex::new(Reading::new(feed))))
}

/// Reads the records of a file, a folder (walked as `qipu validate` walks it) or bytes,
/// lazily: an iterator of `Record`, in file order. A large file is streamed piece by
/// piece, as the command line reads it, so memory stays flat. Records with errors are
/// records too (see `Record.valid` and `Record.diagnostics`); a path that cannot be read
/// raises `OSError`, an option qipu does not know `ValueError`.
///
/// `name` names bytes (its extension may tell the family). `game` (`"shatar"`,
/// `"draughts"`, `"go"`), `encoding` (a label: `"GB18030"`, `"Shift_JIS"`, …), `rules`
/// (Go: `"chinese"`, `"japanese"`, `"korean"`, `"aga"`, `"nz"`, `"tromp-taylor"`,
/// `"ing"`), `variant` (draughts: `"russian"`, `"brazilian"`) and `repair` are the
/// command line's options. `shard=(k, n)` reads shard `k` of `n` only (see
/// `qipu validate --shard`): of a file or bytes, the records that start in its `k`-th
/// of `n` byte ranges, numbered from the shard's start; of a folder, the files whose
/// path hashes to `k`.
#[pyfunction]
#[pyo3(signature = (source, *, name=None, game=None, encoding=None, rules=None, variant=None, repair=false, shard=None, max_record_size=None))]
#[allow(clippy::too_many_arguments)]
fn read(
    source: &Bound<'_, PyAny>,
    name: Option<&str>,
    game: Option<&str>,
    encoding: Option<&str>,
    rules: Option<&str>,
    variant: Option<&str>,
    repair: bool,
    shard: Option<(u32, u32)>,
    max_record_size: Option<usize>,
) -> PyResult<Reader> {
    reader(
        source,
        name,
        game,
        encoding,
        rules,
        variant,
        repair,
        shard,
        max_record_size,
        1,
        None,
    )
}

/// `read` over many paths (files and folders), reading up to 512 files at a time in
/// parallel on `threads` threads (None: every core), with the GIL released; records
/// come in input order. Options as for `read`.
#[pyfunction]
#[pyo3(signature = (paths, *, threads=None, game=None, encoding=None, rules=None, variant=None, repair=false, shard=None, max_record_size=None))]
#[allow(clippy::too_many_arguments)]
fn read_many(
    paths: &Bound<'_, PyAny>,
    threads: Option<usize>,
    game: Option<&str>,
    encoding: Option<&str>,
    rules: Option<&str>,
    variant: Option<&str>,
    repair: bool,
    shard: Option<(u32, u32)>,
    max_record_size: Option<usize>,
) -> PyResult<Reader> {
    reader(
        paths,
        None,
        game,
        encoding,
        rules,
        variant,
        repair,
        shard,
        max_record_size,
        BATCH,
        threads,
    )
}

/// The state behind `validate`: the feed, and the JSON objects of the document read.
struct Validating {
    feed: Feed,
    lines: VecDeque<String>,
    lang: Lang,
    quiet: bool,
    deny_warnings: bool,
}

/// The JSON lines of a document, as `validate --format json` prints them (`quiet`:
/// those of the records that fail).
fn report_lines(
    document: &Document,
    lang: Lang,
    quiet: bool,
    deny_warnings: bool,
) -> VecDeque<String> {
    document
        .records
        .iter()
        .filter(|r| !quiet || fails(r, deny_warnings))
        .map(|r| qipu::json::report_line_in(document, r, lang))
        .collect()
}

/// Whether a record makes the run fail: an error, or a warning under `deny_warnings`.
fn fails(report: &qipu::RecordReport, deny_warnings: bool) -> bool {
    !report.valid()
        || (deny_warnings
            && report
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Warning))
}

/// The objects of `qipu validate --format json`, one dict per record, in input order.
#[pyclass(module = "qipu")]
pub struct Reports(Mutex<Validating>);

#[pymethods]
impl Reports {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let mut guard = self.0.lock().expect("one reader at a time");
        let state = &mut *guard;
        loop {
            if let Some(line) = state.lines.pop_front() {
                return json_loads(py, &line).map(Some);
            }
            let feed = &mut state.feed;
            let document = match py.detach(|| feed.next()) {
                None => return Ok(None),
                Some(Event::Failed { name, error }) => Document::unreadable(&name, &error),
                Some(Event::Document {
                    document,
                    walked_text,
                }) => {
                    if walked_text && document.not_a_record_file() {
                        continue;
                    }
                    document
                }
            };
            let (lang, quiet, deny_warnings) = (state.lang, state.quiet, state.deny_warnings);
            state.lines = py.detach(|| report_lines(&document, lang, quiet, deny_warnings));
        }
    }

    /// As `Reader.lines_read`.
    #[getter]
    fn lines_read(&self) -> (usize, usize) {
        self.0
            .lock()
            .expect("one reader at a time")
            .feed
            .lines_read()
    }
}

/// The dicts `qipu validate --format json PATHS` prints, one per record, in input
/// order: files and folders walked and read as the command line reads them (in
/// parallel, GIL released); a file that cannot be read gives its `io-error` object, as
/// the command line does. `quiet` keeps only the records that fail (errors, or warnings
/// with `deny_warnings`); `lang` words the messages (`"en"`, `"zh"`, `"zh-Hant"`).
/// The other options are `read`'s.
#[pyfunction]
#[pyo3(signature = (paths, *, quiet=false, deny_warnings=false, lang="en", threads=None, game=None, encoding=None, rules=None, variant=None, repair=false, shard=None, max_record_size=None))]
#[allow(clippy::too_many_arguments)]
fn validate(
    paths: &Bound<'_, PyAny>,
    quiet: bool,
    deny_warnings: bool,
    lang: &str,
    threads: Option<usize>,
    game: Option<&str>,
    encoding: Option<&str>,
    rules: Option<&str>,
    variant: Option<&str>,
    repair: bool,
    shard: Option<(u32, u32)>,
    max_record_size: Option<usize>,
) -> PyResult<Reports> {
    let mut read_options: ReadOptions =
        options::read_options(game, encoding, rules, variant, repair, max_record_size)?;
    // Validation alone needs no kept records.
    read_options.keep_records = false;
    let shard = options::shard(shard)?;
    let lang = options::lang(lang)?;
    let entries = entries(paths, None, shard)?;
    let feed = Feed::new(entries, read_options, shard, BATCH, pool(threads)?);
    Ok(Reports(Mutex::new(Validating {
        feed,
        lines: VecDeque::new(),
        lang,
        quiet,
        deny_warnings,
    })))
}

/// The files `qipu validate PATHS` reads, in its order: folders walked recursively in
/// name order (hidden names skipped, record extensions only), files as named; with
/// `shard=(k, n)`, the files of folders that hash to `k` (files named are kept: a
/// shard reads its part of them).
#[pyfunction]
#[pyo3(signature = (paths, *, shard=None))]
fn files(paths: &Bound<'_, PyAny>, shard: Option<(u32, u32)>) -> PyResult<Vec<String>> {
    let shard = options::shard(shard)?;
    Ok(inputs::collect(&self::paths(paths)?, shard)
        .iter()
        .map(Entry::name)
        .collect())
}

/// qipu (棋谱): read, validate and convert Shatar, 64-square draughts and Go records.
#[pymodule]
fn _qipu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(read_many, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(files, m)?)?;
    m.add_class::<Record>()?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<Reader>()?;
    m.add_class::<Reports>()?;
    m.add(
        "ShatarMove",
        record::shatar_move_type(m.py())?.clone_ref(m.py()),
    )?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
