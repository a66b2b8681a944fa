//! Unvalidated syntax records produced by the PDN reader.
//!
//! Everything here is exactly what the text says, with byte spans into the decoded input.
//! Squares stay as written tokens: whether `1` means a1 or b8 is decided later, by the
//! module that knows the rules and the numbering convention.

use crate::text::Span;
use std::borrow::Cow;
use std::fmt;

/// One `[Name "value"]` tag pair, borrowed from the text it was read from (a value is
/// copied only to resolve its escapes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag<'a> {
    /// Tag name as written (PDN names are case-sensitive).
    pub name: &'a str,
    /// Value with the escapes `\"` and `\\` resolved.
    pub value: Cow<'a, str>,
    /// Span of the whole tag, brackets included.
    pub span: Span,
    /// Span of the value text between the quotes (or of the bare value).
    pub value_span: Span,
}

/// Which side the `GameType` tag says starts the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartColour {
    /// `W`
    White,
    /// `B`
    Black,
}

/// The notation attribute of the `GameType` tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotationKind {
    /// `A`: alphanumeric squares like chess (`c3-d4`).
    Alphanumeric,
    /// `N`: numbered squares (`9-13`).
    Numeric,
    /// `S`: short algebraic (chess SAN).
    San,
}

/// Where square 1 (or a1) lies, seen from the starting player (PDN 3.0 notation digit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstSquareCorner {
    /// `0`
    BottomLeft,
    /// `1`
    BottomRight,
    /// `2`
    TopLeft,
    /// `3`
    TopRight,
}

/// The parsed `GameType` tag: `type[,start colour,width,height,notation corner[,invert]]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameType {
    /// Game type number (20 international, 25 Russian, 26 Brazilian, ...).
    pub type_number: u32,
    /// Start colour, when the long form is given.
    pub start_colour: Option<StartColour>,
    /// Board width in squares.
    pub width: Option<u8>,
    /// Board height in squares.
    pub height: Option<u8>,
    /// Notation kind letter.
    pub notation: Option<NotationKind>,
    /// Corner of the first square.
    pub first_square: Option<FirstSquareCorner>,
    /// `true` when the bottom-left corner is not a playing square.
    pub invert: Option<bool>,
    /// Span of the tag value.
    pub span: Span,
}

/// The kind of a written square token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SquareKind {
    /// A square number, as written (leading zeros dropped; the span keeps the raw text).
    Numeric(u8),
    /// An algebraic square: file letter `a`.. as 0.., rank as written (1-based).
    Algebraic {
        /// File index, `a` = 0.
        file: u8,
        /// Rank number as written, 1-based.
        rank: u8,
    },
}

impl fmt::Display for SquareKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SquareKind::Numeric(n) => write!(f, "{n}"),
            SquareKind::Algebraic { file, rank } => {
                write!(f, "{}{rank}", char::from(b'a' + file))
            }
        }
    }
}

/// A square as written in a move or FEN, with its span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareToken {
    /// What the token denotes.
    pub kind: SquareKind,
    /// Where it was written.
    pub span: Span,
}

/// The squares of a move as written: the two of nearly every move kept inline, a longer
/// route in a vector, so that reading a move allocates nothing. Two squares are always
/// `Two`, so equal lists compare equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveSquares {
    /// From and destination.
    Two([SquareToken; 2]),
    /// Any other number of squares.
    Listed(Vec<SquareToken>),
}

impl Default for MoveSquares {
    fn default() -> MoveSquares {
        MoveSquares::Listed(Vec::new())
    }
}

impl From<Vec<SquareToken>> for MoveSquares {
    fn from(squares: Vec<SquareToken>) -> MoveSquares {
        match <[SquareToken; 2]>::try_from(squares) {
            Ok(two) => MoveSquares::Two(two),
            Err(squares) => MoveSquares::Listed(squares),
        }
    }
}

impl std::ops::Deref for MoveSquares {
    type Target = [SquareToken];

    fn deref(&self) -> &[SquareToken] {
        match self {
            MoveSquares::Two(two) => two,
            MoveSquares::Listed(squares) => squares,
        }
    }
}

impl std::ops::DerefMut for MoveSquares {
    fn deref_mut(&mut self) -> &mut [SquareToken] {
        match self {
            MoveSquares::Two(two) => two,
            MoveSquares::Listed(squares) => squares,
        }
    }
}

impl<'a> IntoIterator for &'a MoveSquares {
    type Item = &'a SquareToken;
    type IntoIter = std::slice::Iter<'a, SquareToken>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The side to move or a piece colour in a FEN tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenColour {
    /// `W`
    White,
    /// `B`
    Black,
    /// `?`: unknown (only as the side to move).
    Unknown,
}

