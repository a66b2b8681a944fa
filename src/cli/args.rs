//! The command line's arguments as clap parses them, apart from what the commands do
//! with them: each argument type converts into the library's own (`From`), and the
//! formats and games offered are the library's.

use std::ffi::OsString;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};
use encoding_rs::Encoding;

use qipu::dedup::Likeness;
use qipu::draughts::{PdnOptions, Results, Squares, Variant};
use qipu::go::Rules;
use qipu::lang::Lang;
use qipu::select::{Field, Selection};
use qipu::shard::Shard;
use qipu::shatar::{Notation, TextOptions};
use qipu::write::{Format, Pieces, Shape, Strip, WriteOptions};
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
        /// With --output-dir: at most N records a file, numbered NAME-0001.EXT,
        /// NAME-0002.EXT, … (NAME the input's, stdin for standard input, or the value's
        /// with --split-by).
        #[arg(long, value_name = "N", value_parser = parse_split)]
        split: Option<std::num::NonZeroUsize>,
        /// With --output-dir: one file per value of FIELD (any field --where takes) over
        /// the whole run, VALUE.EXT, and unknown.EXT for the records without it.
        #[arg(long, value_name = "FIELD", value_parser = parse_field)]
        split_by: Option<Field>,
        /// Skip records with errors instead of writing what could be read of them.
        #[arg(long)]
        valid_only: bool,
        /// SGF: correct what SGFC corrects (a move in the root node, repeated values,
        /// DT, RE and KM forms, passes, FF[3] properties), each correction reported.
        #[arg(long)]
        fix: bool,
        /// Write the duplicates to this file, in the target format, instead of leaving
        /// them out (implies --dedup).
        #[arg(long, value_name = "FILE")]
        duplicates: Option<std::path::PathBuf>,
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
    /// Strip what the list names from every record written (comma-separated, or the
    /// flag repeated); the closing line counts what went.
    #[arg(long, value_enum, value_name = "LIST", value_delimiter = ',')]
    strip: Vec<StripArg>,
    /// Keep the first N plies of the main line (and of the variations what lies within
    /// N plies); a record cut short gets an unknown result.
    #[arg(long, value_name = "N")]
    ply_limit: Option<usize>,
    /// Lines of at most N characters in PGN, PDN, SGF and text (at least 20; a longer
    /// token stands alone) [default: 79]. JSON is one line a record.
    #[arg(long, value_name = "N", value_parser = parse_line_width)]
    line_width: Option<usize>,
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
        let mut shape = Shape::default();
        shape.ply_limit = args.ply_limit;
        if let Some(width) = args.line_width {
            shape.line_width = width;
        }
        for strip in &args.strip {
            shape = shape.stripping(Strip::from(*strip));
        }
        WriteOptions::default().with(text).with(pdn).with(shape)
    }
}

/// The narrowest `--line-width`: a move number, a move and its NAG still fit a line.
const MIN_LINE_WIDTH: usize = 20;

/// `--line-width`: a number of characters, [`MIN_LINE_WIDTH`] or more.
fn parse_line_width(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|&width| width >= MIN_LINE_WIDTH)
        .ok_or_else(|| {
            format!("{text} is not a line width: a number of characters, {MIN_LINE_WIDTH} or more")
        })
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
    /// Mark each record that repeats an earlier one, whatever its headers, as a
    /// duplicate (convert leaves it out): the same start position and moves (Go: under
    /// any symmetry of the board); `final`: the same final position, in any move order.
    #[arg(
        long,
        value_enum,
        value_name = "LIKENESS",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "moves"
    )]
    pub dedup: Option<LikenessArg>,
    /// Keep only the duplicates (implies --dedup).
    #[arg(long)]
    pub only_duplicates: bool,
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
mirror!(LikenessArg => Likeness { Moves, Final });
mirror!(NotationArg => Notation { Full, Short });
mirror!(PiecesArg => Pieces { Latin, Zh });
mirror!(SquaresArg => Squares { Numeric, Algebraic });
mirror!(ResultsArg => Results { Standard, Points });
mirror!(StripArg => Strip { Comments, Nags, Variations, Markup, Unknown });
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

/// `--split`: a number of records, 1 or more.
fn parse_split(text: &str) -> Result<std::num::NonZeroUsize, String> {
    text.parse()
        .map_err(|_| format!("{text} is not a number of records, 1 or more"))
}

/// `--split-by`: a field, as `--where` names it.
fn parse_field(text: &str) -> Result<Field, String> {
    Field::parse(text).map_err(|err| err.to_string())
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

/// The command line with `--dedup`'s optional value joined to it (`--dedup final` as
/// `--dedup=final`), so that `--dedup PATH` leaves the path a path: clap would take any
/// word after a flag of optional value for the value.
pub fn dedup_value_joined(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut joined: Vec<OsString> = Vec::new();
    let mut args = args.into_iter().peekable();
    while let Some(arg) = args.next() {
        if arg == "--" {
            joined.push(arg);
            joined.extend(args);
            break;
        }
        if arg == "--dedup" {
            let value =
                args.next_if(|next| LikenessArg::from_str(&next.to_string_lossy(), false).is_ok());
            let mut flag = OsString::from("--dedup=");
            flag.push(value.unwrap_or_else(|| OsString::from("moves")));
            joined.push(flag);
            continue;
        }
        joined.push(arg);
    }
    joined
}

impl ReadArgs {
    /// The likeness `--dedup` asks for, or that `--only-duplicates` implies.
    pub fn likeness(&self) -> Option<Likeness> {
        match (self.dedup, self.only_duplicates) {
            (Some(likeness), _) => Some(likeness.into()),
            (None, true) => Some(Likeness::Moves),
            (None, false) => None,
        }
    }

    /// The library's options for these arguments, `encoding` resolved from its label.
    pub fn options(&self, encoding: Option<&'static Encoding>, keep_records: bool) -> ReadOptions {
        let mut options = ReadOptions {
            game: self.game,
            encoding,
            keep_records,
            max_record_size: self.max_record_size,
            repair: self.repair,
            dedup: self.likeness(),
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
