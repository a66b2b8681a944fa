//! The PGN family's movetext reader, shared by every family written in PGN's shape (Shatar
//! PGN, draughts PDN): one pass over the text that owns the structure — white space and `%`
//! escape lines, where a game begins and ends, `;` comments, NAG tokens, and the nesting of
//! `( )` variations, on an explicit stack so that depth never turns into recursion — and
//! hands every token whose grammar is the family's own (tag pairs, `{}` comments, move
//! numbers, moves, results) to a [`Visitor`], which reads it and builds its family's record.
//! Grammar: `grammars/pgn-family.ebnf`.

use std::ops::Range;

/// A byte range into the text being read.
pub(crate) type Span = Range<usize>;

/// Variations nested deeper than this are skipped (with an error), which keeps the records
/// shallow enough for recursive consumers such as `Drop`, `Debug` and the validators.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// A structural problem the reader finds itself; each family words it in its own way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StructureError {
    /// A `)` with no open variation.
    UnmatchedCloseParen,
    /// A `(` still open where its game ends.
    UnclosedVariation,
    /// A `(` nested deeper than [`MAX_VARIATION_DEPTH`]: that variation is skipped.
    VariationTooDeep,
}

/// Where a family's movetext differs from its relatives' at the structural level.
pub(crate) struct Dialect {
    /// `;` opens a comment that runs to the end of its line (PGN; PDN has none).
    pub(crate) line_comments: bool,
    /// A `%` escape line may stand after indentation, and a lone `\r` ends it (PDN
    /// archives); otherwise `%` escapes only in the first column, up to the `\n`.
    pub(crate) loose_escapes: bool,
    /// A byte-order mark between tokens counts as white space.
    pub(crate) skip_bom: bool,
    /// `)` and `$` tokens are movetext, so that a tag pair after them starts the next game.
    pub(crate) annotations_are_movetext: bool,
}

/// Which game a `%` escape line is kept with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EscapePlace {
    /// Before the first game of the text: with that game, once it begins.
    Before,
    /// Inside the game being read.
    Inside,
    /// Between games: with the game before it.
    AfterPrevious,
}

/// What a family read at a token the reader handed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    /// Where reading goes on.
    pub(crate) end: usize,
    /// The token is movetext: a tag pair after it starts the next game.
    pub(crate) movetext: bool,
    /// The token ends its game (a result, as the family sees it).
    pub(crate) ends_game: bool,
}

/// A family's side of the reading: it reads the tokens of its own grammar at the offsets it
/// is given (into the text it was made with) and builds its records from the events.
pub(crate) trait Visitor {
    /// How this family's movetext differs structurally.
    const DIALECT: Dialect;

    /// A game begins with a token at `start`.
    fn begin_game(&mut self, start: usize);
    /// The game ends; `last_token_end` is where its last token ended, `position` where the
    /// reader stands (past white space and escape lines after it).
    fn end_game(&mut self, last_token_end: usize, position: usize);
    /// A `%` escape line, without its line break and trailing white space.
    fn escape(&mut self, line: &str, place: EscapePlace);
    /// A structural problem found by the reader.
    fn structure_error(&mut self, error: StructureError, span: Span);

    /// Reads the tag pair whose `[` is at `start`; returns where reading goes on.
    fn tag(&mut self, start: usize) -> usize;
    /// Reads the `{` comment at `start` (its text is dropped in a skipped variation);
    /// returns where reading goes on.
    fn brace_comment(&mut self, start: usize, skipping: bool) -> usize;
    /// The text of a `;` comment, without the `;` (only in a dialect with line comments,
    /// never in a skipped variation).
    fn line_comment(&mut self, _text: &str) {}
    /// Reads a `(` at `start` that is no variation's in this family (PDN's `(!)`);
    /// returns where reading goes on, or `None` for a variation's `(`.
    fn claim_paren(&mut self, _start: usize, _skipping: bool) -> Option<usize> {
        None
    }
    /// A variation opens at `open`; `false` refuses it (the family has said why), and
    /// its contents are skipped.
    fn open_variation(&mut self, open: Span) -> bool;
    /// The innermost open variation closes at `end` (after its `)`, or where its game ends).
    fn close_variation(&mut self, end: usize);
    /// A `$` at `start` followed by the digits up to `digits_end` (none when
    /// `digits_end == start + 1`); returns where reading goes on.
    fn nag(&mut self, start: usize, digits_end: usize, skipping: bool) -> usize;
    /// Any other token at `start`: a move number, a move, a result, or what the family
    /// makes of it.
    fn word(&mut self, start: usize, skipping: bool) -> Token;
}

