//! PDN 3.0 reader: decoded text in, unvalidated [`PdnGame`] syntax records out.
//!
//! The grammar (see `grammars/pdn.ebnf`) is implemented bottom-up by small nom rules here,
//! in `pdn_move` (moves) and in `tag_values` (the `GameType` and `FEN` values). The PGN
//! family's movetext reader (`src/pgn.rs`) drives the game body and keeps the nesting of
//! variations on an explicit stack, so depth never turns into recursion; this module is its
//! PDN visitor. A token that fits no rule is recorded as a [`SyntaxError`] and skipped;
//! reading always goes on to the end of the input.

use nom::branch::alt;
use nom::bytes::complete::{take_till, take_while};
use nom::character::complete::{char, satisfy, space0};
use nom::combinator::{cut, map, recognize};
use nom::error::context;
use nom::sequence::{delimited, pair, preceded, terminated};
use nom::Parser;

use super::pdn_move::{
    alternative_route, game_result, may_be_result, move_number, nag, numeric_move, pdn_move,
    recognize_strength, square, unknown_move, RawMove, Res,
};
use super::syntax::{
    Comment, CommentKind, GameResult, MoveNotes, MoveNumber, MoveSeparator, MoveSquares,
    MoveStrength, PdnGame, PdnMove, SquareKind, SyntaxError, SyntaxErrorKind, Tag, Variation,
};
use super::tag_values::{parse_fen, parse_game_type};
use crate::pgn::{self, Dialect, EscapePlace, StructureError, Token};
use crate::text::Span;
use std::borrow::Cow;

/// Byte span of `part`, a sub-slice of `base`.
pub(super) fn span_in(base: &str, part: &str) -> Span {
    let start = part.as_ptr() as usize - base.as_ptr() as usize;
    start..start + part.len()
}

// ---------------------------------------------------------------- tags

/// `IDENTIFIER := [A-Za-z_][A-Za-z0-9_]*` (PDN asks for a capital; old files do not care).
fn identifier(i: &str) -> Res<'_, &str> {
    recognize(pair(
        satisfy(|c| c.is_ascii_alphabetic() || c == '_'),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
    ))
    .parse(i)
}

/// The inside of a `STRING`: any characters but `"` and line ends, `\` escaping the next one.
fn string_body(i: &str) -> Res<'_, &str> {
    let mut chars = i.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' | '\n' | '\r' => return Ok((&i[at..], &i[..at])),
            '\\' => {
                chars.next();
            }
            _ => {}
        }
    }
    Ok(("", i))
}

/// `STRING := '"' ([^"\\\n] | '\' any)* '"'`; returns the raw body.
fn quoted_string(i: &str) -> Res<'_, &str> {
    preceded(
        char('"'),
        cut(terminated(string_body, context("closing quote", char('"')))),
    )
    .parse(i)
}

/// A forgiving unquoted value: everything up to `]` on the same line.
fn bare_value(i: &str) -> Res<'_, &str> {
    map(
        take_till(|c| c == ']' || c == '\n' || c == '\r'),
        str::trim_end,
    )
    .parse(i)
}

/// `PdnTag := "[" IDENTIFIER STRING "]"`, allowing spaces anywhere between the parts and an
/// unquoted value, since real archives (e.g. `abatsiev.pdn`) are spaced and sloppy.
/// Returns the name, the raw value, whether it was quoted, and the whole tag text.
fn tag_pair(i: &str) -> Res<'_, (&str, &str, bool)> {
    let (rest, _) = char('[').parse(i)?;
    let (rest, (name, (value, quoted))) = cut((
        preceded(space0, context("tag name", identifier)),
        delimited(
            space0,
            alt((
                map(quoted_string, |v| (v, true)),
                map(bare_value, |v| (v, false)),
            )),
            pair(space0, context("`]`", char(']'))),
        ),
    ))
    .parse(rest)?;
    Ok((rest, (name, value, quoted)))
}

