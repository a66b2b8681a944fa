//! Command-line front end: arguments, input collection, parallel reading, output.

mod args;
mod convert;
mod failure;
mod fmt;
mod html;
mod inputs;
mod lang;
mod output;
mod render;
mod show;
mod sieve;
mod split;
mod summary;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;
use rayon::prelude::*;

use qipu::diag::{io_reason, io_reason_zh, Severity};
use qipu::diagram::Moment;
use qipu::go::SgfOptions;
use qipu::lang::Lang;
use qipu::shard::Shard;
use qipu::write::{Format, Pieces, WriteOptions};
use qipu::{Document, ReadOptions};

use args::{Cli, Command, DenyArg, OutputFormat, ReadArgs};

use convert::{Convert, Destination};
use failure::PathError;
use inputs::{Excluded, Input};
use sieve::Sieve;
use summary::Summary;

/// Outcome of a run, ordered by severity: the exit status is the worst seen.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Valid = 0,
    Invalid = 1,
    Failure = 2,
}

/// Files read in parallel per batch; output stays in input order.
const BATCH: usize = 512;

pub fn run() -> ExitCode {
    let cli = match Cli::try_parse_from(args::dedup_value_joined(std::env::args_os())) {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return ExitCode::from(if err.use_stderr() { 2 } else { 0 });
        }
    };
    let lang = cli.command.lang();
    match execute(cli) {
        Ok(status) => ExitCode::from(status as u8),
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            let line = match (PathError::of(&err), err.get_ref()) {
                (Some(path_error), _) => path_error.line(lang),
                // Worded where it arose.
                (None, Some(_)) => err.to_string(),
                // What the system said when standard output or error was written.
                (None, None) => lang.say(
                    || format!("cannot write the output: {}", io_reason(err.kind())),
                    || qipu::zh!("无法写出输出：{}", io_reason_zh(err.kind())),
                ),
            };
            let _ = writeln!(io::stderr(), "qipu: {line}");
            ExitCode::from(2)
        }
    }
}

fn execute(cli: Cli) -> io::Result<Status> {
    match cli.command {
        Command::Validate {
            format,
            quiet,
            deny,
            output,
            pieces,
            read,
            lang,
        } => {
            let format = format.unwrap_or(if io::stdout().is_terminal() && output.is_none() {
                OutputFormat::Human
            } else {
                OutputFormat::Json
            });
            let deny_warnings = deny.contains(&DenyArg::Warnings);
            let mut excluded = Excluded::default();
            if let Some(path) = &output {
                excluded.file(path);
            }
            let mut out = output::RunOutput::open(output.as_deref())?;
            let status = if format == OutputFormat::Html {
                html_report(
                    &read,
                    &excluded,
                    deny_warnings,
                    lang.lang(),
                    pieces.map(Pieces::from),
                    &mut out,
                )?
            } else {
                let human = format == OutputFormat::Human;
                let colour = human && output.is_none() && io::stdout().is_terminal();
                validate(
                    &read,
                    &excluded,
                    (human, quiet, colour),
                    deny_warnings,
                    lang.lang(),
                    &mut out,
                )?
            };
            out.finish()?;
            Ok(status)
        }
        Command::Convert {
            to,
            write,
            output,
            in_place,
            output_dir,
            split,
            split_by,
            valid_only,
            fix,
            duplicates,
            positions,
            mut read,
            lang,
        } => {
            if duplicates.is_some() && read.dedup.is_none() {
                read.dedup = Some(args::LikenessArg::Moves);
            }
            let split = split::Split {
                per_file: split,
                by: split_by,
            };
            if let Some(refusal) = split.refusal(output_dir.is_some(), lang.lang()) {
                writeln!(io::stderr(), "{refusal}")?;
                return Ok(Status::Failure);
            }
            if positions && to != Format::Json {
                writeln!(io::stderr(), "qipu: convert: --positions is for --to json")?;
                return Ok(Status::Failure);
            }
            if in_place && read.shard.is_some() {
                // Each shard would rewrite the file with its part alone.
                writeln!(
                    io::stderr(),
                    "qipu: convert: --in-place rewrites whole files, not shards; use --output-dir"
                )?;
                return Ok(Status::Failure);
            }
            let options = WriteOptions::from(&write).with(SgfOptions { fix });
            let destination = match (output, in_place, output_dir) {
                (Some(path), _, _) => Destination::File(path),
                (None, true, _) => Destination::InPlace,
                (None, false, Some(dir)) => Destination::Dir(dir),
                (None, false, None) => Destination::Stdout,
            };
            let convert = Convert {
                format: to,
                options,
                valid_only,
                positions,
                destination,
                lang: lang.lang(),
                shard: read.shard,
                duplicates,
                only_duplicates: read.only_duplicates,
                split,
            };
            convert.run(&read)
        }
        Command::Show {
            record,
            ply,
            error,
            format,
            pieces,
            output,
            read,
            lang,
        } => {
            let show = show::Show {
                lang: lang.lang(),
                record,
                moment: match (ply, error) {
                    (Some(ply), _) => Moment::AfterPly(ply),
                    (None, true) => Moment::BeforeError,
                    (None, false) => Moment::Default,
                },
                picture: format.map_or(show::Picture::Text, show::Picture::from),
                pieces: pieces.into(),
                output,
            };
            show.run(&read)
        }
        Command::Fmt {
            check,
            diff,
            game,
            encoding,
            paths,
            lang,
        } => {
            let lang = lang.lang();
            let encoding = match encoding {
                Some(label) => match qipu::text::encoding_for_label(&label) {
                    Some(encoding) => Some(encoding),
                    None => {
                        writeln!(io::stderr(), "{}", unknown_label(&label, lang))?;
                        return Ok(Status::Failure);
                    }
                },
                None => None,
            };
            let options = ReadOptions {
                game,
                encoding,
                keep_records: true,
                ..ReadOptions::default()
            };
            fmt::Fmt {
                check,
                diff,
                options,
                lang,
            }
            .run(&paths)
        }
    }
}

