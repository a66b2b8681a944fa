//! The text form of a Go record (`convert --to text`), for people to read: the game
//! information as PGN-like tags, then the moves numbered in pairs in the coordinates
//! players use (`1. Q16 D4 2. Q4 pass`: columns A–T without I, rows counted from the
//! bottom), comments in braces, variations in parentheses, the result at the end.
//!
//! It is written, not read back: qipu reads Go from SGF and the archive formats, and
//! `--to sgf` is the form that round-trips.

use super::board::{Color, Point};
use super::sgf::BoardSize;
use super::{GoMove, GoRecord};
use crate::record::{Line, UNREPLAYED};
use crate::wrap::LineWrapper;

/// Tag names of the SGF game-info properties.
const TAG_NAMES: [(&str, &str); 25] = [
    ("SZ", "Size"),
    ("GN", "GameName"),
    ("EV", "Event"),
    ("RO", "Round"),
    ("DT", "Date"),
    ("PC", "Place"),
    ("PB", "Black"),
    ("BR", "BlackRank"),
    ("BT", "BlackTeam"),
    ("PW", "White"),
    ("WR", "WhiteRank"),
    ("WT", "WhiteTeam"),
    ("KM", "Komi"),
    ("HA", "Handicap"),
    ("RU", "Rules"),
    ("RE", "Result"),
    ("TM", "TimeLimit"),
    ("OT", "Overtime"),
    ("GC", "GameComment"),
    ("ON", "Opening"),
    ("SO", "Source"),
    ("US", "User"),
    ("AN", "Annotator"),
    ("CP", "Copyright"),
    ("PL", "ToMove"),
];

/// The text form of `record`, its moves in lines of at most `width` characters where
/// they can break.
pub fn write_text(record: &GoRecord, width: usize) -> String {
    let record_moves = record;
    let mut out = String::new();
    push_tag(&mut out, "Game", "Go");
    for (ident, value) in &record_moves.tags.0 {
        let name = TAG_NAMES
            .iter()
            .find(|(i, _)| i == ident)
            .map_or(ident.as_str(), |(_, name)| name);
        push_tag(&mut out, name, value);
    }
    let size = board_size(record);
    if let Some(setup) = &record_moves.start {
        for (name, points) in [("AddBlack", &setup.black), ("AddWhite", &setup.white)] {
            if !points.is_empty() {
                let names: Vec<String> = points.iter().map(|p| coordinate(*p, size)).collect();
                push_tag(&mut out, name, &names.join(" "));
            }
        }
    }
    out.push('\n');
    let mut tokens = Vec::new();
    if let Some(comment) = &record_moves.comment {
        tokens.push(comment_token(comment));
    }
    let first = record_moves
        .moves
        .first()
        .map_or(Color::Black, |node| node.mv.color);
    line_tokens(&record_moves.moves, first, size, &mut tokens);
    if let Some(rest) = &record_moves.unreplayed {
        tokens.push(comment_token(&format!("{UNREPLAYED} {rest}")));
    }
    tokens.push(
        record_moves
            .result
            .as_ref()
            .map_or_else(|| String::from("*"), ToString::to_string),
    );
    let mut wrapper = LineWrapper::new(&mut out, width);
    for token in &tokens {
        wrapper.word(token);
        // A rest-of-line comment ends its line.
        if token.starts_with(';') {
            wrapper.end_line();
        }
    }
    wrapper.end_line();
    out
}

/// The board's size, from the `SZ` tag (19×19 without one).
fn board_size(record: &GoRecord) -> BoardSize {
    let tag = record.tags.get("SZ").unwrap_or("19");
    let side = |text: &str| text.trim().parse::<u8>().ok();
    match tag.split_once(':') {
        Some((width, height)) => side(width).zip(side(height)),
        None => side(tag).map(|n| (n, n)),
    }
    .map_or(BoardSize::DEFAULT, |(width, height)| BoardSize {
        width,
        height,
    })
}

/// A point as players name it: `Q16`; beyond the 25th column, `column-row` in numbers.
/// A kept move is on its board; a point off it keeps its SGF letters.
fn coordinate(point: Point, size: BoardSize) -> String {
    point
        .coordinate(size.width, size.height)
        .unwrap_or_else(|| point.to_string())
}

/// The tokens of a line of play: move numbers, moves, comments, variations. The moves
/// alternate from `first` (the colour of the main line's first move); a move of the
/// other colour, and a first move by White, is written with its colour (`W:D4`). Variations are written after the
/// move they replace, from an explicit stack (they nest as deep as the input).
fn line_tokens(line: &Line<GoMove>, first: Color, size: BoardSize, tokens: &mut Vec<String>) {
    enum Step<'l> {
        /// Write `line` from its node `next` on.
        Moves(&'l Line<GoMove>, usize),
        /// Open a variation: the next token starts with `(`.
        Open,
        /// Close the variation: the last token ends with `)`.
        Close,
    }
    let mut stack = vec![Step::Moves(line, 0)];
    // Whether the next move needs its number (after a comment, a variation, a start).
    let mut numbered = true;
    let mut opening = String::new();
    let push = |tokens: &mut Vec<String>, opening: &mut String, token: String| {
        tokens.push(std::mem::take(opening) + &token);
    };
    while let Some(step) = stack.pop() {
        let (line, next) = match step {
            Step::Moves(line, next) => (line, next),
            Step::Open => {
                opening.push('(');
                numbered = true;
                continue;
            }
            Step::Close => {
                if let Some(last) = tokens.last_mut() {
                    last.push(')');
                }
                numbered = true;
                continue;
            }
        };
        let Some(node) = line.get(next) else {
            continue;
        };
        let ply = node.ply.max(1);
        let pair = ply.div_ceil(2);
        if ply % 2 == 1 {
            push(tokens, &mut opening, format!("{pair}."));
        } else if numbered {
            push(tokens, &mut opening, format!("{pair}..."));
        }
        let expected = if ply % 2 == 1 {
            first
        } else {
            first.opponent()
        };
        let point = match node.mv.point {
            Some(point) => coordinate(point, size),
            None => String::from("pass"),
        };
        // A game White opens (after handicap stones) says so at its first move.
        let white_opens = ply == 1 && node.mv.color == Color::White;
        let written = if node.mv.color == expected && !white_opens {
            point
        } else {
            format!("{}:{point}", node.mv.color.letter())
        };
        push(tokens, &mut opening, written);
        numbered = false;
        if let Some(comment) = &node.comment {
            tokens.push(comment_token(comment));
            numbered = true;
        }
        // The rest of this line comes after the variations, which are written first.
        stack.push(Step::Moves(line, next + 1));
        for alternative in node.variations.iter().rev() {
            stack.push(Step::Close);
            stack.push(Step::Moves(alternative, 0));
            stack.push(Step::Open);
        }
    }
}

/// A comment: `{…}` with its white space folded, or, for one that holds a `}`, a
/// rest-of-line comment `; …`.
fn comment_token(comment: &str) -> String {
    let comment = comment.split_whitespace().collect::<Vec<_>>().join(" ");
    if comment.contains('}') {
        format!("; {comment}")
    } else {
        format!("{{{comment}}}")
    }
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
    {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}
