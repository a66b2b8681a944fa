//! Normalised PDN output.
//!
//! The writer takes a plain [`WriteGame`] whose moves are already final strings (the
//! integration decides numbering and full paths), so it knows nothing about rules. Output is
//! deterministic:
//!
//! - tags: the seven-tag roster (Event, Site, Date, Round, White, Black, Result) in that order,
//!   then `GameType`, then `FEN`, then all others in ASCII order of their names (as PGN export
//!   does); tags with the same name keep their given order. Values escape `\` and `"`; line
//!   breaks become spaces, since a reader takes a tag to be one line.
//! - movetext: a move number before every White move, and before a Black move that opens a line
//!   or follows a comment or variation (`12...`); comments as `{...}` with their whitespace
//!   collapsed and any `{`/`}` inside replaced by `(`/`)` (PDN comments cannot nest or escape);
//!   variations in `( )`; the result last (`*` when unknown).
//! - lines are wrapped at spaces to at most `line_width` characters (79, fewer than 80, unless
//!   `--line-width` says otherwise); a single longer token stands alone.
//!
//! Variations are walked with an explicit stack, so any nesting depth is safe.

use crate::wrap::{LineWrapper, MAX_LINE};

/// A game to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteGame {
    /// Tag pairs, in any order (the writer orders them).
    pub tags: Vec<(String, String)>,
    /// Number of the first move (1 from the start position; a FEN may say otherwise).
    pub first_move_number: u32,
    /// Whether Black makes the first move of the record.
    pub black_first: bool,
    /// The main line.
    pub moves: Vec<WriteMove>,
    /// Comments that follow the whole main line (or stand alone in a game without moves).
    pub comments: Vec<String>,
    /// The result token, such as `2-0`; `None` writes `*`.
    pub result: Option<String>,
    /// The longest movetext line, where it can break.
    pub line_width: usize,
}

impl Default for WriteGame {
    fn default() -> WriteGame {
        WriteGame {
            tags: Vec::new(),
            first_move_number: 0,
            black_first: false,
            moves: Vec::new(),
            comments: Vec::new(),
            result: None,
            line_width: MAX_LINE,
        }
    }
}

/// A move to write.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct WriteMove {
    /// The move as it must appear, e.g. `c3-d4`, `19x10x17`, `22-18!`.
    pub text: String,
    /// Numeric annotation glyphs written after it as `$n`.
    pub nags: Vec<u16>,
    /// Comments written before the move.
    pub comments_before: Vec<String>,
    /// Comments written after the move.
    pub comments_after: Vec<String>,
    /// Alternatives to this move; each line starts with the move that replaces it.
    pub variations: Vec<Vec<WriteMove>>,
}

/// Writes one game, ending with a line break.
pub fn write_pdn_game(game: &WriteGame) -> String {
    let mut out = String::new();
    for (name, value) in ordered_tags(&game.tags) {
        out.push('[');
        out.push_str(&tag_name(name));
        out.push_str(" \"");
        out.push_str(&escape_value(value));
        out.push_str("\"]\n");
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    let tokens = movetext_tokens(game);
    wrap_into(&mut out, &tokens, game.line_width);
    out
}

/// Tags in the documented output order.
fn ordered_tags(tags: &[(String, String)]) -> Vec<(&str, &str)> {
    const ROSTER: [&str; 9] = [
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "FEN",
    ];
    let mut out: Vec<(&str, &str)> = tags.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    // Stable: equal keys keep their given order.
    out.sort_by(|a, b| {
        let rank = |n: &str| ROSTER.iter().position(|r| *r == n).unwrap_or(ROSTER.len());
        rank(a.0).cmp(&rank(b.0)).then_with(|| {
            if rank(a.0) == ROSTER.len() {
                a.0.cmp(b.0)
            } else {
                std::cmp::Ordering::Equal
            }
        })
    });
    out
}

/// A tag name the reader accepts: characters other than `[A-Za-z0-9_]` become `_`.
fn tag_name(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if !s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        s.insert(0, '_');
    }
    s
}

/// Escapes a tag value for `"..."`.
fn escape_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// Collects the movetext as unbreakable tokens.
fn movetext_tokens(game: &WriteGame) -> Vec<String> {
    /// Work left on one level of the walk.
    enum Step<'a> {
        /// Moves of a line still to write; `ply0` is the ply of its first move.
        Line {
            moves: &'a [WriteMove],
            next: usize,
            ply0: u64,
        },
        /// Variations of a move still to write.
        Alternatives {
            lines: &'a [Vec<WriteMove>],
            next: usize,
            ply: u64,
        },
    }

    let mut t = Tokens {
        need_number: true,
        ..Tokens::default()
    };
    let first_ply = u64::from(game.first_move_number.max(1) - 1) * 2 + u64::from(game.black_first);
    let mut stack = vec![Step::Line {
        moves: &game.moves,
        next: 0,
        ply0: first_ply,
    }];
    while let Some(top) = stack.last_mut() {
        match top {
            Step::Line { moves, next, ply0 } => {
                let moves: &[WriteMove] = moves;
                let Some(mv) = moves.get(*next) else {
                    stack.pop();
                    if !stack.is_empty() {
                        t.close_paren();
                    }
                    continue;
                };
                let ply = *ply0 + *next as u64;
                *next += 1;
                t.write_move(mv, ply);
                if !mv.variations.is_empty() {
                    stack.push(Step::Alternatives {
                        lines: &mv.variations,
                        next: 0,
                        ply,
                    });
                }
            }
            Step::Alternatives { lines, next, ply } => {
                let lines: &[Vec<WriteMove>] = lines;
                let ply = *ply;
                match lines.get(*next) {
                    Some(line) => {
                        *next += 1;
                        t.open_paren();
                        stack.push(Step::Line {
                            moves: line,
                            next: 0,
                            ply0: ply,
                        });
                    }
                    None => {
                        stack.pop();
                        t.need_number = true;
                    }
                }
            }
        }
    }
    for c in &game.comments {
        t.comment(c);
    }
    t.push(game.result.clone().unwrap_or_else(|| "*".to_owned()));
    t.list
}