/// The line that refuses an encoding label qipu does not know.
fn unknown_label(label: &str, lang: Lang) -> String {
    lang.say(
        || format!("qipu: unknown encoding label \"{label}\""),
        || qipu::zh!("qipu: 未知的编码标签“{}”", label),
    )
}

/// `validate --format html`: the page is written when every input has been read; the
/// exit status is the same as the other formats give.
fn html_report(
    read: &ReadArgs,
    excluded: &Excluded,
    deny_warnings: bool,
    lang: Lang,
    pieces: Option<Pieces>,
    out: &mut dyn Write,
) -> io::Result<Status> {
    let mut report = html::HtmlReport::new(lang, pieces);
    let mut sieve = Sieve::new(read);
    let status = for_each_document(read, true, excluded, lang, &mut sieve, |input, event| {
        let document = match event {
            Event::Document(document) => document,
            Event::End => {
                report.file();
                return Ok(Status::Valid);
            }
        };
        if input.is_walked_text() && document.not_a_record_file() {
            return Ok(Status::Valid);
        }
        report.document(document);
        Ok(status_of(document, deny_warnings))
    })?;
    out.write_all(report.page().as_bytes())?;
    Ok(status)
}

/// `validate` in human form (`human`; `quiet`: errors only; `colour` on a terminal) or
/// JSON Lines.
fn validate(
    read: &ReadArgs,
    excluded: &Excluded,
    (human, quiet, colour): (bool, bool, bool),
    deny_warnings: bool,
    lang: Lang,
    out: &mut dyn Write,
) -> io::Result<Status> {
    let style = render::Style::detect(colour);
    let mut summary = Summary::default();
    let mut sieve = Sieve::new(read);
    let status = for_each_document(read, false, excluded, lang, &mut sieve, |input, event| {
        let document = match event {
            Event::Document(document) => document,
            Event::End => {
                summary.file();
                return Ok(Status::Valid);
            }
        };
        if input.is_walked_text() && document.not_a_record_file() {
            // A walked text file that is no record is skipped; in JSON output the note
            // goes to standard error, so that standard output stays one object per record.
            summary.skipped_files += 1;
            let note = render::skipped_note(document, style, lang);
            match (human, quiet) {
                (_, true) => {}
                (true, false) => out.write_all(note.as_bytes())?,
                (false, false) => io::stderr().write_all(note.as_bytes())?,
            }
            return Ok(Status::Valid);
        }
        summary.document(document);
        if !human && document.read_failed() {
            for kind in document.records.iter().flat_map(|r| &r.diagnostics) {
                if let Some(line) = unreadable_line(document, &kind.kind, lang) {
                    writeln!(io::stderr(), "qipu: {line}")?;
                }
            }
        }
        let text = match (human, quiet) {
            (true, false) => render::human_report(document, style, lang),
            (true, true) => render::human_errors(document, style, lang),
            (false, false) => qipu::json::report_lines_in(document, |_| true, lang),
            (false, true) => {
                qipu::json::report_lines_in(document, |r| fails(r, deny_warnings), lang)
            }
        };
        out.write_all(text.as_bytes())?;
        Ok(status_of(document, deny_warnings))
    })?;
    if human {
        summary.sieve = sieve.words(lang);
        out.write_all(summary.line_in(lang).as_bytes())?;
    }
    out.flush()?;
    Ok(status)
}

