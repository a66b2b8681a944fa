//! Command-line front end: arguments, input collection, parallel reading, output.

mod convert;
mod failure;
mod html;
mod inputs;
mod lang;
mod output;
mod render;
mod show;
mod summary;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use rayon::prelude::*;

use qipu::diag::{io_reason, io_reason_zh, Severity};
use qipu::diagram::Moment;
use qipu::draughts::Variant;
use qipu::draughts::{PdnOptions, Results, Squares};
use qipu::go::Rules;
use qipu::go::SgfOptions;
use qipu::lang::Lang;
use qipu::shard::Shard;
use qipu::shatar::{Notation, TextOptions};
use qipu::write::{Format, Pieces, WriteOptions};
use qipu::{Document, Game, ReadOptions};

use convert::{Convert, Destination};
use failure::PathError;
use inputs::{Excluded, Input};
use lang::LangArgs;
use summary::Summary;

#[derive(Parser)]
#[command(
    name = "qipu",
    version,
    about = "Read, validate and convert game records: Shatar, 64-square draughts, Go"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay every record and report what is wrong with it.
    Validate {
        /// Output style; human on a terminal, JSON Lines otherwise.
        #[arg(long, value_enum)]
        format: Option<OutputFormat>,
        /// Print only errors and the closing summary.
        #[arg(long, short = 'q')]
        quiet: bool,
        /// Count these diagnostics as failures for the exit status.
        #[arg(long, value_enum, value_name = "WHAT")]
        deny: Vec<DenyArg>,
        /// Write the report to this file instead of standard output (replaced only when
        /// the run has written it whole).
        #[arg(short = 'o', long = "output")]
        output: Option<std::path::PathBuf>,
        #[command(flatten)]
        read: ReadArgs,
        #[command(flatten)]
        lang: LangArgs,
    },
    /// Write every record in another format or notation.
    Convert {
        /// Target format.
        #[arg(long, value_enum)]
        to: TargetFormat,
        /// Shatar rulebook notation for --to text.
        #[arg(long, value_enum, default_value = "full")]
        notation: NotationArg,
        /// Shatar piece names for --to text.
        #[arg(long, value_enum, default_value = "latin")]
        pieces: PiecesArg,
        /// Draughts squares for --to pdn and json: algebraic as PDN writes Russian and
        /// Brazilian, or the rulebook's numbers; a record without GameType or --variant
        /// keeps its squares as read.
        #[arg(long, value_enum, default_value = "algebraic")]
        squares: SquaresArg,
        /// Draughts results for --to pdn: PDN's standard 1-0/0-1/1/2-1/2 or the rulebook's
        /// points 2-0/0-2/1-1; each record's own form when not given.
        #[arg(long, value_enum)]
        results: Option<ResultsArg>,
        /// Write to this file instead of standard output (replaced only when the run
        /// has written it whole).
        #[arg(short = 'o', long = "output", conflicts_with_all = ["in_place", "output_dir"])]
        output: Option<std::path::PathBuf>,
        /// Rewrite each input file where it is, in the target format (its extension must
        /// already be the target's).
        #[arg(long, conflicts_with = "output_dir")]
        in_place: bool,
        /// Write one file per input below this folder, mirroring the input folders, with
        /// the target format's extension.
        #[arg(long, value_name = "DIR")]
        output_dir: Option<std::path::PathBuf>,
        /// Skip records with errors instead of writing what could be read of them.
        #[arg(long)]
        valid_only: bool,
        /// SGF: correct what SGFC corrects (a move in the root node, repeated values,
        /// DT, RE and KM forms, passes, FF[3] properties), each correction reported.
        #[arg(long)]
        fix: bool,
        /// With --to json: each move also gives the position after it ("position": FEN
        /// for Shatar and draughts, rows of X, O and . for Go).
        #[arg(long)]
        positions: bool,
        #[command(flatten)]
        read: ReadArgs,
        #[command(flatten)]
        lang: LangArgs,
    },
    /// Draw one board of a record: before its first error, after a ply, or at the end.
    Show {
        /// The record, numbered from 0 in file order (as JSON's "index").
        #[arg(long, value_name = "N", default_value_t = 0)]
        record: usize,
        /// The position after this ply of the main line (0: the start position).
        #[arg(long, value_name = "N", conflicts_with = "error")]
        ply: Option<u32>,
        /// The position before the first error (exit status 1 when there is none).
        #[arg(long)]
        error: bool,
        /// How to draw it [default: text].
        #[arg(long, value_enum)]
        format: Option<ShowFormat>,
        /// Shatar piece names on the board.
        #[arg(long, value_enum, default_value = "latin")]
        pieces: PiecesArg,
        /// Write to this file instead of standard output.
        #[arg(short = 'o', long = "output")]
        output: Option<std::path::PathBuf>,
        #[command(flatten)]
        read: ReadArgs,
        #[command(flatten)]
        lang: LangArgs,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum ShowFormat {
    Text,
    Svg,
    Png,
}

#[derive(clap::Args)]
struct ReadArgs {
    /// Game family, instead of detecting it from the extension and content.
    #[arg(long, value_enum)]
    game: Option<GameArg>,
    /// Draughts rules, instead of the GameType tag.
    #[arg(long, value_enum)]
    variant: Option<VariantArg>,
    /// Go rules, instead of the RU property.
    #[arg(long, value_enum)]
    rules: Option<RulesArg>,
    /// Encoding label (UTF-8, GB18030, Big5, Shift_JIS, …), instead of detecting it.
    #[arg(long)]
    encoding: Option<String>,
    /// The most text a streamed input (standard input, a FIFO, a file over 8 MB) may
    /// hold without a record boundary, in bytes or with K, M or G [default: 256M].
    #[arg(long, value_name = "BYTES", value_parser = parse_size)]
    max_record_size: Option<usize>,
    /// Where a move fits no legal move but exactly one fits what was evidently meant,
    /// replay on with it; each repair is reported and the record stays invalid.
    #[arg(long)]
    repair: bool,
    /// Read only shard K of N (counted from 0): of each file named, the records that
    /// start in its K-th of N byte ranges; of a folder, the files whose path hashes to K.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<Shard>,
    /// Files, folders (read recursively), or - for standard input.
    #[arg(required = true)]
    paths: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OutputFormat {
    Human,
    Json,
    /// One self-contained HTML page over the whole run.
    Html,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum DenyArg {
    /// Warnings make the exit status 1, as errors do.
    Warnings,
}

#[derive(Clone, Copy, ValueEnum)]
enum TargetFormat {
    Pgn,
    Pdn,
    Sgf,
    Json,
    Text,
}

#[derive(Clone, Copy, ValueEnum)]
enum NotationArg {
    Full,
    Short,
}

#[derive(Clone, Copy, ValueEnum)]
enum PiecesArg {
    Latin,
    Zh,
}

#[derive(Clone, Copy, ValueEnum)]
enum SquaresArg {
    Numeric,
    Algebraic,
}

#[derive(Clone, Copy, ValueEnum)]
enum ResultsArg {
    Standard,
    Points,
}

#[derive(Clone, Copy, ValueEnum)]
enum GameArg {
    Shatar,
    Draughts,
    Go,
}

#[derive(Clone, Copy, ValueEnum)]
enum VariantArg {
    Russian,
    Brazilian,
}

#[derive(Clone, Copy, ValueEnum)]
enum RulesArg {
    Chinese,
    Japanese,
    Korean,
    Aga,
    Nz,
    TrompTaylor,
    Ing,
}

/// `300`, `64K`, `256M`, `1G` (binary multiples) as a number of bytes.
fn parse_size(text: &str) -> Result<usize, String> {
    let (digits, shift) = match text.as_bytes().last() {
        Some(b'K' | b'k') => (&text[..text.len() - 1], 10),
        Some(b'M' | b'm') => (&text[..text.len() - 1], 20),
        Some(b'G' | b'g') => (&text[..text.len() - 1], 30),
        _ => (text, 0),
    };
    digits
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("{text} is not a size: a number of bytes, or with K, M or G"))
}

/// `K/N` as a shard.
fn parse_shard(text: &str) -> Result<Shard, String> {
    text.parse()
        .map_err(|err: qipu::shard::ShardError| err.to_string())
}

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
    let cli = match Cli::try_parse() {
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

impl Command {
    /// The language the command speaks in.
    fn lang(&self) -> Lang {
        match self {
            Command::Validate { lang, .. }
            | Command::Convert { lang, .. }
            | Command::Show { lang, .. } => lang.lang(),
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
                html_report(&read, &excluded, deny_warnings, lang.lang(), &mut out)?
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
            notation,
            pieces,
            squares,
            results,
            output,
            in_place,
            output_dir,
            valid_only,
            fix,
            positions,
            read,
            lang,
        } => {
            if positions && !matches!(to, TargetFormat::Json) {
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
            let format = match to {
                TargetFormat::Pgn => Format::Pgn,
                TargetFormat::Pdn => Format::Pdn,
                TargetFormat::Sgf => Format::Sgf,
                TargetFormat::Json => Format::Json,
                TargetFormat::Text => Format::Text,
            };
            let text = TextOptions {
                notation: match notation {
                    NotationArg::Full => Notation::Full,
                    NotationArg::Short => Notation::Short,
                },
                pieces: match pieces {
                    PiecesArg::Latin => Pieces::Latin,
                    PiecesArg::Zh => Pieces::Zh,
                },
            };
            let pdn = PdnOptions {
                squares: match squares {
                    SquaresArg::Numeric => Squares::Numeric,
                    SquaresArg::Algebraic => Squares::Algebraic,
                },
                results: results.map(|results| match results {
                    ResultsArg::Standard => Results::Standard,
                    ResultsArg::Points => Results::Points,
                }),
            };
            let options = WriteOptions::default()
                .with(text)
                .with(pdn)
                .with(SgfOptions { fix });
            let destination = match (output, in_place, output_dir) {
                (Some(path), _, _) => Destination::File(path),
                (None, true, _) => Destination::InPlace,
                (None, false, Some(dir)) => Destination::Dir(dir),
                (None, false, None) => Destination::Stdout,
            };
            let convert = Convert {
                format,
                options,
                valid_only,
                positions,
                destination,
                lang: lang.lang(),
                shard: read.shard,
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
                picture: match format {
                    None | Some(ShowFormat::Text) => show::Picture::Text,
                    Some(ShowFormat::Svg) => show::Picture::Svg,
                    Some(ShowFormat::Png) => show::Picture::Png,
                },
                pieces: match pieces {
                    PiecesArg::Latin => Pieces::Latin,
                    PiecesArg::Zh => Pieces::Zh,
                },
                output,
            };
            show.run(&read)
        }
    }
}

/// `validate --format html`: the page is written when every input has been read; the
/// exit status is the same as the other formats give.
fn html_report(
    read: &ReadArgs,
    excluded: &Excluded,
    deny_warnings: bool,
    lang: Lang,
    out: &mut dyn Write,
) -> io::Result<Status> {
    let mut report = html::HtmlReport::new(lang);
    let status = for_each_document(read, true, excluded, lang, |input, event| {
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
    let status = for_each_document(read, false, excluded, lang, |input, event| {
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
    /// A document of the input: the whole file, or one piece of a streamed one. An
    /// input that cannot be read gives one [`Document::unreadable`].
    Document(&'a Document),
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
    mut emit: impl FnMut(&Input, Event) -> io::Result<Status>,
) -> io::Result<Status> {
    let encoding = match &args.encoding {
        Some(label) => match qipu::text::encoding_for_label(label) {
            Some(encoding) => Some(encoding),
            None => {
                let line = lang.say(
                    || format!("qipu: unknown encoding label \"{label}\""),
                    || qipu::zh!("qipu: 未知的编码标签“{}”", label),
                );
                writeln!(io::stderr(), "{line}")?;
                return Ok(Status::Failure);
            }
        },
        None => None,
    };
    let mut options = ReadOptions {
        game: args.game.map(|g| match g {
            GameArg::Shatar => Game::Shatar,
            GameArg::Draughts => Game::Draughts,
            GameArg::Go => Game::Go,
        }),
        encoding,
        keep_records,
        max_record_size: args.max_record_size,
        repair: args.repair,
        ..ReadOptions::default()
    };
    if let Some(variant) = args.variant {
        options = options.with_rules(match variant {
            VariantArg::Russian => Variant::Russian,
            VariantArg::Brazilian => Variant::Brazilian,
        });
    }
    if let Some(rules) = args.rules {
        options = options.with_rules(match rules {
            RulesArg::Chinese => Rules::Chinese,
            RulesArg::Japanese => Rules::Japanese,
            RulesArg::Korean => Rules::Korean,
            RulesArg::Aga => Rules::Aga,
            RulesArg::Nz => Rules::NewZealand,
            RulesArg::TrompTaylor => Rules::TrompTaylor,
            RulesArg::Ing => Rules::Ing,
        });
    }
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
            Loaded::Document(document) => emit(input, Event::Document(&document))?,
            Loaded::Stream => match input.byte_shard(shard) {
                Some(shard) => shard_input(input, options, shard, emit)?,
                None => stream_input(input, options, emit)?,
            },
            Loaded::NoRecordFiles => {
                let extensions: Vec<String> =
                    qipu::record_extensions().iter().map(|e| format!(".{e}")).collect();
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
                Event::Document(&Document::unreadable(&input.name(), &error)),
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
            Event::Document(&Document::unreadable(&input.name(), &error)),
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
            Ok(Some(document)) => status = status.max(emit(input, Event::Document(&document))?),
            Ok(None) => return Ok(status),
            Err(error) => {
                let document = Document::unreadable(&input.name(), &error);
                return Ok(status.max(emit(input, Event::Document(&document))?));
            }
        }
    }
}
