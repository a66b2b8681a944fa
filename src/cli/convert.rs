//! `convert`: every record read is written (those with errors too, unless
//! `--valid-only`), to standard output, one file (`-o`), or one file per input
//! (`--in-place`, `--output-dir`); what was skipped or left out is said on standard
//! error, and one line closes the run.

use std::collections::HashSet;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use qipu::diag::{Diagnostic, FileIssue, Kind, Severity};
use qipu::lang::{Lang, Zh};
use qipu::write::{Format, WriteOptions};
use qipu::{zh, Document, RecordReport};

use super::failure::{Doing, PathError};
use super::inputs::{Excluded, Input};
use super::output::{self, AtomicFile, RecordWriter, RunOutput};
use super::summary::Selected;
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
    /// The language of what is said on standard error.
    pub lang: Lang,
    /// The shard read (`--shard`): a file named on the command line gives one output
    /// per shard below `--output-dir`, named after it.
    pub shard: Option<qipu::shard::Shard>,
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
    /// With `--where`: what it selected.
    selected: Option<Selected>,
}

impl Counts {
    fn line_in(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.line();
        }
        let selected = self.selected.map(|s| s.words(lang)).unwrap_or_default();
        let mut line = zh!(
            "qipu: convert：{} 个文件{}：已写出 {} 份棋谱（其中 {} 份有错误），跳过 {} 份，{} 个文件无法读取\n",
            self.files,
            Zh::own(&selected),
            self.written,
            self.written_with_errors,
            self.skipped,
            self.unreadable_files
        );
        if self.files_left_unchanged > 0 {
            line.push(&zh!(
                "qipu: convert：{} 个文件保持不变：并非每份棋谱都能写出\n",
                self.files_left_unchanged
            ));
        }
        lang.chinese(&line).unwrap_or_default()
    }

    fn line(&self) -> String {
        let selected = self.selected.map(|s| s.words(Lang::En)).unwrap_or_default();
        let mut line = format!(
            "qipu: convert: {}{selected}: {} written ({} with errors), {} skipped, {} unreadable\n",
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

/// The state of one run of `convert`.
struct Run<'a> {
    convert: &'a Convert,
    style: render::Style,
    counts: Counts,
    /// The one output of the whole run: standard output or the `-o` file.
    shared: RecordWriter<RunOutput>,
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
                RunOutput::File(AtomicFile::create(path)?)
            }
            Destination::Dir(dir) => {
                std::fs::create_dir_all(dir)
                    .map_err(PathError::wrap(Doing::CreateDirectory, dir))?;
                excluded.dir(dir);
                RunOutput::stdout()
            }
            Destination::Stdout | Destination::InPlace => RunOutput::stdout(),
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
        let mut selected = Selected::default();
        let status = for_each_document(
            read,
            true,
            &excluded,
            self.lang,
            &mut selected,
            |input, event| match event {
                Event::Document(document) => run.document(input, document),
                Event::End => run.end_of_input(),
            },
        )?;
        run.shared.into_inner().finish()?;
        run.counts.selected = read.selection.is_some().then_some(selected);
        io::stderr().write_all(run.counts.line_in(self.lang).as_bytes())?;
        Ok(status)
    }

    /// The file of its own that an input's output goes to, if each input has one.
    fn target_of(&self, input: &Input) -> io::Result<Option<PathBuf>> {
        let (path, relative, walked) =
            match input {
                Input::File {
                    path,
                    relative,
                    walked,
                    ..
                } => (path, relative, *walked),
                Input::Stdin | Input::Missing { .. } | Input::NoRecordFiles { .. } => {
                    match self.destination {
                        Destination::InPlace | Destination::Dir(_) => return Err(io::Error::new(
                            io::ErrorKind::InvalidInput,
                            self.lang.say(
                                || {
                                    "--in-place and --output-dir convert files, not standard input"
                                        .to_string()
                                },
                                || zh!("--in-place 和 --output-dir 只转换文件，不转换标准输入"),
                            ),
                        )),
                        Destination::Stdout | Destination::File(_) => return Ok(None),
                    }
                }
            };
        Ok(match &self.destination {
            Destination::Stdout | Destination::File(_) => None,
            Destination::InPlace => Some(path.clone()),
            Destination::Dir(dir) => {
                let extension = match self.shard.filter(|_| !walked) {
                    Some(shard) => format!(
                        "shard-{}-of-{}.{}",
                        shard.index(),
                        shard.count(),
                        self.format.extension()
                    ),
                    None => self.format.extension().to_string(),
                };
                Some(dir.join(relative).with_extension(extension))
            }
        })
    }
}