/// Reads every game of `src`, telling `visitor` what it finds; never fails.
pub(crate) fn read<V: Visitor>(src: &str, visitor: &mut V) {
    let mut reader = Reader {
        src,
        visitor,
        pos: 0,
        last_token_end: 0,
        started: false,
        movetext: false,
        ended_any: false,
        at_line_start: true,
        skipping: 0,
        open: Vec::new(),
    };
    reader.run();
}

/// The reading state of one text.
struct Reader<'s, 'v, V> {
    src: &'s str,
    visitor: &'v mut V,
    pos: usize,
    last_token_end: usize,
    /// The current game has a token.
    started: bool,
    /// The current game has movetext, so a tag pair starts the next game.
    movetext: bool,
    /// A game has ended before the current one.
    ended_any: bool,
    /// Only white space stands between the last line break (or the start) and `pos`.
    at_line_start: bool,
    /// Depth of variations being skipped (too deep, or refused by the family).
    skipping: usize,
    /// Where the open variations' `(` are, innermost last.
    open: Vec<usize>,
}

impl<'s, V: Visitor> Reader<'s, '_, V> {
    fn run(&mut self) {
        while let Some(first) = self.skip_trivia() {
            let start = self.pos;
            self.at_line_start = false;
            if first == b'[' && self.movetext {
                self.end_game();
            }
            if !self.started {
                self.started = true;
                self.visitor.begin_game(start);
            }
            let skipping = self.skipping > 0;
            let end = match first {
                b'[' => self.visitor.tag(start),
                b'{' => self.visitor.brace_comment(start, skipping),
                b';' if V::DIALECT.line_comments => self.line_comment(start),
                b'(' => self.open_paren(start),
                b')' => self.close_paren(start),
                b'$' => self.nag(start),
                _ => {
                    let token = self.visitor.word(start, skipping);
                    self.movetext |= token.movetext;
                    if token.ends_game {
                        self.pos = token.end;
                        self.last_token_end = token.end;
                        self.end_game();
                        continue;
                    }
                    token.end
                }
            };
            self.pos = end;
            self.last_token_end = end;
        }
        if self.started {
            self.end_game();
        }
    }

    /// Skips white space and `%` escape lines, handing the lines to the visitor; returns
    /// the first byte of the next token (at `pos`), `None` at the end of the text.
    fn skip_trivia(&mut self) -> Option<u8> {
        loop {
            let bytes = self.src.as_bytes();
            // ASCII white space, the common case, by its bytes; `char::is_whitespace`
            // takes the rest.
            let mut at = self.pos;
            let mut line_break = false;
            while let Some(&byte) = bytes.get(at) {
                match byte {
                    b'\n' | b'\r' => line_break = true,
                    b'\t' | b'\x0b' | b'\x0c' | b' ' => {}
                    _ => break,
                }
                at += 1;
            }
            if bytes.get(at).is_some_and(|b| *b >= 0x80) {
                let rest = &self.src[at..];
                let trimmed = if V::DIALECT.skip_bom {
                    rest.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
                } else {
                    rest.trim_start()
                };
                line_break |= rest[..rest.len() - trimmed.len()].contains(['\n', '\r']);
                at = self.src.len() - trimmed.len();
            }
            if V::DIALECT.loose_escapes && line_break {
                self.at_line_start = true;
            }
            self.pos = at;
            let first = bytes.get(at).copied();
            if first != Some(b'%') || !self.at_escape_column() {
                return first;
            }
            let trimmed = &self.src[at..];
            let line_end = if V::DIALECT.loose_escapes {
                trimmed.find(['\n', '\r'])
            } else {
                trimmed.find('\n')
            };
            let line = &trimmed[..line_end.unwrap_or(trimmed.len())];
            let place = if self.started {
                EscapePlace::Inside
            } else if self.ended_any {
                EscapePlace::AfterPrevious
            } else {
                EscapePlace::Before
            };
            self.visitor.escape(line.trim_end(), place);
            self.pos += line.len();
        }
    }

    /// Whether a `%` at `pos` escapes its line.
    fn at_escape_column(&self) -> bool {
        if V::DIALECT.loose_escapes {
            self.at_line_start
        } else {
            self.pos == 0 || self.src[..self.pos].ends_with('\n')
        }
    }

    /// `line comment = ";" {any char but line break} line break`.
    fn line_comment(&mut self, start: usize) -> usize {
        let rest = &self.src[start..];
        let end = rest.find('\n').map_or(self.src.len(), |n| start + n + 1);
        if self.skipping == 0 {
            self.visitor.line_comment(&self.src[start + 1..end]);
        }
        end
    }

    /// `(` opens a variation, unless the family claims it.
    fn open_paren(&mut self, start: usize) -> usize {
        self.movetext = true;
        if let Some(end) = self.visitor.claim_paren(start, self.skipping > 0) {
            return end;
        }
        let span = start..start + 1;
        if self.skipping > 0 {
            self.skipping += 1;
        } else if self.open.len() >= MAX_VARIATION_DEPTH {
            self.visitor
                .structure_error(StructureError::VariationTooDeep, span);
            self.skipping = 1;
        } else if self.visitor.open_variation(span) {
            self.open.push(start);
        } else {
            self.skipping = 1;
        }
        start + 1
    }

    /// `)` closes the innermost variation.
    fn close_paren(&mut self, start: usize) -> usize {
        self.movetext |= V::DIALECT.annotations_are_movetext;
        if self.skipping > 0 {
            self.skipping -= 1;
        } else if self.open.pop().is_some() {
            self.visitor.close_variation(start + 1);
        } else {
            self.visitor
                .structure_error(StructureError::UnmatchedCloseParen, start..start + 1);
        }
        start + 1
    }

    /// `nag = "$" {digit}`: the family reads the number.
    fn nag(&mut self, start: usize) -> usize {
        self.movetext |= V::DIALECT.annotations_are_movetext;
        let digits = self.src.as_bytes()[start + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        self.visitor
            .nag(start, start + 1 + digits, self.skipping > 0)
    }

    /// Closes what is still open and ends the game.
    fn end_game(&mut self) {
        while let Some(open) = self.open.pop() {
            self.visitor
                .structure_error(StructureError::UnclosedVariation, open..open + 1);
            self.visitor.close_variation(self.pos);
        }
        self.visitor.end_game(self.last_token_end, self.pos);
        self.started = false;
        self.movetext = false;
        self.skipping = 0;
        self.ended_any = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes down every event, with the text of the tokens, as one string per event; in
    /// the strict dialect (Shatar's) or, with `LOOSE`, in the loose one (PDN's).
    struct Events<'a, const LOOSE: bool> {
        src: &'a str,
        events: Vec<String>,
        /// The move count of each open line, for refusing variations before any move.
        moves: Vec<usize>,
    }

    impl<const LOOSE: bool> Events<'_, LOOSE> {
        fn log(&mut self, event: String) {
            self.events.push(event);
        }
    }

    /// Words end at white space or a structural character.
    fn word_end(src: &str, start: usize) -> usize {
        src[start..]
            .find(|c: char| c.is_whitespace() || "{}()[];$".contains(c))
            .map_or(src.len(), |n| start + n.max(1))
    }

    impl<const LOOSE: bool> Visitor for Events<'_, LOOSE> {
        const DIALECT: Dialect = Dialect {
            line_comments: !LOOSE,
            loose_escapes: LOOSE,
            skip_bom: LOOSE,
            annotations_are_movetext: LOOSE,
        };

        fn begin_game(&mut self, start: usize) {
            self.moves = vec![0];
            self.log(format!("game at {start}"));
        }

        fn end_game(&mut self, last_token_end: usize, position: usize) {
            self.log(format!("end {last_token_end} {position}"));
        }

        fn escape(&mut self, line: &str, place: EscapePlace) {
            self.log(format!("escape {line:?} {place:?}"));
        }

        fn structure_error(&mut self, error: StructureError, span: Span) {
            self.log(format!("{error:?} {span:?}"));
        }

        fn tag(&mut self, start: usize) -> usize {
            let end = self.src[start..]
                .find(']')
                .map_or(self.src.len(), |n| start + n + 1);
            self.log(format!("tag {}", &self.src[start..end]));
            end
        }

        fn brace_comment(&mut self, start: usize, skipping: bool) -> usize {
            match self.src[start..].find('}') {
                Some(n) => {
                    if !skipping {
                        self.log(format!("comment {}", &self.src[start + 1..start + n]));
                    }
                    start + n + 1
                }
                // Left open: it ends before a line that opens with `[`, else at the end.
                None => {
                    self.log(format!("unclosed comment at {start}"));
                    self.src[start..]
                        .find("\n[")
                        .map_or(self.src.len(), |n| start + n + 1)
                }
            }
        }

        fn line_comment(&mut self, text: &str) {
            self.log(format!("line comment {:?}", text));
        }

        fn claim_paren(&mut self, start: usize, _skipping: bool) -> Option<usize> {
            self.src[start..].starts_with("(!)").then(|| {
                self.log("strength (!)".into());
                start + 3
            })
        }

        fn open_variation(&mut self, open: Span) -> bool {
            if self.moves.last() == Some(&0) {
                self.log(format!("refused {open:?}"));
                return false;
            }
            self.moves.push(0);
            self.log(format!("open {open:?}"));
            true
        }

        fn close_variation(&mut self, end: usize) {
            self.moves.pop();
            self.log(format!("close {end}"));
        }

        fn nag(&mut self, start: usize, digits_end: usize, skipping: bool) -> usize {
            if !skipping {
                self.log(format!("nag {:?}", &self.src[start + 1..digits_end]));
            }
            digits_end.max(start + 1)
        }

        fn word(&mut self, start: usize, skipping: bool) -> Token {
            let end = word_end(self.src, start);
            let text = &self.src[start..end];
            let result = ["1-0", "0-1", "1/2-1/2", "*"].contains(&text);
            if !skipping {
                if let Some(count) = self.moves.last_mut().filter(|_| !result) {
                    *count += 1;
                }
                self.log(format!("word {text}"));
            }
            Token {
                end,
                movetext: true,
                ends_game: result,
            }
        }
    }

    fn events(src: &str) -> Vec<String> {
        read_events::<false>(src)
    }

    fn read_events<const LOOSE: bool>(src: &str) -> Vec<String> {
        let mut visitor = Events::<LOOSE> {
            src,
            events: Vec::new(),
            moves: Vec::new(),
        };
        read(src, &mut visitor);
        visitor.events
    }

    #[test]
    fn tags_moves_and_results_make_games() {
        assert_eq!(
            events("[A \"1\"]\n[B \"2\"]\n1. e4 1-0\n[A \"3\"]\nd4 [A \"4\"] *"),
            [
                "game at 0",
                "tag [A \"1\"]",
                "tag [B \"2\"]",
                "word 1.",
                "word e4",
                "word 1-0",
                "end 25 25",
                "game at 26",
                "tag [A \"3\"]",
                // A tag pair after movetext starts the next game.
                "word d4",
                "end 36 37",
                "game at 37",
                "tag [A \"4\"]",
                "word *",
                "end 46 46",
            ]
        );
    }

    #[test]
    fn comments_of_both_kinds_and_nags() {
        assert_eq!(
            events("e4 {good} $1 $ e5 ; rest {of} line\nNf3 {open"),
            [
                "game at 0",
                "word e4",
                "comment good",
                "nag \"1\"",
                "nag \"\"",
                "word e5",
                "line comment \" rest {of} line\\n\"",
                "word Nf3",
                "unclosed comment at 39",
                "end 44 44",
            ]
        );
    }

    #[test]
    fn nested_variations_and_their_errors() {
        assert_eq!(
            events("e4 (d4 (c4)) ) (!) ( (x) e5 (f4"),
            [
                "game at 0",
                "word e4",
                "open 3..4",
                "word d4",
                "open 7..8",
                "word c4",
                "close 11",
                "close 12",
                "UnmatchedCloseParen 13..14",
                "strength (!)",
                "open 19..20",
                // A variation before any move of its line is refused, and skipped.
                "refused 21..22",
                "word e5",
                "open 28..29",
                "word f4",
                "UnclosedVariation 28..29",
                "close 31",
                "UnclosedVariation 19..20",
                "close 31",
                "end 31 31",
            ]
        );
    }

    #[test]
    fn variations_deeper_than_the_limit_are_skipped() {
        let src = format!("e4 {} *", "(e5 ".repeat(MAX_VARIATION_DEPTH + 2));
        let events = events(&src);
        let opens = events.iter().filter(|e| e.starts_with("open")).count();
        assert_eq!(opens, MAX_VARIATION_DEPTH);
        let too_deep: Vec<_> = events
            .iter()
            .filter(|e| e.starts_with("VariationTooDeep"))
            .collect();
        assert_eq!(too_deep.len(), 1);
        let unclosed = events
            .iter()
            .filter(|e| e.starts_with("UnclosedVariation"))
            .count();
        assert_eq!(unclosed, MAX_VARIATION_DEPTH);
    }

    #[test]
    fn escape_lines_stay_with_their_game() {
        assert_eq!(
            events("% first\n[A \"1\"]\n% in\n e4 *\n% after\n  % indented\ne5"),
            [
                "escape \"% first\" Before",
                "game at 8",
                "tag [A \"1\"]",
                "escape \"% in\" Inside",
                "word e4",
                "word *",
                "end 26 26",
                "escape \"% after\" AfterPrevious",
                // In the strict dialect `%` escapes only in the first column.
                "game at 37",
                "word %",
                "word indented",
                "word e5",
                "end 50 50",
            ]
        );
    }

    #[test]
    fn reading_goes_on_where_the_family_ends_an_unclosed_comment() {
        // The test visitor ends it before the next tag line, which starts the next game.
        assert_eq!(
            events("e4 {oops\n[A \"2\"] e5"),
            [
                "game at 0",
                "word e4",
                "unclosed comment at 3",
                "end 9 9",
                "game at 9",
                "tag [A \"2\"]",
                "word e5",
                "end 19 19",
            ]
        );
    }

    #[test]
    fn the_loose_dialect_escapes_indented_lines_and_has_no_line_comments() {
        assert_eq!(
            read_events::<true>("\u{feff}e4 ;x\r  % indented\r\n$1 [A \"2\"]"),
            [
                "game at 3",
                "word e4",
                // `;` opens no comment: it is the family's to read.
                "word ;",
                "word x",
                "escape \"% indented\" Inside",
                "nag \"1\"",
                "end 25 26",
                "game at 26",
                "tag [A \"2\"]",
                "end 33 33",
            ]
        );
        // A `)` or a NAG is movetext, so a tag pair after it starts the next game.
        let games = |src| {
            read_events::<true>(src)
                .iter()
                .filter(|e| e.starts_with("game"))
                .count()
        };
        assert_eq!(games("[A \"1\"] ) [A \"2\"]"), 2);
        assert_eq!(games("[A \"1\"] $1 [A \"2\"]"), 2);
        assert_eq!(
            events("[A \"1\"] ) $1 [A \"2\"]")
                .iter()
                .filter(|e| e.starts_with("game"))
                .count(),
            1
        );
    }
}
