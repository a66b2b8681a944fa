//! Unvalidated syntax records shared by the Shatar readers (scoresheets and PGN).
//!
//! Everything here is what the text *says*, with byte spans into the decoded source; nothing
//! has been checked against a position. The validator replays [`ParsedGame::moves`] later.

use crate::text::Span;
use std::borrow::Cow;
use std::fmt;
use std::num::NonZeroUsize;

use super::notation::{MoveText, PieceToken};
use super::types::{Color, Square};

/// Which reader produced a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceFormat {
    /// Rulebook-style scoresheet (§2.2 of the rulebook).
    Scoresheet,
    /// Portable Game Notation.
    Pgn,
}

/// A game result as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultToken {
    /// `1-0`, `白胜`.
    WhiteWins,
    /// `0-1`, `蓝胜`.
    BlueWins,
    /// `1/2-1/2`, `½-½`, `和棋`, `和`.
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl fmt::Display for ResultToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

impl ResultToken {
    /// The PGN spelling (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub fn pgn(self) -> &'static str {
        match self {
            ResultToken::WhiteWins => "1-0",
            ResultToken::BlueWins => "0-1",
            ResultToken::Draw => "1/2-1/2",
            ResultToken::Unknown => "*",
        }
    }
}

/// A move number as written: `(5)`, `5.`, `5...`, `5…`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number.
    pub value: u32,
    /// Written with `...`/`…`, i.e. announcing a Blue move.
    pub ellipsis: bool,
    /// Where the number is written.
    pub span: Span,
}

/// One move token of a line, parsed or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedMove {
    /// The move number written immediately before this move, if any.
    pub number: Option<MoveNumber>,
    /// The whole token as written (for an unparsable token: up to the resynchronisation point).
    pub span: Span,
    /// The syntax of the token, or why it could not be read. The validator reports an
    /// `unparsable-move` at an `Err` and stops replaying there.
    pub parsed: Result<MoveText, SyntaxError>,
    /// Where the comments, NAGs and variations attached to the move are kept in the game's
    /// [`Attachments`] (1-based), if it has any.
    attached: Option<NonZeroUsize>,
}

/// What a move's token carries besides the move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attached {
    /// A comment written before the first move of a variation.
    pub comment_before: Option<String>,
    /// Comments written after this move, joined by a space.
    pub comment: Option<String>,
    /// Numeric annotation glyphs (`$n`) after this move.
    pub nags: Vec<u8>,
    /// Alternative lines that replace this move.
    pub variations: Vec<Vec<ParsedMove>>,
}

impl ParsedMove {
    /// A move token as read, with nothing attached yet.
    pub(crate) fn new(
        number: Option<MoveNumber>,
        span: Span,
        parsed: Result<MoveText, SyntaxError>,
    ) -> ParsedMove {
        ParsedMove {
            number,
            span,
            parsed,
            attached: None,
        }
    }
}

/// The comments, NAGs and variations of a game's moves (of its variations' too), kept
/// beside the moves: most moves have none, and a move that owns nothing is cheap to
/// drop.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attachments(Vec<Attached>);

impl Attachments {
    fn of(&self, mv: &ParsedMove) -> Option<&Attached> {
        mv.attached.map(|id| &self.0[id.get() - 1])
    }

    /// Comments written after `mv`, joined by a space.
    pub fn comment(&self, mv: &ParsedMove) -> Option<&str> {
        self.of(mv)?.comment.as_deref()
    }

    /// Numeric annotation glyphs (`$n`) after `mv`.
    pub fn nags(&self, mv: &ParsedMove) -> &[u8] {
        self.of(mv).map_or(&[], |a| &a.nags)
    }

    /// Alternative lines that replace `mv`.
    pub fn variations(&self, mv: &ParsedMove) -> &[Vec<ParsedMove>] {
        self.of(mv).map_or(&[], |a| &a.variations)
    }