/// One entry of a FEN piece list: a square or a numeric range, possibly kings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenEntry {
    /// `true` for a `K` prefix.
    pub king: bool,
    /// First (or only) square.
    pub from: SquareToken,
    /// Last square of a range such as `31-50`.
    pub to: Option<SquareToken>,
    /// Span of the entry, `K` included.
    pub span: Span,
}

/// A colour's piece list in a FEN tag (`W21,22,K5`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenSide {
    /// Colour of the pieces listed.
    pub colour: FenColour,
    /// The listed squares.
    pub entries: Vec<FenEntry>,
    /// Span of the field, colour letter included.
    pub span: Span,
}

/// The parsed `FEN` tag: `turn:Wlist:Blist[.]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fen {
    /// Side to move.
    pub turn: FenColour,
    /// Span of the turn letter.
    pub turn_span: Span,
    /// Piece lists in written order.
    pub sides: Vec<FenSide>,
    /// Further `:`-separated fields that are not piece lists (lidraughts writes `H0`, `F1`).
    pub other_fields: Vec<(String, Span)>,
    /// Span of the tag value.
    pub span: Span,
}

/// How the squares of a move are separated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveSeparator {
    /// `-`: a plain move.
    Dash,
    /// `x` or `X`: a capture.
    Cross,
    /// `×` (U+00D7): a capture.
    Times,
    /// `:`: a capture (Russian custom).
    Colon,
    /// No separator at all (`a3b4`, `3228`).
    None,
}

impl MoveSeparator {
    /// Whether this separator marks a capture.
    pub fn is_capture(self) -> bool {
        matches!(
            self,
            MoveSeparator::Cross | MoveSeparator::Times | MoveSeparator::Colon
        )
    }
}

/// A move strength mark such as `!`, `?!` or `(!?)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveStrength {
    /// The `!`/`?` characters as written.
    pub marks: String,
    /// Whether they were written inside parentheses (`(?)`).
    pub parenthesised: bool,
    /// Where it was written.
    pub span: Span,
}

impl MoveStrength {
    /// The equivalent standard NAG, for the six classic marks.
    pub fn nag(&self) -> Option<u16> {
        match self.marks.as_str() {
            "!" => Some(1),
            "?" => Some(2),
            "!!" => Some(3),
            "??" => Some(4),
            "!?" => Some(5),
            "?!" => Some(6),
            _ => None,
        }
    }
}

/// A written move number: `12.` (White) or `12...` (Black).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number.
    pub value: u32,
    /// `true` for the three-dot form.
    pub black: bool,
    /// Where it was written.
    pub span: Span,
}

/// Whether a comment was a `{}` comment or a PDN 3.0 `/.../` setup command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommentKind {
    /// `{ text }`
    Brace,
    /// `/FEN "..."/`
    Setup,
}

/// A comment and its span; text between the delimiters, untrimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// Brace comment or setup command.
    pub kind: CommentKind,
    /// The text between the delimiters.
    pub text: String,
    /// Span including the delimiters.
    pub span: Span,
}

/// A game result or the rulebook's `+` / `=` marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// `2-0`
    TwoZero,
    /// `1-1`
    OneOne,
    /// `0-2`
    ZeroTwo,
    /// `1-0`
    OneZero,
    /// `0-1`
    ZeroOne,
    /// `1/2-1/2`
    HalfHalf,
    /// `0-0` (double forfeit)
    ZeroZero,
    /// `*` (unknown or unfinished)
    Unfinished,
    /// `+`: the rulebook's "wins" mark after the moves.
    WinMark,
    /// `=`: the rulebook's "draw" mark after the moves.
    DrawMark,
}

impl GameResult {
    /// The token as written in PDN.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::TwoZero => "2-0",
            GameResult::OneOne => "1-1",
            GameResult::ZeroTwo => "0-2",
            GameResult::OneZero => "1-0",
            GameResult::ZeroOne => "0-1",
            GameResult::HalfHalf => "1/2-1/2",
            GameResult::ZeroZero => "0-0",
            GameResult::Unfinished => "*",
            GameResult::WinMark => "+",
            GameResult::DrawMark => "=",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A variation: an alternative to the move it is attached to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variation {
    /// The moves of the alternative line; the first replaces the move it hangs on.
    pub moves: Vec<PdnMove>,
    /// A result or `+`/`=` mark closing the line, if any.
    pub result: Option<(GameResult, Span)>,
    /// Comments that follow no move inside the variation (e.g. `( {only a note} )`).
    pub comments: Vec<Comment>,
    /// Span from `(` to `)`.
    pub span: Span,
}

/// One move as written, with its annotations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdnMove {
    /// The move number written before it, if any.
    pub number: Option<MoveNumber>,
    /// From, intermediate and destination squares as written; empty for the `-` that archives
    /// write for a move that was not recorded (`25. - -`).
    pub squares: MoveSquares,
    /// The separator used between the squares.
    pub separator: MoveSeparator,
    /// Whether the separator marks a capture.
    pub is_capture: bool,
    /// Span of the move token itself (squares and separators).
    pub span: Span,
    /// Its annotations, comments and variations, where it has any: most moves have none,
    /// and a move without them is small to build and to move.
    pub notes: Option<Box<MoveNotes>>,
}