/// The tag pair nearly every tag is, `[Name "value"]` with one space and no escape, read by
/// hand as [`tag_pair`] reads it; `None` leaves any other text to [`tag_pair`].
fn plain_tag(i: &str) -> Option<(&str, (&str, &str))> {
    let bytes = i.as_bytes();
    let starts_name = |b: &u8| b.is_ascii_alphabetic() || *b == b'_';
    if bytes.first() != Some(&b'[') || !starts_name(bytes.get(1)?) {
        return None;
    }
    let name_end = 2 + bytes[2..]
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    if bytes.get(name_end..name_end + 2)? != b" \"" {
        return None;
    }
    let value_start = name_end + 2;
    let value_end = value_start
        + bytes[value_start..]
            .iter()
            .position(|b| matches!(b, b'"' | b'\\' | b'\n' | b'\r'))?;
    if bytes.get(value_end..value_end + 2)? != b"\"]" {
        return None;
    }
    Some((
        &i[value_end + 2..],
        (&i[1..name_end], &i[value_start..value_end]),
    ))
}

/// Resolves the `\"` and `\\` escapes of a tag value; other backslashes are kept.
pub(super) fn unescape(raw: &str) -> String {
    if !raw.contains('\\') {
        return raw.to_owned();
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(e @ ('"' | '\\')) => out.push(e),
                Some(other) => {
                    out.push('\\');
                    out.push(other);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

// ---------------------------------------------------------------- comments

/// `COMMENT := "{" [^{}]* "}"`; a `{` inside fails as a nested comment.
fn brace_comment(i: &str) -> Res<'_, &str> {
    preceded(
        char('{'),
        cut(terminated(
            take_till(|c| c == '{' || c == '}'),
            context("`}`", char('}')),
        )),
    )
    .parse(i)
}

/// `SETUP := "/" [A-Z] [^/\n]* "/"` (PDN 3.0 setup command such as `/FEN "..."/`).
fn setup_command(i: &str) -> Res<'_, &str> {
    let (rest, _) = pair(
        char('/'),
        nom::combinator::peek(satisfy(|c| c.is_ascii_uppercase())),
    )
    .parse(i)?;
    cut(terminated(
        take_till(|c| c == '/' || c == '\n' || c == '\r'),
        context("`/`", char('/')),
    ))
    .parse(rest)
}

// ---------------------------------------------------------------- the game body

/// One open line: the main line (bottom of the stack) or a variation.
#[derive(Default)]
struct Frame {
    moves: Vec<PdnMove>,
    /// Comments seen before the line's next move.
    pending_comments: Vec<Comment>,
    /// A move number waiting for its move.
    pending_number: Option<MoveNumber>,
    result: Option<(GameResult, Span)>,
    /// Where the `(` was.
    open: usize,
}

/// The games read so far and the one being read: the PDN side of the PGN-family
/// movetext reader (`src/pgn.rs`).
struct Collection<'a> {
    src: &'a str,
    games: Vec<PdnGame<'a>>,
    game: PdnGame<'a>,
    /// Stack of open lines; `frames[0]` is the main line.
    frames: Vec<Frame>,
    /// Where the token being read has got to.
    pos: usize,
    /// The token being read stands in a variation the reader skips.
    skipping: bool,
}

/// Reads every game in `src`. Never fails: problems are recorded per game in
/// [`PdnGame::syntax_errors`], and reading resumes after the offending token.
pub fn parse_pdn(src: &str) -> Vec<PdnGame<'_>> {
    let mut collection = Collection {
        src,
        games: Vec::new(),
        game: PdnGame::default(),
        frames: vec![Frame::default()],
        pos: 0,
        skipping: false,
    };
    pgn::read(src, &mut collection);
    collection.games
}

