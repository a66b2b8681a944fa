//! `convert`: every record read is written (those with errors too, unless
//! `--valid-only`), to standard output, one file (`-o`), or one file per input
//! (`--in-place`, `--output-dir`); what was skipped or left out is said on standard
//! error, and one line closes the run.

use std::collections::HashSet;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use qipu::diag::{Diagnostic, FileIssue, Kind, Severity};
use qipu::write::{Format, WriteOptions};
use qipu::{Document, RecordReport};

use super::inputs::{Excluded, Input};
use super::output::{self, AtomicFile, RecordWriter};
use super::{for_each_document, render, summary, Event, ReadArgs, Status};

/// Where converted records go.
pub enum Destination {
    Stdout,
    /// One file for the whole run.
    File(PathBuf),
    /// Each input file rewritten where it is.
    InPlace,
    /// One file per input below this folder.
    Dir(PathBuf),
}

/// What to convert to, and where.
pub struct Convert {
    pub format: Format,
    pub options: WriteOptions,
    pub valid_only: bool,
    /// JSON: each move with the position after it.
    pub positions: bool,
    pub destination: Destination,
}

/// What `convert` did, for its closing line.
#[derive(Default)]
struct Counts {
    files: usize,
    written: usize,
    written_with_errors: usize,
    skipped: usize,
    unreadable_files: usize,
    files_left_unchanged: usize,
}

impl Counts {
    fn line(&self) -> String {
        let mut line = format!(
            "qipu: convert: {}: {} written ({} with errors), {} skipped, {} unreadable\n",
            summary::counted(self.files, "file"),
            summary::counted(self.written, "record"),
            self.written_with_errors,
            self.skipped,
            summary::counted(self.unreadable_files, "file"),
        );
        if self.files_left_unchanged > 0 {
            line.push_str(&format!(
                "qipu: convert: {} left unchanged: not every record could be written\n",
                summary::counted(self.files_left_unchanged, "file")
            ));
        }
        line
    }
}

/// The output of the input being converted, when each input has its own.
struct PerInput {
    file: RecordWriter<AtomicFile>,
    /// Records of the input that could not be written; an in-place rewrite would lose them.
    skipped: usize,
}

/// The one output of a whole run.
enum Shared {
    Stdout(io::BufWriter<io::StdoutLock<'static>>),
    /// The `-o` file, committed when the run has written it whole.
    File(AtomicFile),
}

impl Shared {
    fn finish(self) -> io::Result<()> {
        match self {
            Shared::Stdout(mut out) => out.flush(),
            Shared::File(file) => file.commit(),
        }
    }
}

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Shared::Stdout(out) => out.write(bytes),
            Shared::File(file) => file.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Shared::Stdout(out) => out.flush(),
            Shared::File(file) => file.flush(),
        }
    }
}

/// The state of one run of `convert`.
struct Run<'a> {
    convert: &'a Convert,
    style: render::Style,
    counts: Counts,
    /// The one output of the whole run: standard output or the `-o` file.
    shared: RecordWriter<Shared>,
    /// The output of the input being read, with `--in-place` or `--output-dir`.
    current: Option<PerInput>,
    /// The input's output was refused: none of its documents is written.
    refused: bool,
    /// Outputs already made, so that two inputs never write one file.
    targets: HashSet<PathBuf>,
}

impl Convert {
    pub fn run(&self, read: &ReadArgs) -> io::Result<Status> {
        let mut excluded = Excluded::default();
        let shared = match &self.destination {
            Destination::File(path) => {
                excluded.file(path);
                Shared::File(AtomicFile::create(path)?)
            }
            Destination::Dir(dir) => {
                std::fs::create_dir_all(dir)?;
                excluded.dir(dir);
                Shared::Stdout(io::BufWriter::new(io::stdout().lock()))
            }
            Destination::Stdout | Destination::InPlace => {
                Shared::Stdout(io::BufWriter::new(io::stdout().lock()))
            }
        };
        let mut run = Run {
            convert: self,
            style: render::Style::detect(io::stderr().is_terminal()),
            counts: Counts::default(),
            shared: RecordWriter::new(shared),
            current: None,
            refused: false,
            targets: HashSet::new(),
        };
        let status = for_each_document(read, true, &excluded, |input, event| match event {
            Event::Document(document) => run.document(input, document),
            Event::End => run.end_of_input(),
        })?;
        run.shared.into_inner().finish()?;
        io::stderr().write_all(run.counts.line().as_bytes())?;
        Ok(status)
    }

    /// The file of its own that an input's output goes to, if each input has one.
    fn target_of(&self, input: &Input) -> io::Result<Option<PathBuf>> {
        let (path, relative) = match input {
            Input::File { path, relative, .. } => (path, relative),
            Input::Stdin | Input::Missing { .. } => match self.destination {
                Destination::InPlace | Destination::Dir(_) => {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidInput,
                        "--in-place and --output-dir convert files, not standard input",
                    ))
                }
                Destination::Stdout | Destination::File(_) => return Ok(None),
            },
        };
        Ok(match &self.destination {
            Destination::Stdout | Destination::File(_) => None,
            Destination::InPlace => Some(path.clone()),
            Destination::Dir(dir) => Some(
                dir.join(relative)
                    .with_extension(output::extension(self.format)),
            ),
        })
    }
}