impl Run<'_> {
    fn document(&mut self, input: &Input, document: &Document) -> io::Result<Status> {
        if document.read_failed() {
            self.counts.unreadable_files += 1;
            io::stderr().write_all(
                render::human_report(document, self.style, self.convert.lang).as_bytes(),
            )?;
            return Ok(Status::Failure);
        }
        if input.is_walked_text() && document.not_a_record_file() {
            io::stderr().write_all(
                render::skipped_note(document, self.style, self.convert.lang).as_bytes(),
            )?;
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
        let lang = self.convert.lang;
        let refusal = if matches!(self.convert.destination, Destination::InPlace)
            && !output::has_extension_of(&target, format)
        {
            Some(lang.say(
                || {
                    format!(
                        "--in-place would write {} into a file named otherwise; use --output-dir",
                        format.name()
                    )
                },
                || {
                    zh!(
                        "--in-place 会把 {} 写进扩展名不符的文件；请改用 --output-dir",
                        format.name()
                    )
                },
            ))
        } else if !self.targets.insert(target.clone()) {
            Some(lang.say(
                || {
                    format!(
                        "its output {} is the output of an earlier input",
                        target.display()
                    )
                },
                || zh!("它的输出 {} 已是前一个输入的输出", target.display()),
            ))
        } else {
            None
        };
        if let Some(refusal) = refusal {
            let line = lang.say(
                || format!("qipu: {}: {refusal}; skipped", input.name()),
                || zh!("qipu: {}：{}；已跳过", input.name(), refusal),
            );
            writeln!(io::stderr(), "{line}")?;
            self.refused = true;
            return Ok(());
        }
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(PathError::wrap(Doing::CreateDirectory, parent))?;
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
            io::stderr().write_all(
                render::human_record(document, report, self.style, self.convert.lang).as_bytes(),
            )?;
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
                let line = self.convert.lang.say(
                    || {
                        format!(
                            "qipu: {}: record {}: {err}",
                            document.source,
                            report.index + 1
                        )
                    },
                    || {
                        zh!(
                            "qipu: {}：棋谱 {}：{}",
                            document.source,
                            report.index + 1,
                            err.to_zh()
                        )
                    },
                );
                writeln!(io::stderr(), "{line}")?;
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
        let fixed = record
            .as_game_record()
            .corrections(format, &self.convert.options);
        for fixed in fixed {
            let severity = if fixed.lost {
                Severity::Warning
            } else {
                Severity::Note
            };
            let note = Diagnostic::new(severity, Kind::game(fixed), None);
            let text = render::record_note(document, report, &note, self.style, self.convert.lang);
            io::stderr().write_all(text.as_bytes())?;
        }
        if !left_out.is_empty() {
            let note = Diagnostic::new(
                Severity::Note,
                Kind::File(FileIssue::LeftOut {
                    format,
                    what: left_out,
                    keep_in: families_formats(),
                }),
                None,
            );
            let text = render::record_note(document, report, &note, self.style, self.convert.lang);
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
            let line = self.convert.lang.say(
                || {
                    format!(
                        "qipu: {}: left unchanged: {} could not be written",
                        file.target().display(),
                        summary::counted(per_input.skipped, "record")
                    )
                },
                || {
                    zh!(
                        "qipu: {}：保持不变：有 {} 份棋谱无法写出",
                        file.target().display(),
                        per_input.skipped
                    )
                },
            );
            writeln!(io::stderr(), "{line}")?;
            self.counts.files_left_unchanged += 1;
            return Ok(Status::Invalid);
        }
        file.commit()?;
        Ok(Status::Valid)
    }
}

/// The formats of the families (PGN, PDN, SGF): those that hold what JSON and text leave
/// out.
fn families_formats() -> Vec<Format> {
    let shared = [Format::Json, Format::Text];
    Format::all()
        .into_iter()
        .filter(|format| !shared.contains(format))
        .collect()
}