/// Token list under construction.
#[derive(Default)]
struct Tokens {
    list: Vec<String>,
    /// A `(` waiting to be glued to the next token.
    open: bool,
    /// Whether a Black move must show its number (`12...`).
    need_number: bool,
}

impl Tokens {
    fn push(&mut self, token: String) {
        if std::mem::take(&mut self.open) {
            self.list.push(format!("({token}"));
        } else {
            self.list.push(token);
        }
    }

    fn open_paren(&mut self) {
        if self.open {
            self.list.push("(".to_owned());
        }
        self.open = true;
        self.need_number = true;
    }

    fn close_paren(&mut self) {
        if std::mem::take(&mut self.open) {
            self.list.push("()".to_owned());
        } else if let Some(last) = self.list.last_mut() {
            last.push(')');
        }
        self.need_number = true;
    }

    fn comment(&mut self, text: &str) {
        let clean: String = text
            .chars()
            .map(|c| match c {
                '{' => '(',
                '}' => ')',
                c => c,
            })
            .collect();
        let words: Vec<&str> = clean.split_whitespace().collect();
        match words.as_slice() {
            [] => self.push("{}".to_owned()),
            [only] => self.push(format!("{{{only}}}")),
            [first, middle @ .., last] => {
                self.push(format!("{{{first}"));
                for w in middle {
                    self.push((*w).to_owned());
                }
                self.push(format!("{last}}}"));
            }
        }
        self.need_number = true;
    }

    fn write_move(&mut self, mv: &WriteMove, ply: u64) {
        for c in &mv.comments_before {
            self.comment(c);
        }
        let number = ply / 2 + 1;
        if ply.is_multiple_of(2) {
            self.push(format!("{number}."));
        } else if self.need_number {
            self.push(format!("{number}..."));
        }
        self.need_number = false;
        self.push(mv.text.clone());
        for n in &mv.nags {
            self.push(format!("${n}"));
        }
        for c in &mv.comments_after {
            self.comment(c);
        }
    }
}

/// Appends `tokens` as lines of at most `width` characters where they can break, and a
/// line break.
fn wrap_into(out: &mut String, tokens: &[String], width: usize) {
    let mut line = LineWrapper::new(out, width);
    for token in tokens {
        line.word(token);
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> WriteMove {
        WriteMove {
            text: text.to_owned(),
            ..WriteMove::default()
        }
    }

    #[test]
    fn tag_order_and_escapes() {
        let game = WriteGame {
            tags: vec![
                ("Zeta".into(), "z".into()),
                ("FEN".into(), "W:W1:B32".into()),
                ("Black".into(), "B \"q\" \\".into()),
                ("Event".into(), "E".into()),
                ("GameType".into(), "25".into()),
                ("Alpha".into(), "a\nb".into()),
            ],
            first_move_number: 1,
            ..WriteGame::default()
        };
        let out = write_pdn_game(&game);
        assert_eq!(
            out,
            "[Event \"E\"]\n[Black \"B \\\"q\\\" \\\\\"]\n[GameType \"25\"]\n[FEN \"W:W1:B32\"]\n[Alpha \"a b\"]\n[Zeta \"z\"]\n\n*\n"
        );
    }

    #[test]
    fn numbers_comments_variations() {
        let mut second = mv("f6-g5");
        second.variations = vec![vec![mv("f6-e5"), mv("g3-f4")], vec![]];
        let mut first = mv("c3-d4");
        first.comments_after = vec!["a {b}\n c".into()];
        let game = WriteGame {
            first_move_number: 1,
            moves: vec![first, second, mv("b2-c3")],
            result: Some("2-0".into()),
            ..WriteGame::default()
        };
        assert_eq!(
            write_pdn_game(&game),
            "1. c3-d4 {a (b) c} 1... f6-g5 (1... f6-e5 2. g3-f4) () 2. b2-c3 2-0\n"
        );
    }

    #[test]
    fn black_first_and_wrapping() {
        let moves = (0..40).map(|_| mv("22-18")).collect();
        let game = WriteGame {
            first_move_number: 7,
            black_first: true,
            moves,
            ..WriteGame::default()
        };
        let out = write_pdn_game(&game);
        assert!(out.starts_with("7... 22-18 8. 22-18"));
        assert!(out.lines().all(|l| l.chars().count() < 80));
        assert!(out.lines().count() > 1);
    }

    #[test]
    fn deep_variations_do_not_recurse() {
        let mut line = vec![mv("9-13")];
        for _ in 0..20_000 {
            let mut m = mv("9-13");
            m.variations.push(line);
            line = vec![m];
        }
        let game = WriteGame {
            first_move_number: 1,
            moves: line,
            ..WriteGame::default()
        };
        let out = write_pdn_game(&game);
        assert_eq!(out.matches('(').count(), 20_000);
        // Drop the deep structure iteratively to keep the test itself safe.
        let mut stack = game.moves;
        while let Some(mut m) = stack.pop() {
            for v in m.variations.drain(..) {
                stack.extend(v);
            }
        }
    }
}