impl Run<'_> {
    fn document(&mut self, input: &Input, document: &Document) -> io::Result<Status> {
        if document.read_failed() {
            self.counts.unreadable_files += 1;
            io::stderr().write_all(render::human_report(document, self.style).as_bytes())?;
            return Ok(Status::Failure);
        }
        if input.is_walked_text() && document.not_a_record_file() {
            io::stderr().write_all(render::skipped_note(document, self.style).as_bytes())?;
            return Ok(Status::Valid);
        }
        if self.current.is_none() && !self.refused {
            self.open_output(input)?;
        }
        if self.refused {
            self.counts.skipped += document.records.len();
            return Ok(Status::Failure);
        }
        let mut status = Status::Valid;
        for report in &document.records {
            status = status.max(self.record(document, report)?);
        }
        Ok(status)
    }

    /// Starts the input's own output file, if it has one; refuses one that `--in-place`
    /// would misname or that an earlier input already wrote.
    fn open_output(&mut self, input: &Input) -> io::Result<()> {
        let Some(target) = self.convert.target_of(input)? else {
            return Ok(());
        };
        let format = self.convert.format;
        let refusal = if matches!(self.convert.destination, Destination::InPlace)
            && !output::has_extension_of(&target, format)
        {
            Some(format!(
                "--in-place would write {} into a file named otherwise; use --output-dir",
                format.name()
            ))
        } else if !self.targets.insert(target.clone()) {
            Some(format!(
                "its output {} is the output of an earlier input",
                target.display()
            ))
        } else {
            None
        };
        if let Some(refusal) = refusal {
            writeln!(io::stderr(), "qipu: {}: {refusal}; skipped", input.name())?;
            self.refused = true;
            return Ok(());
        }
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        self.current = Some(PerInput {
            file: RecordWriter::new(AtomicFile::create(&target)?),
            skipped: 0,
        });
        Ok(())
    }

    /// Writes one record (or says why not), and names what the format left out of it.
    fn record(&mut self, document: &Document, report: &RecordReport) -> io::Result<Status> {
        let invalid = !report.valid();
        let mut status = Status::Valid;
        if invalid {
            status = Status::Invalid;
            io::stderr()
                .write_all(render::human_record(document, report, self.style).as_bytes())?;
        }
        let Some(record) = report
            .record
            .as_ref()
            .filter(|_| !(invalid && self.convert.valid_only))
        else {
            self.skip();
            return Ok(status);
        };
        let format = self.convert.format;
        let written = if self.convert.positions {
            Ok(qipu::write::write_json_positions_noting(
                record,
                &document.source,
                report.index,
                &self.convert.options,
            ))
        } else {
            qipu::write::write_record_noting(
                record,
                &document.source,
                report.index,
                format,
                &self.convert.options,
            )
        };
        let (text, left_out) = match written {
            Ok(written) => written,
            Err(err) => {
                writeln!(
                    io::stderr(),
                    "qipu: {}: record {}: {err}",
                    document.source,
                    report.index
                )?;
                self.skip();
                return Ok(Status::Failure);
            }
        };
        match &mut self.current {
            Some(per_input) => per_input.file.write(&text, format)?,
            None => self.shared.write(&text, format)?,
        }
        self.counts.written += 1;
        if invalid {
            self.counts.written_with_errors += 1;
        }
        if !left_out.is_empty() {
            let note = Diagnostic::new(
                Severity::Note,
                Kind::File(FileIssue::LeftOut {
                    format,
                    what: left_out,
                }),
                None,
            );
            let text = render::record_note(document, report, &note, self.style);
            io::stderr().write_all(text.as_bytes())?;
        }
        Ok(status)
    }

    fn skip(&mut self) {
        self.counts.skipped += 1;
        if let Some(per_input) = &mut self.current {
            per_input.skipped += 1;
        }
    }

    /// Puts an input's own output in place, unless an in-place rewrite would lose
    /// records that could not be written.
    fn end_of_input(&mut self) -> io::Result<Status> {
        self.counts.files += 1;
        self.refused = false;
        let Some(per_input) = self.current.take() else {
            return Ok(Status::Valid);
        };
        let file = per_input.file.into_inner();
        if matches!(self.convert.destination, Destination::InPlace) && per_input.skipped > 0 {
            writeln!(
                io::stderr(),
                "qipu: {}: left unchanged: {} could not be written",
                file.target().display(),
                summary::counted(per_input.skipped, "record")
            )?;
            self.counts.files_left_unchanged += 1;
            return Ok(Status::Invalid);
        }
        file.commit()?;
        Ok(Status::Valid)
    }
}