    /// What `mv` carries, made room for on first use.
    fn attach(&mut self, mv: &mut ParsedMove) -> &mut Attached {
        let id = *mv.attached.get_or_insert_with(|| {
            self.0.push(Attached::default());
            NonZeroUsize::MIN.saturating_add(self.0.len() - 1)
        });
        &mut self.0[id.get() - 1]
    }
}

/// A half-known date: `2007年x月x日` keeps only the year.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialDate {
    /// The year, when written.
    pub year: Option<u16>,
    /// The month, when written.
    pub month: Option<u8>,
    /// The day, when written.
    pub day: Option<u8>,
    /// Where the date is written.
    pub span: Span,
}

impl PartialDate {
    /// PGN date form, unknown parts as `?`: `2007.05.??`.
    pub fn pgn(&self) -> String {
        let year = self
            .year
            .map_or_else(|| "????".to_owned(), |y| format!("{y:04}"));
        let two = |v: Option<u8>| v.map_or_else(|| "??".to_owned(), |v| format!("{v:02}"));
        format!("{year}.{}.{}", two(self.month), two(self.day))
    }
}

/// One entry of a position listing: a piece and the squares it stands on (`夫a2b2c2`, `Pa2,b2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupEntry {
    /// The piece, as written.
    pub piece: PieceToken,
    /// Each square it stands on, with where that square is written.
    pub squares: Vec<(Square, Span)>,
    /// The whole entry.
    pub span: Span,
}

/// A position listing (§2.2.3 of the rulebook), unvalidated: pieces may overlap or be missing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetupListing {
    /// White's pieces.
    pub white: Vec<SetupEntry>,
    /// Blue's pieces.
    pub blue: Vec<SetupEntry>,
    /// `白先`/`蓝先`, `White to move`/`Blue to move`, when written.
    pub to_move: Option<Color>,
    /// The whole listing.
    pub span: Span,
}

/// One game as read, before any validation; its tags borrow from the text read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedGame<'a> {
    /// The reader that produced the game.
    pub format: SourceFormat,
    /// PGN tag pairs in input order; scoresheet headers mapped to `White`, `Black` (Blue),
    /// `Date` (`2007.05.??`), `Site`, `Event`, `Round`. A PGN tag is copied only when its
    /// value has escapes: most games are replayed without their tags ever being kept.
    pub tags: Vec<(&'a str, Cow<'a, str>)>,
    /// The scoresheet date with its unknown parts.
    pub date: Option<PartialDate>,
    /// The position listing a scoresheet starts from, if it has one.
    pub setup: Option<SetupListing>,
    /// A comment before the first move of the main line.
    pub leading_comment: Option<String>,
    /// The main line.
    pub moves: Vec<ParsedMove>,
    /// The comments, NAGs and variations of the moves.
    pub attachments: Attachments,
    /// The result written at the end of the game, if any.
    pub result: Option<(ResultToken, Span)>,
    /// Structural problems (unterminated comments, unbalanced variations, bad tags…). Unreadable
    /// moves are not repeated here: they are the `Err` moves of the line they stand in.
    pub syntax_errors: Vec<SyntaxError>,
    /// PGN `%` escape lines read with the game (before it, inside it, after the last
    /// game), without their line break.
    pub escapes: Vec<String>,
    /// Byte range of the whole game in the source.
    pub span: Span,
}

impl<'a> ParsedGame<'a> {
    pub(crate) fn new(format: SourceFormat, start: usize) -> ParsedGame<'a> {
        ParsedGame {
            format,
            tags: Vec::new(),
            date: None,
            setup: None,
            leading_comment: None,
            moves: Vec::new(),
            attachments: Attachments::default(),
            result: None,
            syntax_errors: Vec::new(),
            escapes: Vec::new(),
            span: start..start,
        }
    }

    /// The value of the first tag with this name (case-sensitive, as PGN prescribes).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| &**v)
    }

    /// The tag pairs as a record keeps them.
    pub(crate) fn owned_tags(&self) -> Vec<(String, String)> {
        self.tags
            .iter()
            .map(|(name, value)| ((*name).to_owned(), value.clone().into_owned()))
            .collect()
    }
}