impl pgn::Visitor for Collection<'_> {
    const DIALECT: Dialect = Dialect {
        line_comments: false,
        loose_escapes: true,
        skip_bom: true,
        annotations_are_movetext: true,
    };

    fn begin_game(&mut self, start: usize) {
        self.game.span = start..start;
    }

    /// Stores the game; its span runs to where the reader stands.
    fn end_game(&mut self, _last_token_end: usize, position: usize) {
        let main = std::mem::take(&mut self.frames[0]);
        // The next game is likely as long: room for its moves at once, not by doubling.
        self.frames[0].moves.reserve(main.moves.len());
        self.game.moves = main.moves;
        self.game.comments = main.pending_comments;
        self.game.span.end = self.game.span.end.max(position);
        let game = std::mem::take(&mut self.game);
        // And likely as many tags.
        self.game.tags.reserve(game.tags.len());
        self.games.push(game);
    }

    /// Keeps a `%` line with the game it stands in, else with the game before it, else
    /// (at the start of the text) with the game after it.
    fn escape(&mut self, line: &str, place: EscapePlace) {
        let line = line.to_owned();
        match (place, self.games.last_mut()) {
            (EscapePlace::Inside, _) => self.game.escapes_inside.push(line),
            (EscapePlace::AfterPrevious, Some(previous)) => previous.escapes_after.push(line),
            _ => self.game.escapes_before.push(line),
        }
    }

    fn structure_error(&mut self, error: StructureError, span: Span) {
        self.error(error.into(), span);
    }

    fn tag(&mut self, start: usize) -> usize {
        self.enter(start, false);
        self.read_tag(start);
        self.pos
    }

    fn brace_comment(&mut self, start: usize, skipping: bool) -> usize {
        self.enter(start, skipping);
        self.comment(start);
        self.pos
    }

    /// `(!)`, `(?)`: a strength in parentheses, no variation.
    fn claim_paren(&mut self, start: usize, skipping: bool) -> Option<usize> {
        self.enter(start, skipping);
        let (rest, (marks, true, _)) = recognize_strength(self.rest()).ok()? else {
            return None;
        };
        self.advance_to(rest);
        self.attach_strength(start, marks, true);
        Some(self.pos)
    }

    fn open_variation(&mut self, open: Span) -> bool {
        self.frames.push(Frame {
            open: open.start,
            ..Frame::default()
        });
        true
    }

    fn close_variation(&mut self, end: usize) {
        self.hang_variation(end);
    }

    fn nag(&mut self, start: usize, _digits_end: usize, skipping: bool) -> usize {
        self.enter(start, skipping);
        self.read_nag(start);
        self.pos
    }

    // Called once per move: inlined into the reader's loop, as when it was part of it.
    #[inline(always)]
    fn word(&mut self, start: usize, skipping: bool) -> Token {
        self.enter(start, skipping);
        let rest = self.rest();
        let mut token = Token {
            end: start,
            movetext: true,
            ends_game: false,
        };
        match rest.chars().next() {
            Some('!' | '?') => self.detached_strength(start),
            Some('/') if rest[1..].starts_with(|c: char| c.is_ascii_uppercase()) => {
                token.movetext = self.setup(start);
            }
            // `1. ... 7-12`: an ellipsis standing for a move not given.
            Some('.') if rest.starts_with("...") => {
                self.pos += 3;
                token.movetext = false;
            }
            Some('a') if rest.starts_with("a.l") => self.alternative_route(start),
            _ => token.ends_game = self.read_word(start),
        }
        token.end = self.pos;
        token
    }
}

impl From<StructureError> for SyntaxErrorKind {
    fn from(error: StructureError) -> SyntaxErrorKind {
        match error {
            StructureError::UnmatchedCloseParen => SyntaxErrorKind::UnmatchedCloseParen,
            StructureError::UnclosedVariation => SyntaxErrorKind::UnclosedVariation,
            StructureError::VariationTooDeep => SyntaxErrorKind::VariationTooDeep,
        }
    }
}

