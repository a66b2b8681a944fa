//! `convert`: every record read is written (those with errors too, unless
//! `--valid-only`), to standard output, one file (`-o`), or one file per input
//! (`--in-place`, `--output-dir`); what was skipped or left out is said on standard
//! error, and one line closes the run.

use std::collections::HashSet;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use qipu::diag::{Diagnostic, FileIssue, Kind, Severity};
use qipu::lang::{Lang, Zh};
use qipu::write::{Format, Shape, Strip, Stripped, WriteOptions};
use qipu::{zh, Document, RecordReport};

use super::failure::{Doing, PathError};
use super::inputs::{Excluded, Input};
use super::output::{self, AtomicFile, RecordWriter, RunOutput};
use super::sieve::Sieve;
use super::split::{self, ByValue, Numbered, Split};
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
    /// Where the duplicates go (`--duplicates`) instead of nowhere, with `--dedup`.
    pub duplicates: Option<PathBuf>,
    /// Only duplicates are read (`--only-duplicates`): they are the output.
    pub only_duplicates: bool,
    /// `--split`, `--split-by` (with `--output-dir` only).
    pub split: Split,
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
    /// What `--where` and `--dedup` counted, as the line says it after the files.
    sieve: String,
    /// Duplicates written to the `--duplicates` file.
    duplicates_written: usize,
    /// With `--strip` or `--ply-limit`: what was asked, and what went of the records
    /// written.
    shape: Shape,
    stripped: Stripped,
}

impl Counts {
    /// The closing lines; `duplicates`: the `--duplicates` file.
    fn line_in(&self, lang: Lang, duplicates: Option<&Path>) -> String {
        if lang == Lang::En {
            return self.line(duplicates);
        }
        let mut line = zh!(
            "qipu: convert：{} 个文件{}：已写出 {} 份棋谱（其中 {} 份有错误），跳过 {} 份，{} 个文件无法读取{}\n",
            self.files,
            Zh::own(&self.sieve),
            self.written,
            self.written_with_errors,
            self.skipped,
            self.unreadable_files,
            self.shaped_zh()
        );
        if self.files_left_unchanged > 0 {
            line.push(&zh!(
                "qipu: convert：{} 个文件保持不变：并非每份棋谱都能写出\n",
                self.files_left_unchanged
            ));
        }
        if let Some(path) = duplicates {
            line.push(&zh!(
                "qipu: convert：{} 份重复的棋谱已写入 {}\n",
                self.duplicates_written,
                path.display()
            ));
        }
        lang.chinese(&line).unwrap_or_default()
    }

    fn line(&self, duplicates: Option<&Path>) -> String {
        let mut line = format!(
            "qipu: convert: {}{}: {} written ({} with errors), {} skipped, {} unreadable{}\n",
            summary::counted(self.files, "file"),
            self.sieve,
            summary::counted(self.written, "record"),
            self.written_with_errors,
            self.skipped,
            summary::counted(self.unreadable_files, "file"),
            self.shaped(),
        );
        if self.files_left_unchanged > 0 {
            line.push_str(&format!(
                "qipu: convert: {} left unchanged: not every record could be written\n",
                summary::counted(self.files_left_unchanged, "file")
            ));
        }
        if let Some(path) = duplicates {
            line.push_str(&format!(
                "qipu: convert: {} written to {}\n",
                summary::counted(self.duplicates_written, "duplicate"),
                path.display()
            ));
        }
        line
    }
}

impl Counts {
    /// What `--strip` and `--ply-limit` removed, each thing asked for named (`; stripped
    /// 3 comments, 0 NAGs; cut 2 records at ply 40`); nothing without them.
    fn shaped(&self) -> String {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let stripped = &self.stripped;
        let mut items = Vec::new();
        for what in self.shape.stripped() {
            let n = stripped.of(what);
            match what {
                Strip::Comments => items.push(plural(n, "comment", "comments")),
                Strip::Nags => items.push(plural(n, "NAG", "NAGs")),
                Strip::Variations => items.push(plural(n, "variation", "variations")),
                Strip::Markup => items.push(plural(n, "markup property", "markup properties")),
                Strip::Unknown => {
                    let (tags, properties) = (stripped.unknown_tags, stripped.unknown_properties);
                    if tags > 0 || properties == 0 {
                        items.push(plural(tags, "unknown tag", "unknown tags"));
                    }
                    if properties > 0 {
                        items.push(plural(properties, "unknown property", "unknown properties"));
                    }
                }
            }
        }
        let mut words = String::new();
        if !items.is_empty() {
            words.push_str(&format!("; stripped {}", items.join(", ")));
        }
        if let Some(limit) = self.shape.ply_limit {
            words.push_str(&format!(
                "; cut {} at ply {limit}",
                summary::counted(stripped.cut, "record")
            ));
        }
        words
    }