/// What a record writes about a move besides its squares.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MoveNotes {
    /// Span of an `a.l.` ("other route") mark after the move.
    pub alternative_route: Option<Span>,
    /// Move strength mark.
    pub strength: Option<MoveStrength>,
    /// Numeric annotation glyphs (`$n`) after the move.
    pub nags: Vec<u16>,
    /// Comments written before the move (only where no earlier move could own them).
    pub comments_before: Vec<Comment>,
    /// Comments written after the move.
    pub comments_after: Vec<Comment>,
    /// Alternatives to this move.
    pub variations: Vec<Variation>,
}

/// The notes of a move that has none.
static NO_NOTES: MoveNotes = MoveNotes {
    alternative_route: None,
    strength: None,
    nags: Vec::new(),
    comments_before: Vec::new(),
    comments_after: Vec::new(),
    variations: Vec::new(),
};

impl PdnMove {
    /// The move's notes (empty ones when it has none).
    pub fn notes(&self) -> &MoveNotes {
        self.notes.as_deref().unwrap_or(&NO_NOTES)
    }

    /// The move's notes, to add one to.
    pub fn notes_mut(&mut self) -> &mut MoveNotes {
        self.notes.get_or_insert_with(Box::default)
    }
}

/// What went wrong while reading, in English via `Display`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SyntaxErrorKind {
    /// A token that fits no rule of the grammar.
    UnexpectedToken(String),
    /// A `{` inside a `{}` comment (PDN comments do not nest).
    NestedComment,
    /// A `{` with no closing `}`.
    UnterminatedComment,
    /// A `/` setup command with no closing `/`.
    UnterminatedSetup,
    /// A tag value whose closing quote is missing on its line.
    UnterminatedString,
    /// A malformed tag pair; the text says which part.
    BadTag(&'static str),
    /// A malformed move; the text says which part.
    BadMove(&'static str),
    /// A capture path mixing separators, such as `19x10-5`.
    MixedSeparators,
    /// A `)` with no open variation.
    UnmatchedCloseParen,
    /// A `(` still open at the end of the game.
    UnclosedVariation,
    /// A variation before any move it could be an alternative to.
    VariationWithoutMove,
    /// Variations nested deeper than the reader keeps.
    VariationTooDeep,
    /// A NAG, move strength or `a.l.` with no move before it.
    AnnotationWithoutMove,
    /// A `GameType` value that does not follow `type[,colour,width,height,notation[,invert]]`.
    BadGameType(&'static str),
    /// A `FEN` value that does not follow `turn:Wsquares:Bsquares`.
    BadFen(&'static str),
}

impl fmt::Display for SyntaxErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxErrorKind::UnexpectedToken(t) => write!(f, "unexpected token `{t}`"),
            SyntaxErrorKind::NestedComment => {
                f.write_str("`{` inside a comment: PDN comments do not nest")
            }
            SyntaxErrorKind::UnterminatedComment => f.write_str("comment is not closed with `}`"),
            SyntaxErrorKind::UnterminatedSetup => {
                f.write_str("setup command is not closed with `/`")
            }
            SyntaxErrorKind::UnterminatedString => {
                f.write_str("tag value is not closed with `\"` on its line")
            }
            SyntaxErrorKind::BadTag(what) => write!(f, "malformed tag: expected {what}"),
            SyntaxErrorKind::BadMove(what) => write!(f, "malformed move: expected {what}"),
            SyntaxErrorKind::MixedSeparators => {
                f.write_str("move mixes `-` with capture separators")
            }
            SyntaxErrorKind::UnmatchedCloseParen => f.write_str("`)` closes no variation"),
            SyntaxErrorKind::UnclosedVariation => f.write_str("variation is not closed with `)`"),
            SyntaxErrorKind::VariationWithoutMove => {
                f.write_str("variation has no move before it to replace")
            }
            SyntaxErrorKind::VariationTooDeep => {
                f.write_str("variations nested too deeply; inner lines skipped")
            }
            SyntaxErrorKind::AnnotationWithoutMove => {
                f.write_str("annotation has no move before it")
            }
            SyntaxErrorKind::BadGameType(what) => write!(f, "malformed GameType: expected {what}"),
            SyntaxErrorKind::BadFen(what) => write!(f, "malformed FEN: expected {what}"),
        }
    }
}