impl<'a> Collection<'a> {
    /// Starts reading a token at `start`.
    fn enter(&mut self, start: usize, skipping: bool) {
        self.pos = start;
        self.skipping = skipping;
    }

    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    /// Moves `pos` to the end of `rest`, a suffix of the input.
    fn advance_to(&mut self, rest: &'a str) {
        self.pos = self.src.len() - rest.len();
    }

    fn error(&mut self, kind: SyntaxErrorKind, span: Span) {
        self.game.syntax_errors.push(SyntaxError { kind, span });
    }

    /// End of the current token for resynchronisation: next whitespace or delimiter.
    fn token_extent(&self, start: usize) -> usize {
        let text = &self.src[start..];
        let first = text.chars().next().map_or(0, char::len_utf8);
        let len = text[first..]
            .find(|c: char| c.is_whitespace() || "{}()[]$".contains(c))
            .map_or(text.len(), |n| n + first);
        start + len
    }

    /// Records an unexpected token at `start` and skips it.
    fn skip_token(&mut self, start: usize, kind: Option<SyntaxErrorKind>) {
        let end = self.token_extent(start).max(start + 1).min(self.src.len());
        let end = (end..=self.src.len())
            .find(|&e| self.src.is_char_boundary(e))
            .unwrap_or(self.src.len());
        let kind = kind
            .unwrap_or_else(|| SyntaxErrorKind::UnexpectedToken(self.src[start..end].to_owned()));
        self.error(kind, start..end);
        self.pos = end;
    }

    /// A tag pair, with the values of `GameType` and `FEN` read as well.
    fn read_tag(&mut self, start: usize) {
        // A plain tag's value has no escape to resolve.
        let read = match plain_tag(self.rest()) {
            Some((rest, (name, raw))) => Ok((rest, (name, raw, false))),
            None => tag_pair(self.rest()),
        };
        match read {
            Ok((rest, (name, raw, escapes))) => {
                self.advance_to(rest);
                let value_span = span_in(self.src, raw);
                let tag = Tag {
                    name,
                    value: if escapes {
                        Cow::Owned(unescape(raw))
                    } else {
                        Cow::Borrowed(raw)
                    },
                    span: start..self.pos,
                    value_span: value_span.clone(),
                };
                if tag.name == "GameType" && self.game.game_type.is_none() {
                    match parse_game_type(self.src, value_span) {
                        Ok(gt) => self.game.game_type = Some(gt),
                        Err(e) => self.game.syntax_errors.push(e),
                    }
                } else if tag.name == "FEN" && self.game.fen.is_none() {
                    match parse_fen(self.src, value_span) {
                        Ok(fen) => self.game.fen = Some(fen),
                        Err(e) => self.game.syntax_errors.push(e),
                    }
                }
                self.game.tags.push(tag);
            }
            Err(e) => {
                let (at, expected) = match e {
                    nom::Err::Error(p) | nom::Err::Failure(p) => (p.input, p.expected),
                    nom::Err::Incomplete(_) => (self.rest(), None),
                };
                let kind = match expected {
                    Some("closing quote") => SyntaxErrorKind::UnterminatedString,
                    other => SyntaxErrorKind::BadTag(other.unwrap_or("`[Name \"value\"]`")),
                };
                // Resynchronise at the end of the line: tags are one per line in practice.
                let line_end = self
                    .rest()
                    .find(['\n', '\r'])
                    .map_or(self.src.len(), |n| self.pos + n);
                let at = (self.src.len() - at.len()).clamp(start, line_end);
                self.error(kind, at..line_end.max(at));
                self.pos = line_end.max(start + 1);
            }
        }
    }

    /// The line on top of the stack.
    fn frame(&mut self) -> &mut Frame {
        let last = self.frames.len() - 1;
        &mut self.frames[last]
    }