/// What is wrong with a piece of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyntaxErrorKind {
    /// No move where the line needs one.
    ExpectedMove,
    /// A separator (`-`, `—`, `:`, `x`) with no square after it.
    ExpectedDestination,
    /// A promotion mark with no piece after it.
    ExpectedPromotionPiece,
    /// A `(` promotion piece without its `)`.
    UnclosedPromotion,
    /// Characters after a complete move token.
    TrailingCharacters,
    /// A `{` comment still open at the end of the text.
    UnterminatedComment,
    /// A `{` comment still open where the next game's tag pairs begin.
    CommentIntoNextGame,
    /// A tag value without its closing `"`.
    UnterminatedString,
    /// A tag pair that is not `[Name "value"]`.
    MalformedTag,
    /// A `)` with no open variation.
    UnmatchedCloseParen,
    /// A `(` variation still open at the end of the game.
    UnclosedVariation,
    /// A variation nested deeper than the reader keeps.
    VariationTooDeep,
    /// A variation before any move it could replace.
    VariationWithoutMove,
    /// A `$n` before any move.
    NagWithoutMove,
    /// A `$` without a number from 0 to 255.
    BadNag,
    /// An entry of a position listing that cannot be read.
    MalformedSetup,
}

impl fmt::Display for SyntaxErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SyntaxErrorKind::ExpectedMove => "expected a move",
            SyntaxErrorKind::ExpectedDestination => {
                "expected a destination square after the separator"
            }
            SyntaxErrorKind::ExpectedPromotionPiece => "expected the piece promoted to",
            SyntaxErrorKind::UnclosedPromotion => "missing `)` after the promotion piece",
            SyntaxErrorKind::TrailingCharacters => "unexpected characters after the move",
            SyntaxErrorKind::UnterminatedComment => "comment is not closed",
            SyntaxErrorKind::CommentIntoNextGame => {
                "comment is not closed before the next game's tags"
            }
            SyntaxErrorKind::UnterminatedString => "tag value is not closed by `\"`",
            SyntaxErrorKind::MalformedTag => "malformed tag pair; expected [Name \"value\"]",
            SyntaxErrorKind::UnmatchedCloseParen => "`)` without a matching `(`",
            SyntaxErrorKind::UnclosedVariation => "variation is not closed by `)`",
            SyntaxErrorKind::VariationTooDeep => {
                "variations nested too deeply; this one is skipped"
            }
            SyntaxErrorKind::VariationWithoutMove => "a variation must follow the move it replaces",
            SyntaxErrorKind::NagWithoutMove => "annotation glyph before any move",
            SyntaxErrorKind::BadNag => "annotation glyph must be `$` and a number from 0 to 255",
            SyntaxErrorKind::MalformedSetup => "unreadable entry in the position listing",
        })
    }
}

impl crate::lang::ToZh for SyntaxErrorKind {
    fn to_zh(&self) -> crate::lang::Zh {
        crate::lang::Zh::own(match self {
            SyntaxErrorKind::ExpectedMove => "此处应有着法",
            SyntaxErrorKind::ExpectedDestination => "分隔号之后应有目标格",
            SyntaxErrorKind::ExpectedPromotionPiece => "应写明升变成的棋子",
            SyntaxErrorKind::UnclosedPromotion => "升变棋子之后缺少 `)`",
            SyntaxErrorKind::TrailingCharacters => "着法之后有多余的字符",
            SyntaxErrorKind::UnterminatedComment => "注释没有闭合",
            SyntaxErrorKind::CommentIntoNextGame => "注释在下一局的标签之前没有闭合",
            SyntaxErrorKind::UnterminatedString => "标签值缺少闭合的 `\"`",
            SyntaxErrorKind::MalformedTag => "标签格式有误；应为 [Name \"value\"]",
            SyntaxErrorKind::UnmatchedCloseParen => "`)` 没有对应的 `(`",
            SyntaxErrorKind::UnclosedVariation => "变着没有用 `)` 闭合",
            SyntaxErrorKind::VariationTooDeep => "变着嵌套过深；此变着已跳过",
            SyntaxErrorKind::VariationWithoutMove => "变着必须跟在它所替代的着法之后",
            SyntaxErrorKind::NagWithoutMove => "评注符号之前没有着法",
            SyntaxErrorKind::BadNag => "评注符号应为 `$` 加 0 到 255 的数字",
            SyntaxErrorKind::MalformedSetup => "局面列表中有无法读取的条目",
        })
    }
}

