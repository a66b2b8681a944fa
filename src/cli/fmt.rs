//! `qipu fmt`: each file rewritten where it is, in its own format, as `convert` writes
//! that format (rustfmt's and prettier's model): `--check` lists the files that would
//! change and fails if any would, `--diff` shows how. A file is rewritten only when every
//! record of it can be written, so nothing is ever lost; records with errors are written
//! as `convert` keeps them.

use std::io::{self, Write};
use std::path::Path;

use qipu::lang::Lang;
use qipu::write::{Format, WriteOptions};
use qipu::{zh, Document, ReadOptions};

use super::failure;
use super::inputs::{self, Excluded, Input};
use super::output::{has_extension_of, AtomicFile, RecordWriter};
use super::summary::counted;
use super::Status;

/// What `fmt` is asked to do.
pub struct Fmt {
    /// Change nothing: list the files that would change.
    pub check: bool,
    /// Change nothing: print a unified diff of what would change.
    pub diff: bool,
    pub options: ReadOptions,
    pub lang: Lang,
}

/// What happened to one file.
enum Outcome {
    Unchanged,
    /// Rewritten, or (under `--check` or `--diff`) it would be.
    Changed,
    /// Left as it is, for the reason given on standard error.
    Left,
    Failed,
}

/// Counts for the closing line.
#[derive(Default)]
struct Counts {
    files: usize,
    changed: usize,
    left: usize,
    failed: usize,
}

impl Fmt {
    pub fn run(&self, paths: &[String]) -> io::Result<Status> {
        let mut counts = Counts::default();
        let mut status = Status::Valid;
        let mut out = io::stdout().lock();
        for input in inputs::collect(paths, &Excluded::default()) {
            let outcome = self.file(&input, &mut out)?;
            counts.files += 1;
            match outcome {
                Outcome::Unchanged => {}
                Outcome::Changed => {
                    counts.changed += 1;
                    if self.check || self.diff {
                        status = status.max(Status::Invalid);
                    }
                }
                Outcome::Left => counts.left += 1,
                Outcome::Failed => {
                    counts.failed += 1;
                    status = Status::Failure;
                }
            }
        }
        out.flush()?;
        writeln!(io::stderr(), "{}", self.closing_line(&counts))?;
        Ok(status)
    }

    /// `qipu fmt: 3 files: 1 reformatted, 2 unchanged`.
    fn closing_line(&self, counts: &Counts) -> String {
        let unchanged = counts.files - counts.changed - counts.left - counts.failed;
        let would = self.check || self.diff;
        self.lang.say(
            || {
                let mut line = format!(
                    "qipu: fmt: {}: {} {}, {unchanged} unchanged",
                    counted(counts.files, "file"),
                    counts.changed,
                    if would {
                        "would be reformatted"
                    } else {
                        "reformatted"
                    },
                );
                if counts.left > 0 {
                    line.push_str(&format!(", {} left as they are", counts.left));
                }
                if counts.failed > 0 {
                    line.push_str(&format!(", {} unreadable", counts.failed));
                }
                line
            },
            || {
                let mut line = zh!(
                    "qipu: fmt：{} 个文件：{} 个{}，{} 个不变",
                    counts.files,
                    counts.changed,
                    qipu::lang::Zh::own(if would { "需要重排" } else { "已重排" }),
                    unchanged
                );
                if counts.left > 0 {
                    line.push(&zh!("，{} 个保持原样", counts.left));
                }
                if counts.failed > 0 {
                    line.push(&zh!("，{} 个无法读取", counts.failed));
                }
                line
            },
        )
    }