    fn comment(&mut self, start: usize) {
        match brace_comment(self.rest()) {
            Ok((rest, text)) => {
                self.advance_to(rest);
                let comment = Comment {
                    kind: CommentKind::Brace,
                    text: text.to_owned(),
                    span: start..self.pos,
                };
                self.add_comment(comment);
            }
            Err(_) => match self.nested_brace(start) {
                Some(inner) => {
                    self.error(SyntaxErrorKind::NestedComment, inner..inner + 1);
                    // Skip the whole balanced group so that one mistake gives one error.
                    self.pos = self.balanced_end(start);
                }
                None => {
                    self.error(SyntaxErrorKind::UnterminatedComment, start..self.src.len());
                    self.pos = self.src.len();
                }
            },
        }
    }

    /// Position of a `{` nested in the comment opening at `start`, if one comes before `}`.
    fn nested_brace(&self, start: usize) -> Option<usize> {
        let body = &self.src[start + 1..];
        let stop = body.find(['{', '}'])?;
        (body.as_bytes()[stop] == b'{').then_some(start + 1 + stop)
    }

    /// End of a brace group counted with nesting, or the end of input.
    fn balanced_end(&self, start: usize) -> usize {
        let mut depth = 0usize;
        for (i, b) in self.src.as_bytes()[start..].iter().enumerate() {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return start + i + 1;
                    }
                }
                _ => {}
            }
        }
        self.src.len()
    }

    /// A setup command; returns whether it was read (as movetext).
    fn setup(&mut self, start: usize) -> bool {
        match setup_command(self.rest()) {
            Ok((rest, text)) => {
                self.advance_to(rest);
                let comment = Comment {
                    kind: CommentKind::Setup,
                    text: text.to_owned(),
                    span: start..self.pos,
                };
                self.add_comment(comment);
                true
            }
            Err(_) => {
                let line_end = self
                    .rest()
                    .find(['\n', '\r'])
                    .map_or(self.src.len(), |n| self.pos + n);
                self.error(SyntaxErrorKind::UnterminatedSetup, start..line_end);
                self.pos = line_end;
                false
            }
        }
    }

    /// A comment belongs to the move before it, or else to the line's next move.
    fn add_comment(&mut self, comment: Comment) {
        if self.skipping {
            return;
        }
        let frame = self.frame();
        match frame.moves.last_mut() {
            Some(m) if frame.pending_number.is_none() => m.notes_mut().comments_after.push(comment),
            _ => frame.pending_comments.push(comment),
        }
    }

    /// Pops the top line and hangs it on the last move of the line below.
    fn hang_variation(&mut self, end: usize) {
        let Some(frame) = self.frames.pop() else {
            return;
        };
        let variation = Variation {
            moves: frame.moves,
            result: frame.result,
            comments: frame.pending_comments,
            span: frame.open..end,
        };
        match self.frame().moves.last_mut() {
            Some(m) => m.notes_mut().variations.push(variation),
            None => self.error(SyntaxErrorKind::VariationWithoutMove, frame.open..end),
        }
    }

    /// The move that a trailing annotation belongs to.
    fn last_move(&mut self) -> Option<&mut PdnMove> {
        self.frame().moves.last_mut()
    }

    fn read_nag(&mut self, start: usize) {
        match nag(self.rest()) {
            Ok((rest, n)) => {
                self.advance_to(rest);
                if self.skipping {
                    return;
                }
                match self.last_move() {
                    Some(m) => m.notes_mut().nags.push(n),
                    None => self.error(SyntaxErrorKind::AnnotationWithoutMove, start..self.pos),
                }
            }
            Err(_) => {
                self.skip_token(start, Some(SyntaxErrorKind::BadMove("number after `$`")));
            }
        }
    }

    fn detached_strength(&mut self, start: usize) {
        match recognize_strength(self.rest()) {
            Ok((rest, (marks, paren, _))) => {
                self.advance_to(rest);
                self.attach_strength(start, marks, paren);
            }
            Err(_) => self.skip_token(start, None),
        }
    }

    /// Gives a strength written apart from its move (`32-28 !`) to the previous move.
    fn attach_strength(&mut self, start: usize, marks: &str, parenthesised: bool) {
        if self.skipping {
            return;
        }
        let strength = MoveStrength {
            marks: marks.to_owned(),
            parenthesised,
            span: start..self.pos,
        };
        match self.last_move() {
            Some(m) if m.notes().strength.is_none() => m.notes_mut().strength = Some(strength),
            _ => self.error(SyntaxErrorKind::AnnotationWithoutMove, start..self.pos),
        }
    }

    fn alternative_route(&mut self, start: usize) {
        let Ok((rest, _)) = alternative_route(self.rest()) else {
            return self.skip_token(start, None);
        };
        self.advance_to(rest);
        if self.skipping {
            return;
        }
        let span = start..self.pos;
        match self.last_move() {
            Some(m) => m.notes_mut().alternative_route = Some(span),
            None => self.error(SyntaxErrorKind::AnnotationWithoutMove, span),
        }
    }

    /// A result, a move number or a move; returns whether it ends the game.
    fn read_word(&mut self, start: usize) -> bool {
        let rest = self.rest();
        if may_be_result(rest) {
            if let Ok((after, result)) = game_result(rest) {
                self.advance_to(after);
                return self.result(start, result);
            }
        }
        // Neither a number nor an unknown move begins as a numeric move does.
        if let Some((after, raw)) = numeric_move(rest) {
            self.advance_to(after);
            if !self.skipping {
                self.push_move(raw);
            }
            return false;
        }
        if let Ok((after, (value, black))) = move_number(rest) {
            self.advance_to(after);
            if !self.skipping {
                self.frame().pending_number = Some(MoveNumber {
                    value,
                    black,
                    span: start..self.pos,
                });
            }
            return false;
        }
        if let Ok((after, text)) = unknown_move(rest) {
            self.advance_to(after);
            if !self.skipping {
                self.push_move(RawMove {
                    squares: MoveSquares::default(),
                    separator: MoveSeparator::Dash,
                    mixed: false,
                    text,
                    strength: None,
                });
            }
            return false;
        }
        match pdn_move(rest) {
            Ok((after, raw)) => {
                self.advance_to(after);
                if !self.skipping {
                    self.push_move(raw);
                }
            }
            Err(nom::Err::Failure(e)) => {
                let kind = SyntaxErrorKind::BadMove(e.expected.unwrap_or("a move"));
                self.skip_token(start, Some(kind));
            }
            Err(_) => {
                self.skip_token(start, None);
            }
        }
        false
    }

    fn push_move(&mut self, raw: RawMove<'a>) {
        let src = self.src;
        let span = span_in(src, raw.text);
        let mut squares = raw.squares;
        for square in squares.iter_mut() {
            square.span = span.start + square.span.start..span.start + square.span.end;
        }
        if raw.mixed {
            self.error(SyntaxErrorKind::MixedSeparators, span.clone());
        }
        let frame = self.frame();
        let strength = raw
            .strength
            .map(|(marks, parenthesised, text)| MoveStrength {
                marks: marks.to_owned(),
                parenthesised,
                span: span_in(src, text),
            });
        let notes = (strength.is_some() || !frame.pending_comments.is_empty()).then(|| {
            Box::new(MoveNotes {
                strength,
                comments_before: std::mem::take(&mut frame.pending_comments),
                ..MoveNotes::default()
            })
        });
        let mv = PdnMove {
            number: frame.pending_number.take(),
            squares,
            separator: raw.separator,
            is_capture: raw.separator.is_capture(),
            span,
            notes,
        };
        frame.moves.push(mv);
    }

    /// A result ends the game on the main line, or closes the line of a variation;
    /// returns whether it ends the game.
    fn result(&mut self, start: usize, result: GameResult) -> bool {
        if self.skipping {
            return false;
        }
        let span = start..self.pos;
        if self.frames.len() > 1 {
            self.frame().result = Some((result, span));
            return false;
        }
        self.game.result = Some((result, span));
        true
    }
}