/// A syntax problem and where it is.
pub type SyntaxError = crate::text::SyntaxError<SyntaxErrorKind>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffers() {
        assert!(looks_like_pgn("% x\n[Event \"a\"]\n1. e4 *"));
        assert!(looks_like_pgn("  [Variant\"Shatar\"]"));
        assert!(!looks_like_pgn("白方：甲 蓝方：乙\n(1)e2—e4,e7—e5;"));
        assert!(!looks_like_pgn("[not a tag]"));
        assert!(looks_like_shatar("[Variant \"Shatar\"]\n1. e4 e5 *"));
        assert!(looks_like_shatar("白方：甲 蓝方：乙"));
        assert!(looks_like_shatar("White: Bat\nBlue: Dorj"));
        assert!(looks_like_shatar("(3)驼f1—c4"));
        assert!(looks_like_shatar("a7—a8变虎"));
        assert!(!looks_like_shatar("[Event \"x\"]\n1. e4 e5 *"));
        assert!(!looks_like_shatar("黑方：甲 白方：乙 ;B[pd]"));
        assert!(!looks_like_shatar(&"虎".repeat(SNIFF_BYTES)));
    }
}

/// How much of a file the sniffers look at: format markers sit near the top.
const SNIFF_BYTES: usize = 64 * 1024;

/// The first [`SNIFF_BYTES`] of `src`, cut at a character boundary.
fn head(src: &str) -> &str {
    let mut cut = src.len().min(SNIFF_BYTES);
    while !src.is_char_boundary(cut) {
        cut -= 1;
    }
    &src[..cut]
}

/// Cheap check: does the text hold PGN tag pairs (`[Name "value"]` at the start of a line)?
pub(super) fn looks_like_pgn(src: &str) -> bool {
    head(src).lines().any(opens_with_tag_pair)
}

/// Whether the line `text` starts with opens with a PGN tag pair: `[Name "`, white
/// space allowed before and around the name.
pub(crate) fn opens_with_tag_pair(text: &str) -> bool {
    let line = text.find(['\n', '\r']).map_or(text, |end| &text[..end]);
    let Some(rest) = line.trim_start().strip_prefix('[') else {
        return false;
    };
    let rest = rest.trim_start();
    let name_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    name_len > 0 && rest[name_len..].trim_start().starts_with('"')
}

/// Cheap check: does the text look like a Shatar record? Markers: a `Variant` tag naming Shatar,
/// Blue as a side (蓝方/藍方, `Blue:` — Go and draughts records have Black), a Shatar piece name
/// followed by a square (虎 狮 驼 夫 …), or a promotion written 变虎/變獅….
pub(super) fn looks_like_shatar(src: &str) -> bool {
    let text = head(src);
    let variant = text.lines().any(|line| {
        let line = line.trim_start();
        line.starts_with("[Variant") && {
            let lower = line.to_lowercase();
            lower.contains("shatar") || lower.contains("mongol") || line.contains("喜塔尔")
        }
    });
    let blue = ["蓝方", "藍方"].iter().any(|m| text.contains(m))
        || text.lines().any(|l| {
            let l = l.trim_start();
            l.starts_with("Blue:") || (l.starts_with("White:") && l.contains("Blue:"))
        });
    let piece_on_square = text.char_indices().any(|(n, c)| {
        "虎狮獅驼駝夫".contains(c)
            && text[n + c.len_utf8()..].starts_with(|f: char| ('a'..='h').contains(&f))
    });
    let promotion = ["变虎", "变狮", "變虎", "變獅"]
        .iter()
        .any(|m| text.contains(m));
    variant || blue || piece_on_square || promotion
}