    fn file(&self, input: &Input, out: &mut dyn Write) -> io::Result<Outcome> {
        let lang = self.lang;
        let path = match input {
            Input::File { path, .. } => path,
            Input::Stdin => {
                let line = lang.say(
                    || "qipu: fmt: formats files in place, not standard input".to_string(),
                    || zh!("qipu: fmt：只就地重排文件，不处理标准输入"),
                );
                writeln!(io::stderr(), "{line}")?;
                return Ok(Outcome::Failed);
            }
            Input::Missing { path, error } => {
                let line = failure::cannot_read(&path.display().to_string(), error.kind(), lang);
                writeln!(io::stderr(), "qipu: {line}")?;
                return Ok(Outcome::Failed);
            }
            Input::NoRecordFiles { path } => {
                let name = path.display();
                let line = lang.say(
                    || format!("qipu: fmt: {name}: no record files in this directory"),
                    || zh!("qipu: fmt：{}：此文件夹中没有棋谱文件", name),
                );
                writeln!(io::stderr(), "{line}")?;
                return Ok(Outcome::Failed);
            }
        };
        let Some(format) = own_format(path) else {
            return self.leave(path, LeftBecause::NoWriter);
        };
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(error) => {
                let line = failure::cannot_read(&path.display().to_string(), error.kind(), lang);
                writeln!(io::stderr(), "qipu: {line}")?;
                return Ok(Outcome::Failed);
            }
        };
        let name = path.display().to_string();
        let document = qipu::read_document(&name, &bytes, &self.options);
        if document.read_failed() {
            for diagnostic in document.records.iter().flat_map(|r| &r.diagnostics) {
                if let Some(line) = super::unreadable_line(&document, &diagnostic.kind, lang) {
                    writeln!(io::stderr(), "qipu: {line}")?;
                }
            }
            return Ok(Outcome::Failed);
        }
        if input.is_walked_text() && document.not_a_record_file() {
            return Ok(Outcome::Unchanged);
        }
        let Some(formatted) = formatted(&document, format) else {
            return self.leave(path, LeftBecause::Unwritable);
        };
        if formatted.as_bytes() == bytes.as_slice() {
            return Ok(Outcome::Unchanged);
        }
        if self.diff {
            let diff = similar::TextDiff::from_lines(document.text.as_str(), formatted.as_str());
            // git's a/ and b/ before a relative path, so that `git apply` takes it.
            let (old, new) = if path.is_absolute() {
                (name.clone(), name.clone())
            } else {
                (format!("a/{name}"), format!("b/{name}"))
            };
            write!(out, "{}", diff.unified_diff().header(&old, &new))?;
        } else if self.check {
            writeln!(out, "{name}")?;
        } else {
            let mut file = AtomicFile::create(path)?;
            file.write_all(formatted.as_bytes())?;
            file.commit()?;
        }
        Ok(Outcome::Changed)
    }

    fn leave(&self, path: &Path, why: LeftBecause) -> io::Result<Outcome> {
        let name = path.display();
        let line = match why {
            LeftBecause::NoWriter => self.lang.say(
                || format!("qipu: fmt: {name}: left as it is: qipu writes no file of this kind"),
                || zh!("qipu: fmt：{}：保持原样：qipu 不写这种文件", name),
            ),
            LeftBecause::Unwritable => self.lang.say(
                || format!("qipu: fmt: {name}: left as it is: not every record could be written"),
                || zh!("qipu: fmt：{}：保持原样：并非每份棋谱都能写出", name),
            ),
        };
        writeln!(io::stderr(), "{line}")?;
        Ok(Outcome::Left)
    }
}

enum LeftBecause {
    /// Its extension is no format qipu writes (`.gib`, `.ngf`, `.ugf`).
    NoWriter,
    /// A record of it could not be read as one, or the format cannot carry it.
    Unwritable,
}

/// The format a file of this name is written in, if qipu writes it: the families' own
/// (`.pgn`, `.pdn`, `.sgf`) and text (`.txt`, Shatar's scoresheets).
fn own_format(path: &Path) -> Option<Format> {
    Format::all()
        .into_iter()
        .filter(|format| *format != Format::Json)
        .find(|format| has_extension_of(path, *format))
}

/// Every record of `document` in `format`, as `convert` joins them; `None` when one of
/// them cannot be written, which a rewrite would lose.
fn formatted(document: &Document, format: Format) -> Option<String> {
    let mut writer = RecordWriter::new(Vec::new());
    for report in &document.records {
        let record = report.record.as_ref()?;
        let text = qipu::write_record(
            record,
            &document.source,
            report.index,
            format,
            &WriteOptions::default(),
        )
        .ok()?;
        writer.write(&text, format).ok()?;
    }
    String::from_utf8(writer.into_inner()).ok()
}