/// Cheap check whether `src` looks like PDN draughts rather than chess PGN or anything else.
///
/// Looks at the first 8 KiB only: a `GameType` or draughts `FEN` tag decides at once;
/// otherwise numeric moves (`9-13`, `22x15`) or diagonal algebraic steps (`c3-d4`) must
/// outnumber chess-looking tokens (`Nf3`, `O-O`, `e4`).
pub fn looks_like_pdn(src: &str) -> bool {
    let mut end = src.len().min(8192);
    while !src.is_char_boundary(end) {
        end -= 1;
    }
    let head = &src[..end];
    if head.contains("[GameType ") || head.contains("[GameType\"") {
        return true;
    }
    if let Some(at) = head.find("[FEN \"") {
        let value = &head[at + 6..];
        if value.starts_with(['W', 'B', '?']) && value[1..].starts_with(':') {
            return true;
        }
    }
    let (mut draughts, mut chess) = (0usize, 0usize);
    for word in head.split(|c: char| c.is_whitespace() || "{}()[]".contains(c)) {
        // Drop a glued move number (`1.e4`) and check marks.
        let word = move_number(word)
            .map_or(word, |(rest, _)| rest)
            .trim_end_matches(['!', '?', '+', '#']);
        if word.is_empty() {
            continue;
        }
        if is_draughts_word(word) {
            draughts += 1;
        } else if word.starts_with(['K', 'Q', 'R', 'B', 'N', 'O'])
            || (word.len() == 2 && square(word).is_ok())
        {
            chess += 1;
        }
    }
    draughts >= 2 && draughts > chess
}

