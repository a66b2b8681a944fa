//! The fast path of the move reader: plain ASCII SAN and long algebraic read byte by
//! byte, without nom, for the common case of large archives. It reads what it accepts as
//! the grammar (`grammar.rs`) does, and leaves everything else to it.

use super::notation::{
    CaptureMark, CheckMark, Link, MoveText, PieceScript, PieceToken, Promotion, PromotionStyle,
    Suffix, Target,
};
use super::syntax::SyntaxError;
use super::types::{Role, Square};

/// The common case of PGN and scoresheet moves, read byte by byte: ASCII SAN or long
/// algebraic (`e4`, `Nf3`, `exd5`, `Nbd7`, `R1d3`, `Ng1f3`, `Nxe5`, `e8=Q+`) ending at a
/// boundary. Anything else, or anything unusual, returns `None` and goes to the nom
/// parser, which gives the same result for what this accepts (a test checks that);
/// this path exists because it is several times faster on archives of millions of moves.
// Inlined into the grammar's `move_token`, which calls it before every token, as it was
// when both stood in one file.
#[inline]
pub(super) fn plain_san(
    i: &str,
    end: usize,
    is_boundary: fn(char) -> bool,
) -> Option<(&str, Result<MoveText, SyntaxError>)> {
    let bytes = i.as_bytes();
    let start = end - i.len();
    let role = match bytes.first()? {
        b'K' => Some(Role::King),
        b'Q' => Some(Role::Queen),
        b'R' => Some(Role::Rook),
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        _ => None,
    };
    let body_start = usize::from(role.is_some());
    let square = |file: &u8, rank: &u8| Square::new(file - b'a', rank - b'1');
    let capture = Some(Link::Capture(CaptureMark::X));
    // The common bodies, `e4`, `xe4` and `dxe4` with nothing of a body after them, told
    // at one look; the scan takes the rest.
    let (from_file, from_rank, link, to, mut at) = match &bytes[body_start..] {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8', next @ ..] if !continues_body(next) => {
            (None, None, None, square(file, rank), body_start + 2)
        }
        [b'x', file @ b'a'..=b'h', rank @ b'1'..=b'8', next @ ..] if !continues_body(next) => {
            (None, None, capture, square(file, rank), body_start + 3)
        }
        [from @ b'a'..=b'h', b'x', file @ b'a'..=b'h', rank @ b'1'..=b'8', next @ ..]
            if !continues_body(next) =>
        {
            let from = Some(from - b'a');
            (from, None, capture, square(file, rank), body_start + 4)
        }
        _ => scanned_body(i, body_start, role.is_none())?,
    };
    let promotion = match bytes.get(at) {
        Some(b'=') => Some(plain_promotion(bytes.get(at + 1)?, start + at)?),
        _ => None,
    };
    at += promotion.as_ref().map_or(0, |p| p.span.len());
    let check = match bytes.get(at) {
        Some(b'+') => Some(CheckMark::Check),
        Some(b'#') => Some(CheckMark::Mate),
        _ => None,
    };
    at += usize::from(check.is_some());
    let rest = &i[at..];
    // `(` may open a promotion (`b8(N)`): only plain separators end a plain move.
    // Every reader's boundary takes white space: the common space after a move ends it
    // without decoding a character.
    let ends = match rest.as_bytes().first() {
        None | Some(b' ' | b'\n' | b'\r' | b'\t') => true,
        Some(_) => rest.chars().next().is_some_and(|c| {
            (c.is_whitespace() || ",，;；、。){}$[".contains(c)) && is_boundary(c)
        }),
    };
    if !ends {
        return None;
    }
    let mv = MoveText {
        piece: role.map(|role| PieceToken {
            role,
            script: PieceScript::Latin,
            queen_name: None,
            span: start..start + 1,
        }),
        from_file,
        from_rank,
        link,
        to: Target::Square(to),
        promotion: promotion.map(Box::new),
        suffix: Suffix {
            check,
            annotation: None,
        },
        span: start..start + at,
    };
    Some((rest, Ok(mv)))
}

/// Whether the bytes after a body's square go on with it: more squares or a capture
/// mark (`Nb1d2`, `e4xd5`), or a link of the full form (`e2-e4`, `e2—e4`).
// Inlined: it runs on nearly every move, and is a few compares (a plain `#[inline]`
// leaves the call).
#[inline(always)]
fn continues_body(next: &[u8]) -> bool {
    matches!(
        next.first(),
        Some(b'a'..=b'h' | b'1'..=b'8' | b'x' | b'-' | b':' | 0x80..)
    )
}