/// The line that says why `document` could not be read (`cannot read x.sgf: no such
/// file or directory`), for the diagnostic that says so.
fn unreadable_line(document: &Document, kind: &qipu::diag::Kind, lang: Lang) -> Option<String> {
    match kind {
        qipu::diag::Kind::File(qipu::diag::FileIssue::Io { kind }) => {
            Some(failure::cannot_read(&document.source, *kind, lang))
        }
        _ => None,
    }
}

/// The exit status a document calls for.
fn status_of(document: &Document, deny_warnings: bool) -> Status {
    if document.read_failed() {
        return Status::Failure;
    }
    if document.records.iter().any(|r| fails(r, deny_warnings)) {
        Status::Invalid
    } else {
        Status::Valid
    }
}

/// Whether a record makes the run fail: an error, or a warning under `--deny warnings`.
fn fails(report: &qipu::RecordReport, deny_warnings: bool) -> bool {
    !report.valid()
        || (deny_warnings
            && report
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Warning))
}

/// What [`for_each_document`] hands on, input by input.
enum Event<'a> {
    /// A document of the input: the whole file, or one piece of a streamed one, with
    /// only the records `--where` selects. An input that cannot be read gives one
    /// [`Document::unreadable`].
    Document(&'a mut Document),
    /// Every document of the input has been handed on.
    End,
}

/// Reads every input (in parallel, batch by batch) and hands each document, in input
/// order, to `emit`. An unreadable input is reported as such and the run goes on.
fn for_each_document(
    args: &ReadArgs,
    keep_records: bool,
    excluded: &Excluded,
    lang: Lang,
    sieve: &mut Sieve,
    mut emit: impl FnMut(&Input, Event) -> io::Result<Status>,
) -> io::Result<Status> {
    let mut emit = |input: &Input, mut event: Event| {
        if let Event::Document(document) = &mut event {
            sieve.sift(document);
        }
        emit(input, event)
    };
    let encoding = match &args.encoding {
        Some(label) => match qipu::text::encoding_for_label(label) {
            Some(encoding) => Some(encoding),
            None => {
                writeln!(io::stderr(), "{}", unknown_label(label, lang))?;
                return Ok(Status::Failure);
            }
        },
        None => None,
    };
    let mut options = args.options(encoding, keep_records);
    // A selection reads the records' tags.
    options.keep_tags = args.selection.is_some();
    let mut inputs = inputs::collect(&args.paths, excluded);
    if let Some(shard) = args.shard {
        if inputs.iter().any(|input| matches!(input, Input::Stdin)) {
            let line = lang.say(
                || "qipu: --shard reads files, not standard input".to_string(),
                || qipu::zh!("qipu: --shard 只读文件，不读标准输入"),
            );
            writeln!(io::stderr(), "{line}")?;
            return Ok(Status::Failure);
        }
        inputs.retain(|input| input.in_shard(shard));
    }
    let mut status = Status::Valid;
    // Small files are read whole, many at a time; a large file or standard input is
    // streamed piece by piece (each piece replayed in parallel) in its turn, to keep
    // memory flat.
    for batch in inputs.chunks(BATCH) {
        let loaded = load_batch(batch, &options, args.shard);
        status = status.max(emit_batch(
            batch, loaded, &options, args.shard, lang, &mut emit,
        )?);
    }
    Ok(status)
}

