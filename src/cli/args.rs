//! The command line's arguments as clap parses them, apart from what the commands do
//! with them: each argument type converts into the library's own (`From`), and the
//! formats and games offered are the library's.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};
use encoding_rs::Encoding;

use qipu::draughts::{PdnOptions, Results, Squares, Variant};
use qipu::go::Rules;
use qipu::lang::Lang;
use qipu::select::Selection;
use qipu::shard::Shard;
use qipu::shatar::{Notation, TextOptions};
use qipu::write::{Format, Pieces, WriteOptions};
use qipu::{Game, ReadOptions};

use super::lang::LangArgs;
use super::show::Picture;

#[derive(Parser)]
#[command(
    name = "qipu",
    version,
    about = "Read, validate and convert game records: Shatar, 64-square draughts, Go"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
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
        /// Shatar piece names on the boards of --format html [default: zh with --lang zh
        /// or zh-Hant, else latin].
        #[arg(long, value_enum)]
        pieces: Option<PiecesArg>,
        #[command(flatten)]
        read: ReadArgs,
        #[command(flatten)]
        lang: LangArgs,
    },
    /// Write every record in another format or notation.
    Convert {
        /// Target format.
        #[arg(long, value_parser = format_parser())]
        to: Format,
        #[command(flatten)]
        write: WriteArgs,
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
    /// Rewrite each file in place in its own format, normalised as convert writes it.
    Fmt {
        /// Change nothing: list the files that would change (exit status 1 if any).
        #[arg(long)]
        check: bool,
        /// Change nothing: print a unified diff of what would change (exit status 1 if
        /// anything would).
        #[arg(long)]
        diff: bool,
        /// Game family, instead of detecting it from the extension and content.
        #[arg(long, value_parser = game_parser())]
        game: Option<Game>,
        /// Encoding label, instead of detecting it.
        #[arg(long)]
        encoding: Option<String>,
        /// Files or folders (read recursively).
        #[arg(required = true)]
        paths: Vec<String>,
        #[command(flatten)]
        lang: LangArgs,
    },
}

impl Command {
    /// The language the command speaks in.
    pub fn lang(&self) -> Lang {
        match self {
            Command::Validate { lang, .. }
            | Command::Convert { lang, .. }
            | Command::Show { lang, .. }
            | Command::Fmt { lang, .. } => lang.lang(),
        }
    }
}

/// How `convert` writes each family's records: the options the families declare.
#[derive(clap::Args)]
pub struct WriteArgs {
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
}

impl From<&WriteArgs> for WriteOptions {
    fn from(args: &WriteArgs) -> WriteOptions {
        let text = TextOptions {
            notation: args.notation.into(),
            pieces: args.pieces.into(),
        };
        let pdn = PdnOptions {
            squares: args.squares.into(),
            results: args.results.map(Results::from),
        };
        WriteOptions::default().with(text).with(pdn)
    }
}

