//! PGN collections of Shatar games, read as leniently as pgn-extract: long algebraic and
//! rulebook forms are accepted in SAN position (`e2e4`, `Ng1-f3`, `Nf3:e5`, `马g1—f3`).
//!
//! The PGN family's movetext reader (`src/pgn.rs`) makes one pass over the text, with
//! the structure (escape lines, games, `;` comments, variation nesting) in its charge; this
//! module is its Shatar visitor, reading tag pairs, `{}` comments and SAN, and building the
//! move tree with a `LineBuilder`. A game ends at its result, or where a tag section follows
//! movetext. Grammar: `grammars/shatar.ebnf` on `grammars/pgn-family.ebnf`.

use nom::bytes::complete::take_while1;
use nom::character::complete::{char, multispace0};
use nom::Parser;
use std::borrow::Cow;

use super::grammar::{move_number, move_token, result_token, PResult};
use super::syntax::{
    LineBuilder, MoveNumber, ParsedGame, ParsedMove, ResultToken, SourceFormat, SyntaxError,
    SyntaxErrorKind,
};
use crate::pgn::{self, Dialect, EscapePlace, Span, StructureError, Token};

/// Reads every game of a PGN collection; never fails, problems are recorded in the games.
pub(super) fn parse_pgn(src: &str) -> Vec<ParsedGame<'_>> {
    let mut collection = Collection {
        src,
        // A game with its tags takes a kilobyte or so: room for most at once.
        games: Vec::with_capacity(src.len() / 1024),
        current: None,
        pending_escapes: Vec::new(),
        longest_line: 0,
    };
    pgn::read(src, &mut collection);
    // A text of escape lines only has no game to give them to.
    collection.games
}

/// Characters that end a SAN token in PGN movetext.
fn is_boundary(c: char) -> bool {
    c.is_whitespace() || "{}();$[".contains(c)
}

/// The rest of the text after the current line.
fn skip_line(i: &str) -> &str {
    i.find('\n').map_or("", |n| &i[n + 1..])
}

/// The games read so far, and the one being read.
struct Collection<'a> {
    src: &'a str,
    games: Vec<ParsedGame<'a>>,
    current: Option<Game<'a>>,
    /// Escape lines before the first game, for it.
    pending_escapes: Vec<String>,
    /// The most moves of a main line read so far.
    longest_line: usize,
}

/// Room for a main line before the collection has one, and the most a line is given up
/// front: one very long game does not make every later game take room for it.
const LINE_ROOM: std::ops::RangeInclusive<usize> = 128..=512;

impl<'a> Collection<'a> {
    /// The game being read (the reader begins one before its first token).
    fn game(&mut self) -> &mut Game<'a> {
        let end = self.src.len();
        self.current.get_or_insert_with(|| unbegun_game(end))
    }
}

/// A game for a token read before any game began, which the reader never leaves: kept
/// out of [`Collection::game`], which every token asks, so that it stays small.
#[cold]
fn unbegun_game<'a>(end: usize) -> Game<'a> {
    Game::new(end, *LINE_ROOM.start())
}