    /// [`Counts::shaped`] in Chinese.
    fn shaped_zh(&self) -> Zh {
        let stripped = &self.stripped;
        let mut items = Vec::new();
        for what in self.shape.stripped() {
            let n = stripped.of(what);
            match what {
                Strip::Comments => items.push(zh!("{} 条注释", n)),
                Strip::Nags => items.push(zh!("{} 个 NAG", n)),
                Strip::Variations => items.push(zh!("{} 个变化", n)),
                Strip::Markup => items.push(zh!("{} 个标记属性", n)),
                Strip::Unknown => {
                    let (tags, properties) = (stripped.unknown_tags, stripped.unknown_properties);
                    if tags > 0 || properties == 0 {
                        items.push(zh!("{} 个未知标签", tags));
                    }
                    if properties > 0 {
                        items.push(zh!("{} 个未知属性", properties));
                    }
                }
            }
        }
        let mut words = Zh::own("");
        if !items.is_empty() {
            words.push(&zh!("；已去除 {}", Zh::join(items, "、")));
        }
        if let Some(limit) = self.shape.ply_limit {
            words.push(&zh!("；{} 份棋谱截至第 {} 步", stripped.cut, limit));
        }
        words
    }
}

/// The output of the input being converted, when each input has its own.
struct PerInput {
    file: InputFiles,
    /// Records of the input that could not be written; an in-place rewrite would lose them.
    skipped: usize,
}