/// A plain move's body from byte `body_start` on (after its piece letter, if any), by a
/// scan of its squares and marks: the origin's file and rank, the link, the destination
/// and where the body ends.
fn scanned_body(
    i: &str,
    body_start: usize,
    pawn: bool,
) -> Option<(Option<u8>, Option<u8>, Option<Link>, Square, usize)> {
    let bytes = i.as_bytes();
    let mut at = body_start;
    while at < bytes.len()
        && at - body_start < 5
        && matches!(bytes[at], b'a'..=b'h' | b'1'..=b'8' | b'x')
    {
        at += 1;
    }
    // Only a lone square can open the full form's link: told by the byte after it.
    let link = match (&bytes[body_start..at], bytes.get(at)) {
        ([b'a'..=b'h', b'1'..=b'8'], Some(b'-' | b':' | 0x80..)) => full_form_link(&i[at..]),
        _ => None,
    };
    at += link.map_or(0, |(_, len)| len);
    let link = link.map(|(kind, _)| kind);
    let body = &bytes[body_start..at];
    let (origin, destination) = match link {
        // Origin, link, destination: the squares are the first and last two bytes.
        Some(_) => (&body[..2], &body[body.len() - 2..]),
        None => body.split_at(body.len().checked_sub(2)?),
    };
    let to = match destination {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Square::new(file - b'a', rank - b'1'),
        _ => return None,
    };
    let (origin, capture) = match origin {
        [rest @ .., b'x'] if link.is_none() => (rest, true),
        _ => (origin, false),
    };
    let (from_file, from_rank) = match origin {
        [] => (None, None),
        [file @ b'a'..=b'h'] => (Some(file - b'a'), None),
        [rank @ b'1'..=b'8'] => (None, Some(rank - b'1')),
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => (Some(file - b'a'), Some(rank - b'1')),
        _ => return None,
    };
    // A pawn's rank alone never disambiguates; leave odd forms to the full grammar.
    if pawn && from_rank.is_some() && from_file.is_none() {
        return None;
    }
    let link = link.or(capture.then_some(Link::Capture(CaptureMark::X)));
    Some((from_file, from_rank, link, to, at))
}

/// The rulebook's full form joins two squares with a dash or a colon (`Ng1—f3`,
/// `Nf3:e5`): after the first square, the link and the second square, and their length
/// in bytes.
fn full_form_link(rest: &str) -> Option<(Link, usize)> {
    let (mark, kind) = [("—", Link::Dash), ("–", Link::Dash), ("-", Link::Dash)]
        .into_iter()
        .chain([(":", Link::Capture(CaptureMark::Colon))])
        .find(|(mark, _)| rest.starts_with(mark))?;
    match rest.as_bytes()[mark.len()..] {
        [b'a'..=b'h', b'1'..=b'8', ..] => Some((kind, mark.len() + 2)),
        _ => None,
    }
}

/// A plain move's `=Q` (`=R`, `=N`, `=B`) at byte `at` of the text, given the letter
/// after the `=`; `None` for any other letter.
fn plain_promotion(letter: &u8, at: usize) -> Option<Promotion> {
    let role = match letter {
        b'Q' => Role::Queen,
        b'R' => Role::Rook,
        b'N' => Role::Knight,
        b'B' => Role::Bishop,
        _ => return None,
    };
    Some(Promotion {
        piece: PieceToken {
            role,
            script: PieceScript::Latin,
            queen_name: None,
            span: at + 1..at + 2,
        },
        style: PromotionStyle::Equals,
        span: at..at + 2,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shatar::grammar::move_text;
    use nom::Parser;

    fn space_boundary(c: char) -> bool {
        c.is_whitespace() || ",;()".contains(c)
    }

    /// Whatever the byte-level fast path accepts, the grammar reads the same way.
    #[test]
    fn plain_san_agrees_with_the_grammar() {
        let mut tokens: Vec<String> = Vec::new();
        for piece in ["", "K", "Q", "R", "N", "B"] {
            for origin in ["", "b", "g", "1", "7", "g1", "b8"] {
                for capture in ["", "x"] {
                    for to in ["e4", "a8", "h1", "d1"] {
                        for promotion in ["", "=Q", "=N", "=K", "Q"] {
                            for check in ["", "+", "#", "+#", "!", "?!"] {
                                tokens.push(format!(
                                    "{piece}{origin}{capture}{to}{promotion}{check}"
                                ));
                            }
                        }
                    }
                }
            }
        }
        let fixture = std::fs::read_to_string("tests/fixtures/shatar/random_games.pgn").unwrap();
        tokens.extend(fixture.split_whitespace().map(str::to_string));
        // Rulebook full notation: `(12)Ng1—f3,Nb8:c6;` gives `Ng1—f3` and `Nb8:c6`.
        let full = std::fs::read_to_string("tests/fixtures/shatar/random_full_latin.txt").unwrap();
        tokens.extend(
            full.split([' ', '\n', ',', ';'])
                .map(|t| t.trim_start_matches(|c: char| c == '(' || c == ')' || c.is_ascii_digit()))
                .filter(|t| !t.is_empty())
                .map(str::to_string),
        );
        tokens.extend(
            [
                "cd",
                "h:g5",
                "e2—e4",
                "e5Bg4",
                "0-0",
                "exd",
                "e4,",
                "Nf3;",
                "b8(N)+",
                "a1—Q",
                "Ng1—f3",
                "Ng1–f3,",
                "e2-e4;",
                "Nf3:e5",
                "Bc4:f7+",
                "a7—a8=Q",
                "a7—a8变虎",
                "Kd8—d7",
                "e5:d6",
                "Nf3:e5Bg4:d1?",
                "g1—f3",
                "Ng1—",
                "Ng1—f",
                "Ng1:f3x",
            ]
            .map(str::to_string),
        );
        let mut accepted = 0;
        for token in &tokens {
            let end = token.len();
            let Some((rest, fast)) = plain_san(token, end, space_boundary) else {
                continue;
            };
            accepted += 1;
            let (slow_rest, slow) = match move_text(end).parse(token.as_str()) {
                Ok((rest, mv)) => (rest, Ok(mv)),
                Err(_) => panic!("{token}: the grammar refuses what the fast path reads"),
            };
            assert_eq!(rest, slow_rest, "{token}");
            assert_eq!(fast, slow, "{token}");
        }
        assert!(accepted > 1000, "only {accepted} tokens took the fast path");
    }
}