impl pgn::Visitor for Collection<'_> {
    const DIALECT: Dialect = Dialect {
        line_comments: true,
        loose_escapes: false,
        skip_bom: false,
        annotations_are_movetext: false,
    };

    // A collection's games are mostly of a kind: each next line is given room for the
    // longest so far, so that long games do not all outgrow their line and copy it.
    fn begin_game(&mut self, start: usize) {
        let room = self
            .longest_line
            .clamp(*LINE_ROOM.start(), *LINE_ROOM.end());
        let mut game = Game::new(start, room);
        game.game.escapes = std::mem::take(&mut self.pending_escapes);
        self.current = Some(game);
    }

    fn end_game(&mut self, last_token_end: usize, _position: usize) {
        if let Some(mut game) = self.current.take() {
            game.game.span.end = last_token_end;
            let game = game.finish();
            self.longest_line = self.longest_line.max(game.moves.len());
            self.games.push(game);
        }
    }

    // Escape lines belong to the game being read or, between games, to the one before
    // (so that a text cut into blocks at games gives each line the same game); those
    // before the first game belong to it.
    fn escape(&mut self, line: &str, place: EscapePlace) {
        let line = line.to_string();
        match (place, &mut self.current, self.games.last_mut()) {
            (EscapePlace::Inside, Some(game), _) => game.game.escapes.push(line),
            (EscapePlace::AfterPrevious, _, Some(previous)) => previous.escapes.push(line),
            _ => self.pending_escapes.push(line),
        }
    }

    fn structure_error(&mut self, error: StructureError, span: Span) {
        self.game().error(error.into(), span);
    }

    fn tag(&mut self, start: usize) -> usize {
        let src = self.src;
        let rest = self.game().tag_pair(&src[start..], src.len());
        src.len() - rest.len()
    }

    fn brace_comment(&mut self, start: usize, skipping: bool) -> usize {
        let src = self.src;
        let rest = self
            .game()
            .brace_comment(&src[start..], src.len(), skipping);
        src.len() - rest.len()
    }

    fn line_comment(&mut self, text: &str) {
        self.game().lines.comment(text);
    }

    fn open_variation(&mut self, open: Span) -> bool {
        let game = self.game();
        game.lines
            .open_variation(open, &mut game.game.syntax_errors)
    }

    fn close_variation(&mut self, _end: usize) {
        self.game().lines.close_variation();
    }

    /// `nag = "$" digits`, 0–255.
    fn nag(&mut self, start: usize, digits_end: usize, skipping: bool) -> usize {
        let digits = &self.src[start + 1..digits_end];
        let game = self.game();
        if digits.is_empty() {
            game.error(SyntaxErrorKind::BadNag, start..start + 1);
            return start + 1;
        }
        let span = start..digits_end;
        match digits.parse::<u8>() {
            Ok(n) if !skipping => game.lines.nag(n, span, &mut game.game.syntax_errors),
            Ok(_) => {}
            Err(_) => game.error(SyntaxErrorKind::BadNag, span),
        }
        digits_end
    }

    // Called once per move: inlined into the reader's loop, as when it was part of it.
    #[inline(always)]
    fn word(&mut self, start: usize, skipping: bool) -> Token {
        let src = self.src;
        let end = src.len();
        let i = &src[start..];
        let game = self.game();
        // A token opening with a letter can only be a move: no result or move number does.
        let (rest, ends_game) = if i.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
            (game.move_token(i, end, skipping), false)
        } else if let Some(token) = plain_word(i) {
            match token {
                PlainWord::Result(result, len) => {
                    game.game.result = Some((result, start..start + len));
                    (&i[len..], true)
                }
                PlainWord::Number(value, ellipsis, len) => {
                    let span = start..start + len;
                    game.pending_number = Some(MoveNumber {
                        value,
                        ellipsis,
                        span,
                    });
                    (&i[len..], false)
                }
            }
        } else if let Ok((rest, result)) = result_token(i) {
            game.game.result = Some((result, start..end - rest.len()));
            (rest, true)
        } else if let Ok((rest, number)) = move_number(end).parse(i) {
            game.pending_number = Some(number);
            (rest, false)
        } else {
            (game.move_token(i, end, skipping), false)
        };
        Token {
            end: end - rest.len(),
            movetext: true,
            ends_game,
        }
    }
}

/// What the byte-level fast path makes of a token that opens with no letter, as the
/// grammar reads it: a result or a move number, with its length in bytes.
enum PlainWord {
    Result(ResultToken, usize),
    /// The number, whether `...` follows it, the length.
    Number(u32, bool, usize),
}