/// The file an input's records go to, or with `--split N` its numbered files.
enum InputFiles {
    One(RecordWriter<AtomicFile>),
    Numbered(Numbered),
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
    /// The `--duplicates` file.
    duplicates: Option<RecordWriter<RunOutput>>,
    /// With `--split-by`: the files of each value, over the whole run.
    by_value: Option<ByValue>,
    /// The files `--split` and `--split-by` have put in place.
    split_files: usize,
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
        let duplicates = match &self.duplicates {
            Some(path) => {
                excluded.file(path);
                Some(RecordWriter::new(RunOutput::File(AtomicFile::create(
                    path,
                )?)))
            }
            None => None,
        };
        let mut run = Run {
            convert: self,
            style: render::Style::detect(io::stderr().is_terminal()),
            counts: Counts {
                shape: self.options.get(),
                ..Counts::default()
            },
            shared: RecordWriter::new(shared),
            current: None,
            refused: false,
            targets: HashSet::new(),
            duplicates,
            by_value: self.by_value(),
            split_files: 0,
        };
        let mut sieve = Sieve::new(read);
        let status = for_each_document(
            read,
            true,
            &excluded,
            self.lang,
            &mut sieve,
            |input, event| match event {
                Event::Document(document) => run.document(input, document),
                Event::End => run.end_of_input(),
            },
        )?;
        run.shared.into_inner().finish()?;
        if let Some(duplicates) = run.duplicates.take() {
            duplicates.into_inner().finish()?;
        }
        if let Some(by_value) = run.by_value.take() {
            run.split_files += by_value.commit()?;
        }
        run.counts.sieve = sieve.words(self.lang);
        let line = run.counts.line_in(self.lang, self.duplicates.as_deref());
        io::stderr().write_all(line.as_bytes())?;
        if let (true, Destination::Dir(dir)) = (self.split.is_on(), &self.destination) {
            io::stderr()
                .write_all(split::files_line(run.split_files, dir, self.lang).as_bytes())?;
        }
        Ok(status)
    }

    /// With `--split-by`: the files of the values, below the output folder, named
    /// `VALUE.EXT`, or `VALUE.shard-K-of-N.EXT` with `--shard` (every shard writes to
    /// the same folder).
    fn by_value(&self) -> Option<ByValue> {
        let (Some(field), Destination::Dir(dir)) = (&self.split.by, &self.destination) else {
            return None;
        };
        let shard = self
            .shard
            .map(|shard| format!(".shard-{}-of-{}", shard.index(), shard.count()))
            .unwrap_or_default();
        let suffix = format!("{shard}.{}", self.format.extension());
        Some(ByValue::new(
            field.clone(),
            dir.clone(),
            suffix,
            self.split.per_file,
        ))
    }

    /// The file of its own that an input's output goes to, if each input has one.
    fn target_of(&self, input: &Input) -> io::Result<Option<PathBuf>> {
        if self.split.by.is_some() {
            // The files are the values', over the whole run.
            return Ok(None);
        }
        let (path, relative, walked) =
            match input {
                Input::File {
                    path,
                    relative,
                    walked,
                    ..
                } => (path, relative, *walked),
                Input::Stdin | Input::Missing { .. } | Input::NoRecordFiles { .. } => {
                    match &self.destination {
                        // Numbered files of its own need no file name to follow.
                        Destination::Dir(dir) if self.split.per_file.is_some() => {
                            return Ok(Some(
                                dir.join("stdin").with_extension(self.format.extension()),
                            ))
                        }
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
        let file = match self.convert.split.per_file {
            Some(per_file) => InputFiles::Numbered(Numbered::new(target, Some(per_file))),
            None => InputFiles::One(RecordWriter::new(AtomicFile::create(&target)?)),
        };
        self.current = Some(PerInput { file, skipped: 0 });
        Ok(())
    }

    /// Writes one record (or says why not), and names what the format left out of it.
    fn record(&mut self, document: &Document, report: &RecordReport) -> io::Result<Status> {
        let invalid = !report.valid();
        // With --only-duplicates, the duplicates are what the output is for.
        let duplicate = (!self.convert.only_duplicates)
            .then(|| {
                let mut notes = report.diagnostics.iter();
                notes.find(|d| matches!(d.kind, Kind::File(FileIssue::Duplicate { .. })))
            })
            .flatten();
        let mut status = Status::Valid;
        if invalid {
            status = Status::Invalid;
            io::stderr().write_all(
                render::human_record(document, report, self.style, self.convert.lang).as_bytes(),
            )?;
        } else if let Some(note) = duplicate {
            let text = render::record_note(document, report, note, self.style, self.convert.lang);
            io::stderr().write_all(text.as_bytes())?;
        }
        if duplicate.is_some() && self.duplicates.is_none() {
            return Ok(status);
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
        let mut reshaped = None;
        let mut stripped = Stripped::default();
        if self.counts.shape.reshapes() {
            let mut copy = record.clone();
            stripped = copy.reshape(&self.convert.options);
            reshaped = Some(copy);
        }
        let record = reshaped.as_ref().unwrap_or(record);
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
        match (&mut self.duplicates, duplicate) {
            (Some(duplicates), Some(_)) => {
                duplicates.write(&text, format)?;
                self.counts.duplicates_written += 1;
            }
            _ => self.write_out(document, report, &text)?,
        }
        if duplicate.is_none() {
            self.counts.written += 1;
            self.counts.stripped += stripped;
            if invalid {
                self.counts.written_with_errors += 1;
            }
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

    /// Writes a record's text to the output it goes to.
    fn write_out(
        &mut self,
        document: &Document,
        report: &RecordReport,
        text: &str,
    ) -> io::Result<()> {
        let format = self.convert.format;
        if let Some(by_value) = &mut self.by_value {
            return by_value.write(document, report, text, format);
        }
        match &mut self.current {
            Some(PerInput {
                file: InputFiles::One(file),
                ..
            }) => file.write(text, format),
            Some(PerInput {
                file: InputFiles::Numbered(files),
                ..
            }) => files.write(text, format),
            None => self.shared.write(text, format),
        }
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
        let file = match per_input.file {
            InputFiles::One(file) => file.into_inner(),
            InputFiles::Numbered(files) => {
                self.split_files += files.files();
                files.commit()?;
                return Ok(Status::Valid);
            }
        };
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