/// What reading one input in a batch gave.
enum Loaded {
    Document(Box<Document>),
    /// Too large to read whole (or standard input): streamed in its turn.
    Stream,
    /// A folder without a file a record could be in: nothing to read, and the run says so.
    NoRecordFiles,
}

fn load_batch(batch: &[Input], options: &ReadOptions, shard: Option<Shard>) -> Vec<Loaded> {
    batch
        .par_iter()
        .map(|input| match input.byte_shard(shard) {
            // Read in its turn, from the shard's start.
            Some(_) => Loaded::Stream,
            None => load(input, options),
        })
        .collect()
}

/// Hands the documents of a batch to `emit` in input order, streaming the large inputs.
fn emit_batch(
    batch: &[Input],
    loaded: Vec<Loaded>,
    options: &ReadOptions,
    shard: Option<Shard>,
    lang: Lang,
    emit: &mut impl FnMut(&Input, Event) -> io::Result<Status>,
) -> io::Result<Status> {
    let mut status = Status::Valid;
    for (input, loaded) in batch.iter().zip(loaded) {
        status = status.max(match loaded {
            Loaded::Document(mut document) => emit(input, Event::Document(&mut document))?,
            Loaded::Stream => match input.byte_shard(shard) {
                Some(shard) => shard_input(input, options, shard, emit)?,
                None => stream_input(input, options, emit)?,
            },
            Loaded::NoRecordFiles => {
                let extensions: Vec<String> =
                    qipu::walk::Walk::extensions().iter().map(|e| format!(".{e}")).collect();
                let extensions = extensions.join(" ");
                let name = input.name();
                let line = lang.say(
                    || format!("qipu: {name}: no record files in this directory (it reads {extensions})"),
                    || qipu::zh!("qipu: {}：此文件夹中没有棋谱文件（读取的是 {}）", name, extensions),
                );
                writeln!(io::stderr(), "{line}")?;
                status = status.max(Status::Failure);
                continue;
            }
        });
        status = status.max(emit(input, Event::End)?);
    }
    Ok(status)
}

fn load(input: &Input, options: &ReadOptions) -> Loaded {
    if let Input::NoRecordFiles { .. } = input {
        return Loaded::NoRecordFiles;
    }
    match input.read_small() {
        Ok(Some(bytes)) => Loaded::Document(Box::new(qipu::read_document(
            &input.name(),
            &bytes,
            options,
        ))),
        Ok(None) => Loaded::Stream,
        Err(error) => Loaded::Document(Box::new(Document::unreadable(&input.name(), &error))),
    }
}

fn stream_input(
    input: &Input,
    options: &ReadOptions,
    emit: &mut impl FnMut(&Input, Event) -> io::Result<Status>,
) -> io::Result<Status> {
    let reader = match input.open() {
        Ok(reader) => reader,
        Err(error) => {
            return emit(
                input,
                Event::Document(&mut Document::unreadable(&input.name(), &error)),
            )
        }
    };
    let stream = qipu::stream::DocumentStream::new(&input.name(), reader, options);
    emit_stream(input, stream, emit)
}

/// The records of one shard of a file named on the command line.
fn shard_input(
    input: &Input,
    options: &ReadOptions,
    shard: Shard,
    emit: &mut impl FnMut(&Input, Event) -> io::Result<Status>,
) -> io::Result<Status> {
    let stream = input
        .open_file()
        .and_then(|file| qipu::stream::DocumentStream::shard(&input.name(), file, shard, options));
    match stream {
        Ok(stream) => emit_stream(input, stream, emit),
        Err(error) => emit(
            input,
            Event::Document(&mut Document::unreadable(&input.name(), &error)),
        ),
    }
}

/// Hands every document of a stream to `emit`; a read that fails ends it with an
/// unreadable document.
fn emit_stream(
    input: &Input,
    mut stream: qipu::stream::DocumentStream<impl io::Read>,
    emit: &mut impl FnMut(&Input, Event) -> io::Result<Status>,
) -> io::Result<Status> {
    let mut status = Status::Valid;
    loop {
        match stream.next_document() {
            Ok(Some(mut document)) => {
                status = status.max(emit(input, Event::Document(&mut document))?)
            }
            Ok(None) => return Ok(status),
            Err(error) => {
                let mut document = Document::unreadable(&input.name(), &error);
                return Ok(status.max(emit(input, Event::Document(&mut document))?));
            }
        }
    }
}