/// The common tokens of PGN movetext besides moves read by their bytes: `12.`, `12...`,
/// `1-0`, `0-1`, `1/2-1/2`, `*`. `None` leaves the token to the grammar (`result_token`,
/// `move_number`, `move_token`).
fn plain_word(i: &str) -> Option<PlainWord> {
    let bytes = i.as_bytes();
    // A result ends where no digit or `/` follows.
    let result = |result, len: usize| {
        (!matches!(bytes.get(len), Some(b'0'..=b'9' | b'/')))
            .then_some(PlainWord::Result(result, len))
    };
    match bytes {
        [b'1', b'-', b'0', ..] => return result(ResultToken::WhiteWins, 3),
        [b'0', b'-', b'1', ..] => return result(ResultToken::BlueWins, 3),
        [b'1', b'/', b'2', b'-', b'1', b'/', b'2', ..] => return result(ResultToken::Draw, 7),
        [b'*', ..] => return result(ResultToken::Unknown, 1),
        _ => {}
    }
    // Up to nine digits always fit a `u32`.
    let digits = bytes
        .iter()
        .take(10)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 || digits == 10 {
        return None;
    }
    let value = bytes[..digits]
        .iter()
        .fold(0, |n, b| n * 10 + u32::from(b - b'0'));
    match &bytes[digits..] {
        [b'.', b'.', b'.', ..] => Some(PlainWord::Number(value, true, digits + 3)),
        [b'.', ..] => Some(PlainWord::Number(value, false, digits + 1)),
        _ => None,
    }
}

/// The game being read.
struct Game<'a> {
    game: ParsedGame<'a>,
    lines: LineBuilder,
    pending_number: Option<MoveNumber>,
}

