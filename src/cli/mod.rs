//! Command-line front end: arguments, input collection, parallel reading, output.

mod inputs;
mod render;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use rayon::prelude::*;

use qipu::draughts::position::Variant;
use qipu::write::{Format, Notation, Pieces, Results, Squares, WriteOptions};
use qipu::{Document, Game, ReadOptions};

use inputs::Input;

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
        #[command(flatten)]
        read: ReadArgs,
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
        /// Write to this file instead of standard output.
        #[arg(short = 'o', long = "output")]
        output: Option<std::path::PathBuf>,
        #[command(flatten)]
        read: ReadArgs,
    },
}

#[derive(clap::Args)]
struct ReadArgs {
    /// Game family, instead of detecting it from the extension and content.
    #[arg(long, value_enum)]
    game: Option<GameArg>,
    /// Draughts rules, instead of the GameType tag.
    #[arg(long, value_enum)]
    variant: Option<VariantArg>,
    /// Encoding label (UTF-8, GB18030, Big5, Shift_JIS, …), instead of detecting it.
    #[arg(long)]
    encoding: Option<String>,
    /// Files, folders (read recursively), or - for standard input.
    #[arg(required = true)]
    paths: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum OutputFormat {
    Human,
    Json,
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
    match execute(cli) {
        Ok(status) => ExitCode::from(status as u8),
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            let _ = writeln!(io::stderr(), "qipu: {err}");
            ExitCode::from(2)
        }
    }
}

fn execute(cli: Cli) -> io::Result<Status> {
    match cli.command {
        Command::Validate { format, read } => {
            let human = match format {
                Some(OutputFormat::Human) => true,
                Some(OutputFormat::Json) => false,
                None => io::stdout().is_terminal(),
            };
            let style = render::Style::detect(human && io::stdout().is_terminal());
            let mut out = io::BufWriter::new(io::stdout().lock());
            let status = for_each_document(&read, false, |document| {
                let text = if human {
                    render::human_report(document, style)
                } else {
                    render::json_report(document)
                };
                out.write_all(text.as_bytes())?;
                Ok(status_of(document))
            })?;
            out.flush()?;
            Ok(status)
        }
        Command::Convert {
            to,
            notation,
            pieces,
            squares,
            results,
            output,
            read,
        } => {
            let format = match to {
                TargetFormat::Pgn => Format::Pgn,
                TargetFormat::Pdn => Format::Pdn,
                TargetFormat::Sgf => Format::Sgf,
                TargetFormat::Json => Format::Json,
                TargetFormat::Text => Format::Text,
            };
            let options = WriteOptions {
                notation: match notation {
                    NotationArg::Full => Notation::Full,
                    NotationArg::Short => Notation::Short,
                },
                pieces: match pieces {
                    PiecesArg::Latin => Pieces::Latin,
                    PiecesArg::Zh => Pieces::Zh,
                },
                squares: match squares {
                    SquaresArg::Numeric => Squares::Numeric,
                    SquaresArg::Algebraic => Squares::Algebraic,
                },
                results: results.map(|results| match results {
                    ResultsArg::Standard => Results::Standard,
                    ResultsArg::Points => Results::Points,
                }),
            };
            let mut out: Box<dyn Write> = match &output {
                Some(path) => Box::new(io::BufWriter::new(std::fs::File::create(path)?)),
                None => Box::new(io::BufWriter::new(io::stdout().lock())),
            };
            let style = render::Style::detect(io::stderr().is_terminal());
            let mut written = 0usize;
            let status = for_each_document(&read, true, |document| {
                let mut status = Status::Valid;
                for report in &document.records {
                    let record = match &report.record {
                        Some(record) if report.valid() => record,
                        _ => {
                            status = status.max(Status::Invalid);
                            io::stderr().write_all(
                                render::human_record(document, report, style).as_bytes(),
                            )?;
                            continue;
                        }
                    };
                    match qipu::write::write_record(
                        record,
                        &document.source,
                        report.index,
                        format,
                        &options,
                    ) {
                        Ok(text) => {
                            if written > 0 && format != Format::Json {
                                out.write_all(b"\n")?;
                            }
                            out.write_all(text.as_bytes())?;
                            written += 1;
                        }
                        Err(err) => {
                            writeln!(
                                io::stderr(),
                                "qipu: {}: record {}: {err}",
                                document.source,
                                report.index
                            )?;
                            status = Status::Failure;
                        }
                    }
                }
                Ok(status)
            })?;
            out.flush()?;
            Ok(status)
        }
    }
}