#[derive(clap::Args)]
pub struct ReadArgs {
    /// Game family, instead of detecting it from the extension and content.
    #[arg(long, value_parser = game_parser())]
    pub game: Option<Game>,
    /// Draughts rules, instead of the GameType tag.
    #[arg(long, value_enum)]
    pub variant: Option<VariantArg>,
    /// Go rules, instead of the RU property.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    /// Encoding label (UTF-8, GB18030, Big5, Shift_JIS, …), instead of detecting it.
    #[arg(long)]
    pub encoding: Option<String>,
    /// The most text a streamed input (standard input, a FIFO, a file over 8 MB) may
    /// hold without a record boundary, in bytes or with K, M or G [default: 256M].
    #[arg(long, value_name = "BYTES", value_parser = parse_size)]
    pub max_record_size: Option<usize>,
    /// Where a move fits no legal move but exactly one fits what was evidently meant,
    /// replay on with it; each repair is reported and the record stays invalid.
    #[arg(long)]
    pub repair: bool,
    /// Read only shard K of N (counted from 0): of each file named, the records that
    /// start in its K-th of N byte ranges; of a folder, the files whose path hashes to K.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<Shard>,
    /// Only the records that match: comparisons FIELD OP VALUE (=, !=, <, <=, >, >=, ~)
    /// joined by and, or, not and parentheses, e.g. 'black ~ "Lee" and date >= 2016'.
    #[arg(long = "where", value_name = "EXPR", value_parser = parse_selection)]
    pub selection: Option<Selection>,
    /// Files, folders (read recursively), or - for standard input.
    #[arg(required = true)]
    pub paths: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    Human,
    Json,
    /// One self-contained HTML page over the whole run.
    Html,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DenyArg {
    /// Warnings make the exit status 1, as errors do.
    Warnings,
}

/// A value enum of the command line for a library enum, variant for variant (a variant
/// that the command line names otherwise says which it stands for), and its conversion.
macro_rules! mirror {
    ($arg:ident => $lib:ident { $($variant:ident $(= $own:ident)?),+ $(,)? }) => {
        #[derive(Clone, Copy, ValueEnum)]
        pub enum $arg {
            $($variant),+
        }

        impl From<$arg> for $lib {
            fn from(arg: $arg) -> $lib {
                match arg {
                    $($arg::$variant => mirror!(@own $lib $variant $($own)?)),+
                }
            }
        }
    };
    (@own $lib:ident $variant:ident) => { $lib::$variant };
    (@own $lib:ident $variant:ident $own:ident) => { $lib::$own };
}

mirror!(ShowFormat => Picture { Text, Svg, Png });
mirror!(NotationArg => Notation { Full, Short });
mirror!(PiecesArg => Pieces { Latin, Zh });
mirror!(SquaresArg => Squares { Numeric, Algebraic });
mirror!(ResultsArg => Results { Standard, Points });
mirror!(VariantArg => Variant { Russian, Brazilian });
mirror!(RulesArg => Rules { Chinese, Japanese, Korean, Aga, Nz = NewZealand, TrompTaylor, Ing });

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

/// `--where`: the expression, or what is wrong with it under the place it went wrong.
fn parse_selection(text: &str) -> Result<Selection, String> {
    Selection::parse(text).map_err(|err| {
        let column = text[..err.at()].chars().count();
        format!("{err}\n  {text}\n  {}^", " ".repeat(column))
    })
}

/// `--to`: the formats the library writes, by name.
fn format_parser() -> impl TypedValueParser<Value = Format> {
    let names: Vec<&'static str> = Format::all().into_iter().map(Format::name).collect();
    PossibleValuesParser::new(names).map(|name| Format::of_name(&name).expect("a format listed"))
}

/// `--game`: the families the library reads, by name.
fn game_parser() -> impl TypedValueParser<Value = Game> {
    let names: Vec<&'static str> = Game::all().into_iter().map(Game::name).collect();
    PossibleValuesParser::new(names).map(|name| Game::of_name(&name).expect("a game listed"))
}

impl ReadArgs {
    /// The library's options for these arguments, `encoding` resolved from its label.
    pub fn options(&self, encoding: Option<&'static Encoding>, keep_records: bool) -> ReadOptions {
        let mut options = ReadOptions {
            game: self.game,
            encoding,
            keep_records,
            max_record_size: self.max_record_size,
            repair: self.repair,
            ..ReadOptions::default()
        };
        if let Some(variant) = self.variant {
            options = options.with_rules(Variant::from(variant));
        }
        if let Some(rules) = self.rules {
            options = options.with_rules(Rules::from(rules));
        }
        options
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn the_arguments_are_well_formed() {
        Cli::command().debug_assert();
    }

    /// `--to` and `--game` offer what the library's families declare, in their order.
    #[test]
    fn formats_and_games_come_from_the_library() {
        let command = Cli::command();
        let values = |sub: &str, arg: &str| -> Vec<String> {
            let sub = command.find_subcommand(sub).expect("a subcommand");
            let arg = sub
                .get_arguments()
                .find(|a| a.get_id() == arg)
                .expect("an argument");
            arg.get_possible_values()
                .iter()
                .map(|v| v.get_name().to_string())
                .collect()
        };
        assert_eq!(
            values("convert", "to"),
            ["pgn", "pdn", "sgf", "json", "text"]
        );
        assert_eq!(values("validate", "game"), ["shatar", "draughts", "go"]);
        let parsed = Cli::try_parse_from(["qipu", "convert", "--to", "sgf", "--game", "go", "x"]);
        let Ok(Cli {
            command: Command::Convert { to, read, .. },
        }) = parsed
        else {
            panic!("convert parses");
        };
        assert_eq!((to, read.game), (Format::Sgf, Some(Game::Go)));
    }
}