impl<'a> Game<'a> {
    fn new(start: usize, line_room: usize) -> Game<'a> {
        Game {
            game: ParsedGame::new(SourceFormat::Pgn, start),
            lines: LineBuilder::with_capacity(line_room),
            pending_number: None,
        }
    }

    fn finish(mut self) -> ParsedGame<'a> {
        self.lines.finish(&mut self.game);
        self.game
    }

    fn error(&mut self, kind: SyntaxErrorKind, span: Span) {
        self.game.syntax_errors.push(SyntaxError { kind, span });
    }

    /// `tag_pair = "[" name string "]"`; a malformed one is reported and its line skipped.
    fn tag_pair(&mut self, i: &'a str, end: usize) -> &'a str {
        let at = end - i.len();
        match tag_pair(i) {
            Ok((rest, Ok((name, value)))) => {
                // Room for the seven-tag roster and a variant at once, not grown twice.
                if self.game.tags.is_empty() {
                    self.game.tags.reserve(8);
                }
                self.game.tags.push((name, value));
                rest
            }
            Ok((rest, Err(()))) => {
                let line_end = end - skip_line(rest).len();
                self.error(SyntaxErrorKind::UnterminatedString, at..line_end);
                skip_line(rest)
            }
            Err(_) => {
                let rest = skip_line(i);
                let line_end = end - rest.len();
                self.error(SyntaxErrorKind::MalformedTag, at..line_end);
                rest
            }
        }
    }

    /// `comment = "{" {any char but "}"} "}"`. A comment still open at a line that starts
    /// a tag pair is unterminated: it is reported at its `{`, its text up to that line
    /// is kept, and reading goes on with the tag pair, the next game (as pgn-extract
    /// does). One left open at the end of the text runs to the end.
    fn brace_comment(&mut self, i: &'a str, end: usize, skipping: bool) -> &'a str {
        let at = end - i.len();
        let close = i[1..].find('}').map(|n| n + 1);
        let searched = &i[..close.unwrap_or(i.len())];
        let (text, rest) = if let Some(tag_line) = first_tag_line(searched) {
            self.error(SyntaxErrorKind::CommentIntoNextGame, at..at + 1);
            (i[1..tag_line].trim_end(), &i[tag_line..])
        } else if let Some(n) = close {
            (&i[1..n], &i[n + 1..])
        } else {
            self.error(SyntaxErrorKind::UnterminatedComment, at..at + 1);
            (&i[1..], "")
        };
        if !skipping {
            self.lines.comment(text);
        }
        rest
    }

    #[inline]
    fn move_token(&mut self, i: &'a str, end: usize, skipping: bool) -> &'a str {
        let at = end - i.len();
        let (rest, parsed) = move_token(i, end, is_boundary);
        let number = self.pending_number.take();
        if !skipping {
            self.lines
                .push_move(ParsedMove::new(number, at..end - rest.len(), parsed));
        }
        rest
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

/// Where the first line of `text` after its first one that opens with a tag pair
/// (`[Event "…`) begins.
fn first_tag_line(text: &str) -> Option<usize> {
    memchr::memchr_iter(b'\n', text.as_bytes())
        .map(|n| n + 1)
        .find(|&start| {
            let line = text[start..].trim_start_matches([' ', '\t']);
            line.starts_with('[') && tag_pair(line).is_ok()
        })
}

/// The common tag pair read by its bytes, as `tag_pair` reads it: `[Name "value"]` with
/// an ASCII name, a value without `\\` or a line break, and ASCII spaces around the
/// parts. `None` leaves the rest to the grammar.
fn plain_tag_pair(i: &str) -> Option<(&str, &str, &str)> {
    let bytes = i.as_bytes();
    if bytes.first() != Some(&b'[') {
        return None;
    }
    let spaces = |at: usize| {
        at + bytes[at..]
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
            .count()
    };
    let name_start = spaces(1);
    let name_end = name_start
        + bytes[name_start..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
    let open = spaces(name_end);
    if name_end == name_start || bytes.get(open) != Some(&b'"') {
        return None;
    }
    // Values are short: a look at each byte costs less than a call to search them.
    let close = open
        + 1
        + bytes[open + 1..]
            .iter()
            .position(|b| matches!(b, b'"' | b'\\' | b'\n'))?;
    if bytes[close] != b'"' {
        return None;
    }
    let end = spaces(close + 1);
    (bytes.get(end) == Some(&b']'))
        .then(|| (&i[end + 1..], &i[name_start..name_end], &i[open + 1..close]))
}

/// `tag_name = (letter | digit | "_")+`.
fn tag_name(i: &str) -> PResult<'_, &str> {
    take_while1(|c: char| c.is_alphanumeric() || c == '_').parse(i)
}

/// `string = '"' {char | '\"' | '\\'} '"'` on one line; `Err(())` inside when unterminated.
fn string(i: &str) -> PResult<'_, Result<Cow<'_, str>, ()>> {
    let (i, _) = char('"').parse(i)?;
    let mut value = String::new();
    let mut chars = i.char_indices();
    while let Some((n, c)) = chars.next() {
        match c {
            '"' => return Ok((&i[n + 1..], Ok(Cow::Owned(value)))),
            '\\' => match chars.next() {
                Some((_, escaped @ ('"' | '\\'))) => value.push(escaped),
                Some((_, '\n')) | None => return Ok((&i[n..], Err(()))),
                Some((_, other)) => {
                    value.push('\\');
                    value.push(other);
                }
            },
            '\n' => return Ok((&i[n..], Err(()))),
            _ => value.push(c),
        }
    }
    Ok(("", Err(())))
}

/// `tag_pair = "[" name string "]"` with optional spaces between the parts.
fn tag_pair(i: &str) -> PResult<'_, Result<(&str, Cow<'_, str>), ()>> {
    if let Some((rest, name, value)) = plain_tag_pair(i) {
        return Ok((rest, Ok((name, Cow::Borrowed(value)))));
    }
    let (i, (_, _, name, _, value)) =
        (char('['), multispace0, tag_name, multispace0, string).parse(i)?;
    match value {
        Ok(value) => {
            let (i, _) = (multispace0, char(']')).parse(i)?;
            Ok((i, Ok((name, value))))
        }
        Err(()) => Ok((i, Err(()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::MAX_VARIATION_DEPTH;
    use crate::shatar::notation::CaptureMark;
    use crate::shatar::syntax::ResultToken;

    fn texts<'a>(src: &'a str, moves: &[ParsedMove]) -> Vec<&'a str> {
        moves.iter().map(|m| &src[m.span.clone()]).collect()
    }

    #[test]
    fn escape_lines_stay_with_their_game() {
        let src = "% first\n[Event \"a\"]\n% in a\n\n1. e4 e5 *\n% after a\n\n[Event \"b\"]\n1. d4 d5 *\n";
        let games = parse_pgn(src);
        assert_eq!(games[0].escapes, ["% first", "% in a", "% after a"]);
        assert!(games[1].escapes.is_empty());
        // A `%` that does not start its line is no escape.
        assert!(parse_pgn("1. e4 % e5 *")[0].escapes.is_empty());
    }

    #[test]
    fn tags_escapes_and_several_games() {
        let src = "[Event \"Naadam \\\"open\\\" \\\\ 2019\"]\n[Variant \"Shatar\"]\n[White \"Bat\"]\n[Black \"Dorj\"]\n\n1. e4 e5 2. Nf3 d6 1-0\n\n[Event \"Second\"]\n1. d4 d5 *\n";
        let games = parse_pgn(src);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("Naadam \"open\" \\ 2019"));
        assert_eq!(games[0].tag("Variant"), Some("Shatar"));
        assert_eq!(texts(src, &games[0].moves), ["e4", "e5", "Nf3", "d6"]);
        assert_eq!(
            games[0].result.clone().map(|r| r.0),
            Some(ResultToken::WhiteWins)
        );
        assert_eq!(
            &src[games[0].span.clone()],
            &src[..src.find("1-0").unwrap() + 3]
        );
        assert_eq!(games[1].tag("Event"), Some("Second"));
        assert_eq!(
            games[1].result.clone().map(|r| r.0),
            Some(ResultToken::Unknown)
        );
    }

    #[test]
    fn lenient_san() {
        let src = "1. e2e4 e7-e5 2. Ng1-f3 Nb8c6 3. Bc4 Bc5 4. Nf3:e5 Nc6xe5 5. Bc4xf7+ Ke8:f7 6... Qd8—h4 *";
        let game = &parse_pgn(src)[0];
        assert!(
            game.moves.iter().all(|m| m.parsed.is_ok()),
            "{:#?}",
            game.moves
        );
        assert_eq!(game.moves.len(), 11);
        assert_eq!(
            game.moves[6]
                .parsed
                .as_ref()
                .ok()
                .and_then(|m| m.capture_mark()),
            Some(CaptureMark::Colon)
        );
        assert!(game.moves[10]
            .number
            .as_ref()
            .is_some_and(|n| n.value == 6 && n.ellipsis));
    }

    #[test]
    fn an_unclosed_comment_ends_where_the_next_game_begins() {
        for gap in ["\n", "\n\n", "\r\n\r\n", "\n  "] {
            let src = format!(
                "[Event \"a\"]\n\n1. e4 e5 {{oops 2. Nf3 *{gap}[Event \"b\"]\n\n1. d4 d5 *\n"
            );
            let games = parse_pgn(&src);
            assert_eq!(games.len(), 2, "{gap:?}");
            assert_eq!(games[0].syntax_errors.len(), 1);
            let error = &games[0].syntax_errors[0];
            assert_eq!(error.kind, SyntaxErrorKind::CommentIntoNextGame);
            assert_eq!(&src[error.span.clone()], "{");
            assert_eq!(
                games[0].attachments.comment(&games[0].moves[1]),
                Some("oops 2. Nf3 *")
            );
            assert_eq!(games[1].tags, [("Event", Cow::Borrowed("b"))]);
            assert_eq!(texts(&src, &games[1].moves), ["d4", "d5"]);
        }
        // A `[` inside a comment that is no tag pair does not end it.
        let src = "1. e4 {see\n[diagram]} e5 *";
        let game = &parse_pgn(src)[0];
        assert!(game.syntax_errors.is_empty(), "{:?}", game.syntax_errors);
        assert_eq!(texts(src, &game.moves), ["e4", "e5"]);
    }

    #[test]
    fn comments_nags_variations() {
        let src = "{intro} 1. e4 {best} e5 $1 $14 (1... d5? {no} (1... c5)) 2. Nf3 ; rest of line\nd6 (2... Nc6 3. Bc4) 3. d4 *";
        let game = &parse_pgn(src)[0];
        assert_eq!(game.leading_comment.as_deref(), Some("intro"));
        assert_eq!(texts(src, &game.moves), ["e4", "e5", "Nf3", "d6", "d4"]);
        assert_eq!(game.attachments.comment(&game.moves[0]), Some("best"));
        assert_eq!(game.attachments.nags(&game.moves[1]), [1, 14]);
        assert_eq!(game.attachments.variations(&game.moves[1]).len(), 1);
        let var = &game.attachments.variations(&game.moves[1])[0];
        assert_eq!(texts(src, var), ["d5?"]);
        assert_eq!(game.attachments.comment(&var[0]), Some("no"));
        assert_eq!(texts(src, &game.attachments.variations(&var[0])[0]), ["c5"]);
        assert_eq!(
            game.attachments.comment(&game.moves[2]),
            Some("rest of line")
        );
        assert_eq!(
            texts(src, &game.attachments.variations(&game.moves[3])[0]),
            ["Nc6", "Bc4"]
        );
        assert!(game.syntax_errors.is_empty(), "{:?}", game.syntax_errors);
    }

    #[test]
    fn percent_lines_and_errors() {
        let src = "% generated\n[Event \"x]\n[Bad]\n1. e4 ( e5 ) ) Zq9 $999 (( d4 *\n";
        let game = &parse_pgn(src)[0];
        let kinds: Vec<_> = game.syntax_errors.iter().map(|e| e.kind).collect();
        assert_eq!(
            kinds,
            [
                SyntaxErrorKind::UnterminatedString,
                SyntaxErrorKind::MalformedTag,
                SyntaxErrorKind::UnmatchedCloseParen,
                SyntaxErrorKind::BadNag,
                SyntaxErrorKind::VariationWithoutMove,
                SyntaxErrorKind::UnclosedVariation,
            ]
        );
        assert_eq!(texts(src, &game.moves), ["e4", "Zq9"]);
        assert!(game.moves[1].parsed.is_err());
        assert_eq!(game.attachments.variations(&game.moves[0]).len(), 1);
        assert_eq!(game.attachments.variations(&game.moves[1]).len(), 0);
    }

    #[test]
    fn variations_are_bounded() {
        let depth = MAX_VARIATION_DEPTH + 10;
        let src = format!("1. e4 {}e5{} *", "( e4 ".repeat(depth), ")".repeat(depth));
        let game = &parse_pgn(&src)[0];
        assert_eq!(
            game.syntax_errors
                .iter()
                .map(|e| e.kind)
                .collect::<Vec<_>>(),
            [SyntaxErrorKind::VariationTooDeep]
        );
        let mut line = &game.moves;
        let mut levels = 0;
        while let Some(var) = line
            .last()
            .and_then(|m| game.attachments.variations(m).first())
        {
            line = var;
            levels += 1;
        }
        assert_eq!(levels, MAX_VARIATION_DEPTH);
    }

    #[test]
    fn result_ends_game_without_tags() {
        let games = parse_pgn("1. e4 e5 1-0 1. d4 d5 0-1");
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].span, 13..25);
    }
}

#[cfg(test)]
mod sample_tests {
    use super::*;

    #[test]
    fn sample_collection() {
        let src = include_str!("../../samples/shatar/collection.pgn");
        let games = parse_pgn(src);
        let plies: Vec<_> = games.iter().map(|g| g.moves.len()).collect();
        assert_eq!(plies, [13, 30, 1, 6]);
        assert!(games
            .iter()
            .all(|g| g.syntax_errors.is_empty() && g.moves.iter().all(|m| m.parsed.is_ok())));
        assert!(games.iter().all(|g| g.tag("Variant") == Some("Shatar")));
        assert_eq!(
            games[1].attachments.variations(&games[1].moves[17])[0].len(),
            3
        );
        assert_eq!(
            games[1].attachments.variations(&games[1].moves[19]).len(),
            0
        );
        assert_eq!(games[2].tag("FEN"), Some("7k/P7/6K1/8/8/8/8/8 w - - 0 1"));
    }
}