fn status_of(document: &Document) -> Status {
    if document.records.iter().all(|r| r.valid()) {
        Status::Valid
    } else {
        Status::Invalid
    }
}

/// Reads every input (in parallel, batch by batch) and hands each document, in input
/// order, to `emit`. An unreadable file is reported and the run goes on.
fn for_each_document(
    args: &ReadArgs,
    keep_records: bool,
    mut emit: impl FnMut(&Document) -> io::Result<Status>,
) -> io::Result<Status> {
    let encoding = match &args.encoding {
        Some(label) => match qipu::text::encoding_for_label(label) {
            Some(encoding) => Some(encoding),
            None => {
                writeln!(io::stderr(), "qipu: unknown encoding label \"{label}\"")?;
                return Ok(Status::Failure);
            }
        },
        None => None,
    };
    let options = ReadOptions {
        game: args.game.map(|g| match g {
            GameArg::Shatar => Game::Shatar,
            GameArg::Draughts => Game::Draughts,
            GameArg::Go => Game::Go,
        }),
        encoding,
        keep_records,
        variant: args.variant.map(|v| match v {
            VariantArg::Russian => Variant::Russian,
            VariantArg::Brazilian => Variant::Brazilian,
        }),
    };
    let mut status = Status::Valid;
    let (inputs, errors) = inputs::collect(&args.paths);
    for error in errors {
        writeln!(io::stderr(), "qipu: {error}")?;
        status = Status::Failure;
    }
    // Small files are read whole, many at a time; a large file or standard input is
    // streamed piece by piece (each piece replayed in parallel) in its turn, to keep
    // memory flat.
    for batch in inputs.chunks(BATCH) {
        let loaded = load_batch(batch, &options);
        status = status.max(emit_batch(batch, loaded, &options, &mut emit)?);
    }
    Ok(status)
}

/// What reading one input in a batch gave.
enum Loaded {
    Document(Document),
    /// Too large to read whole (or standard input): streamed in its turn.
    Stream,
    Failed(String),
}

fn load_batch(batch: &[Input], options: &ReadOptions) -> Vec<Loaded> {
    batch.par_iter().map(|input| load(input, options)).collect()
}

/// Hands the documents of a batch to `emit` in input order, streaming the large inputs.
fn emit_batch(
    batch: &[Input],
    loaded: Vec<Loaded>,
    options: &ReadOptions,
    emit: &mut impl FnMut(&Document) -> io::Result<Status>,
) -> io::Result<Status> {
    let mut status = Status::Valid;
    for (input, loaded) in batch.iter().zip(loaded) {
        match loaded {
            Loaded::Document(document) => status = status.max(emit(&document)?),
            Loaded::Stream => status = status.max(stream_input(input, options, emit)?),
            Loaded::Failed(error) => {
                writeln!(io::stderr(), "qipu: {error}")?;
                status = Status::Failure;
            }
        }
    }
    Ok(status)
}

fn load(input: &Input, options: &ReadOptions) -> Loaded {
    match input.read_small() {
        Ok(Some(bytes)) => Loaded::Document(qipu::read_document(&input.name(), &bytes, options)),
        Ok(None) => Loaded::Stream,
        Err(error) => Loaded::Failed(format!("{}: {error}", input.name())),
    }
}

fn stream_input(
    input: &Input,
    options: &ReadOptions,
    emit: &mut impl FnMut(&Document) -> io::Result<Status>,
) -> io::Result<Status> {
    let reader = match input.open() {
        Ok(reader) => reader,
        Err(error) => {
            writeln!(io::stderr(), "qipu: {}: {error}", input.name())?;
            return Ok(Status::Failure);
        }
    };
    let mut stream = qipu::stream::DocumentStream::new(&input.name(), reader, options);
    let mut status = Status::Valid;
    loop {
        match stream.next_document() {
            Ok(Some(document)) => status = status.max(emit(&document)?),
            Ok(None) => return Ok(status),
            Err(error) => {
                writeln!(io::stderr(), "qipu: {}: {error}", input.name())?;
                return Ok(Status::Failure);
            }
        }
    }
}