/// Builds the move tree of one game while the tokens stream by; the movetext reader
/// ([`crate::pgn`]) keeps track of nesting and of the variations it skips.
#[derive(Debug, Default)]
pub(crate) struct LineBuilder {
    /// `stack[0]` is the main line; each further entry is an open variation.
    stack: Vec<OpenLine>,
    attachments: Attachments,
    pub(crate) leading_comment: Option<String>,
}

#[derive(Debug, Default)]
struct OpenLine {
    moves: Vec<ParsedMove>,
    pending_comment: Option<String>,
}

fn append_comment(slot: &mut Option<String>, text: &str) {
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    match slot {
        Some(existing) => {
            existing.push(' ');
            existing.push_str(text);
        }
        None => *slot = Some(text.to_owned()),
    }
}

impl LineBuilder {
    pub(crate) fn new() -> LineBuilder {
        // Most games run to a few dozen moves: growing from empty would copy the line
        // several times over.
        LineBuilder::with_capacity(128)
    }

    /// A builder with room for `moves` moves of the main line.
    pub(crate) fn with_capacity(moves: usize) -> LineBuilder {
        let main_line = OpenLine {
            moves: Vec::with_capacity(moves),
            ..OpenLine::default()
        };
        LineBuilder {
            stack: vec![main_line],
            attachments: Attachments::default(),
            leading_comment: None,
        }
    }

    pub(crate) fn push_move(&mut self, mut mv: ParsedMove) {
        let line = top(&mut self.stack);
        if let Some(comment) = line.pending_comment.take() {
            self.attachments.attach(&mut mv).comment_before = Some(comment);
        }
        line.moves.push(mv);
    }

    pub(crate) fn comment(&mut self, text: &str) {
        let depth = self.stack.len();
        let line = top(&mut self.stack);
        match line.moves.last_mut() {
            Some(mv) => append_comment(&mut self.attachments.attach(mv).comment, text),
            None if depth <= 1 => append_comment(&mut self.leading_comment, text),
            None => append_comment(&mut line.pending_comment, text),
        }
    }

    pub(crate) fn nag(&mut self, nag: u8, span: Span, errors: &mut Vec<SyntaxError>) {
        match top(&mut self.stack).moves.last_mut() {
            Some(mv) => self.attachments.attach(mv).nags.push(nag),
            None => errors.push(SyntaxError {
                kind: SyntaxErrorKind::NagWithoutMove,
                span,
            }),
        }
    }

    /// Opens a variation at `span`, or refuses one with no move before it to replace.
    pub(crate) fn open_variation(&mut self, span: Span, errors: &mut Vec<SyntaxError>) -> bool {
        if top(&mut self.stack).moves.is_empty() {
            errors.push(SyntaxError {
                kind: SyntaxErrorKind::VariationWithoutMove,
                span,
            });
            return false;
        }
        self.stack.push(OpenLine::default());
        true
    }

    /// Attaches the innermost open variation to the move it replaces (an empty one is dropped).
    pub(crate) fn close_variation(&mut self) {
        if let Some(line) = self.stack.pop() {
            if line.moves.is_empty() {
                return;
            }
            if let Some(mv) = top(&mut self.stack).moves.last_mut() {
                self.attachments.attach(mv).variations.push(line.moves);
            }
        }
    }

    /// Gives `game` its main line (every variation has been closed), what the moves carry and
    /// the leading comment.
    pub(crate) fn finish(self, game: &mut ParsedGame) {
        game.moves = self
            .stack
            .into_iter()
            .next()
            .map(|l| l.moves)
            .unwrap_or_default();
        game.attachments = self.attachments;
        game.leading_comment = self.leading_comment;
    }
}

/// The innermost open line (the main line again after a stray `)` closed it).
fn top(stack: &mut Vec<OpenLine>) -> &mut OpenLine {
    if stack.is_empty() {
        stack.push(OpenLine::default());
    }
    let last = stack.len() - 1;
    &mut stack[last]
}