/// A numeric move or an algebraic move whose steps are all diagonal.
fn is_draughts_word(word: &str) -> bool {
    let Ok(("", raw)) = pdn_move(word) else {
        return false;
    };
    raw.squares
        .windows(2)
        .all(|w| match (w[0].kind, w[1].kind) {
            (SquareKind::Numeric(_), SquareKind::Numeric(_)) => {
                raw.separator != MoveSeparator::None
            }
            (
                SquareKind::Algebraic { file: f1, rank: r1 },
                SquareKind::Algebraic { file: f2, rank: r2 },
            ) => f1.abs_diff(f2) == r1.abs_diff(r2) && f1 != f2,
            _ => false,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_rule() {
        assert_eq!(tag_pair("[Event \"X\"]").unwrap().1, ("Event", "X", true));
        assert_eq!(
            tag_pair("[ Event     \"X\" ]").unwrap().1,
            ("Event", "X", true)
        );
        assert_eq!(tag_pair("[Event X Y]").unwrap().1, ("Event", "X Y", false));
        assert_eq!(
            tag_pair(r#"[W "a \"b\" \\"]"#).unwrap().1 .1,
            r#"a \"b\" \\"#
        );
        assert_eq!(unescape(r#"a \"b\" \\ \n"#), r#"a "b" \ \n"#);
        let Err(nom::Err::Failure(e)) = tag_pair("[Event \"X\n") else {
            panic!()
        };
        assert_eq!(e.expected, Some("closing quote"));
    }

    #[test]
    fn comment_rules() {
        assert_eq!(
            brace_comment("{ a [%clock 1] }x").unwrap(),
            ("x", " a [%clock 1] ")
        );
        let Err(nom::Err::Failure(e)) = brace_comment("{ a { b } }") else {
            panic!()
        };
        assert!(e.input.starts_with('{'));
        assert_eq!(
            setup_command("/FEN \"W:W1:B2\"/ x").unwrap().1,
            "FEN \"W:W1:B2\""
        );
    }

    #[test]
    fn body_basics() {
        let games = parse_pdn("[Event \"E\"]\n1. 32-28 19-23 (18-23 38-32 (37-32? 23-29! {wins}) 12-18) 28x19 14x23 2-0\n");
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert!(g.syntax_errors.is_empty(), "{:?}", g.syntax_errors);
        assert_eq!(g.moves.len(), 4);
        assert_eq!(g.result.as_ref().map(|r| r.0), Some(GameResult::TwoZero));
        let v = &g.moves[1].notes().variations[0];
        assert_eq!(v.moves.len(), 3);
        assert_eq!(
            v.moves[1].notes().variations[0].moves[1]
                .notes()
                .comments_after[0]
                .text,
            "wins"
        );
        assert_eq!(g.moves[0].number.as_ref().map(|n| n.value), Some(1));
    }

    #[test]
    fn games_split_and_resync() {
        let games = parse_pdn("[A \"1\"]\n1. 9-13 @@ 22-18\n[A \"2\"]\n1. c3-d4 +\n1. c3-b4 =");
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].moves.len(), 2);
        assert_eq!(
            games[0].syntax_errors[0].kind,
            SyntaxErrorKind::UnexpectedToken("@@".into())
        );
        assert_eq!(
            games[1].result.as_ref().map(|r| r.0),
            Some(GameResult::WinMark)
        );
        assert_eq!(
            games[2].result.as_ref().map(|r| r.0),
            Some(GameResult::DrawMark)
        );
    }

    #[test]
    fn annotations() {
        let g = &parse_pdn("1. 19x10 a.l. $14 22-18 ! {c} %x\n% line\n  % indented line\n*")[0];
        assert!(g.moves[0].notes().alternative_route.is_some());
        assert_eq!(g.moves[0].notes().nags, vec![14]);
        assert_eq!(
            g.moves[1]
                .notes()
                .strength
                .as_ref()
                .map(|s| s.marks.as_str()),
            Some("!")
        );
        assert_eq!(g.moves[1].notes().comments_after.len(), 1);
        // `%` in the middle of a line is not an escape.
        assert_eq!(g.syntax_errors.len(), 1);
        assert_eq!(
            g.syntax_errors[0].kind,
            SyntaxErrorKind::UnexpectedToken("%x".into())
        );
        assert_eq!(g.result.as_ref().map(|r| r.0), Some(GameResult::Unfinished));
    }

    #[test]
    fn escape_lines_kept_with_their_game() {
        let games = parse_pdn(
            "% head\n[A \"1\"]\n% in 1\n1. 9-13 *\n% after 1  \n[A \"2\"]\n1. 9-13\n% in 2\n",
        );
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].escapes_before, ["% head"]);
        assert_eq!(games[0].escapes_inside, ["% in 1"]);
        assert_eq!(games[0].escapes_after, ["% after 1"]);
        assert!(games[1].escapes_before.is_empty() && games[1].escapes_after.is_empty());
        // Without a result the game has not ended: the line is inside it.
        assert_eq!(games[1].escapes_inside, ["% in 2"]);
    }

    #[test]
    fn errors_recorded() {
        let g = &parse_pdn("1. 9-13 ) 2. 9- 13 ( {x} ) $ 5 (")[0];
        let kinds: Vec<_> = g.syntax_errors.iter().map(|e| e.kind.clone()).collect();
        assert!(kinds.contains(&SyntaxErrorKind::UnmatchedCloseParen));
        assert!(kinds.contains(&SyntaxErrorKind::BadMove("square after separator")));
        assert!(kinds.contains(&SyntaxErrorKind::UnclosedVariation));
    }

    #[test]
    fn sniffer() {
        assert!(looks_like_pdn("[GameType \"25\"]"));
        assert!(looks_like_pdn("1. 32-28 19-23 2. 28x19 14x23"));
        assert!(looks_like_pdn("1. c3-d4 f6-g5 2. b2-c3 g5-h4"));
        assert!(!looks_like_pdn(
            "[Event \"x\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"
        ));
        assert!(!looks_like_pdn("1. e2-e4 e7-e5 2. g1-f3"));
        assert!(!looks_like_pdn("(;GM[1]FF[4]SZ[19];B[pd])"));
    }
}