impl crate::lang::ToZh for SyntaxErrorKind {
    fn to_zh(&self) -> crate::lang::Zh {
        use crate::lang::{zh, Zh};
        match self {
            SyntaxErrorKind::UnexpectedToken(t) => zh!("意外的记号 `{}`", t),
            SyntaxErrorKind::NestedComment => Zh::own("注释中出现 `{`：PDN 注释不能嵌套"),
            SyntaxErrorKind::UnterminatedComment => Zh::own("注释没有用 `}` 闭合"),
            SyntaxErrorKind::UnterminatedSetup => Zh::own("局面设置命令没有用 `/` 闭合"),
            SyntaxErrorKind::UnterminatedString => Zh::own("标签值在本行没有用 `\"` 闭合"),
            SyntaxErrorKind::BadTag(what) => zh!("标签格式有误：应为{}", expected_zh(what)),
            SyntaxErrorKind::BadMove(what) => zh!("着法格式有误：应为{}", expected_zh(what)),
            SyntaxErrorKind::MixedSeparators => Zh::own("着法把 `-` 与吃子分隔号混用"),
            SyntaxErrorKind::UnmatchedCloseParen => Zh::own("`)` 没有可闭合的变着"),
            SyntaxErrorKind::UnclosedVariation => Zh::own("变着没有用 `)` 闭合"),
            SyntaxErrorKind::VariationWithoutMove => Zh::own("变着之前没有可替代的着法"),
            SyntaxErrorKind::VariationTooDeep => Zh::own("变着嵌套过深；内层变着已跳过"),
            SyntaxErrorKind::AnnotationWithoutMove => Zh::own("评注之前没有着法"),
            SyntaxErrorKind::BadGameType(what) => {
                zh!("GameType 格式有误：应为{}", expected_zh(what))
            }
            SyntaxErrorKind::BadFen(what) => zh!("FEN 格式有误：应为{}", expected_zh(what)),
        }
    }
}

/// What a grammar rule expected (its `context` label), in Chinese; a label without a
/// Chinese name is kept as it is.
pub(crate) fn expected_zh(what: &'static str) -> crate::lang::Zh {
    use crate::lang::Zh;
    Zh::own(match what {
        "board height" => "棋盘高度",
        "board width" => "棋盘宽度",
        "closing quote" => "闭合的引号",
        "end of value" => "值的结尾",
        "game type number" => "棋种编号",
        "invert flag 0 or 1" => "翻转标志 0 或 1",
        "notation such as A0 or N2" => "A0 或 N2 之类的记法",
        "number after `$`" => "`$` 之后的数字",
        "piece list" => "棋子列表",
        "separator and square" => "分隔号和格子",
        "side to move W, B or ?" => "轮走方 W、B 或 ?",
        "space or annotation after the move" => "着法之后的空格或评注",
        "square after separator" => "分隔号之后的格子",
        "square ending the range" => "范围末尾的格子",
        "square" => "格子",
        "start colour W or B" => "先走方 W 或 B",
        "tag name" => "标签名",
        "a valid value" => "有效的值",
        "a move" => "着法",
        "a destination square" => "目标格",
        "`,` or `:` between squares" => "格子之间的 `,` 或 `:`",
        "W or B before a piece list" => "棋子列表之前的 W 或 B",
        other => other,
    })
}

/// A syntax error and where it is.
pub type SyntaxError = crate::text::SyntaxError<SyntaxErrorKind>;

/// One game as read: tags, main line, result and the errors met on the way.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PdnGame<'a> {
    /// Tags in written order.
    pub tags: Vec<Tag<'a>>,
    /// The parsed `GameType` tag, if present and well formed.
    pub game_type: Option<GameType>,
    /// The parsed `FEN` tag, if present and well formed.
    pub fen: Option<Fen>,
    /// The main line.
    pub moves: Vec<PdnMove>,
    /// The game termination, if written.
    pub result: Option<(GameResult, Span)>,
    /// Comments of a game that has no move to attach them to.
    pub comments: Vec<Comment>,
    /// Syntax errors, in input order.
    pub syntax_errors: Vec<SyntaxError>,
    /// `%` escape lines (from the `%`, line break not included) before the game's first
    /// token; only the first game of a text has them, later ones' belong to the game before.
    pub escapes_before: Vec<String>,
    /// Escape lines between the game's first token and its end.
    pub escapes_inside: Vec<String>,
    /// Escape lines after the game's result, before the next game.
    pub escapes_after: Vec<String>,
    /// Span from the first to the last token of the game.
    pub span: Span,
}

impl PdnGame<'_> {
    /// The value of the first tag with this name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| &*t.value)
    }
}
