//! The values of the two PDN tags with a grammar of their own, `GameType` and `FEN`, read
//! bottom-up by small nom rules into typed syntax with spans; a value that fits no rule is
//! a [`SyntaxError`] spanning from where it failed to the value's end.

use nom::branch::alt;
use nom::bytes::complete::take_while1;
use nom::character::complete::{char, digit1, one_of, space0};
use nom::combinator::{cut, eof, map, map_res, opt, recognize, value};
use nom::error::context;
use nom::multi::separated_list0;
use nom::sequence::{delimited, pair, preceded, terminated};
use nom::Parser;

use super::pdn::span_in;
use super::pdn_move::{square, ParseErr, Res};
use super::syntax::{
    Fen, FenColour, FenEntry, FenSide, FirstSquareCorner, GameType, NotationKind, SquareKind,
    SquareToken, StartColour, SyntaxError, SyntaxErrorKind,
};
use crate::text::Span;

// ---------------------------------------------------------------- GameType

/// A field separator of the `GameType` value, with optional spaces.
fn comma(i: &str) -> Res<'_, char> {
    delimited(space0, char(','), space0).parse(i)
}

/// A small unsigned number (board size).
fn small_number(i: &str) -> Res<'_, u8> {
    map_res(digit1, str::parse::<u8>).parse(i)
}

/// `Colour := "W" | "B"`.
fn start_colour(i: &str) -> Res<'_, StartColour> {
    alt((
        value(StartColour::White, one_of("Ww")),
        value(StartColour::Black, one_of("Bb")),
    ))
    .parse(i)
}

/// `Notation := ("A" | "N" | "S") ("0" | "1" | "2" | "3")`.
fn notation(i: &str) -> Res<'_, (NotationKind, FirstSquareCorner)> {
    (
        alt((
            value(NotationKind::Alphanumeric, one_of("Aa")),
            value(NotationKind::Numeric, one_of("Nn")),
            value(NotationKind::San, one_of("Ss")),
        )),
        alt((
            value(FirstSquareCorner::BottomLeft, char('0')),
            value(FirstSquareCorner::BottomRight, char('1')),
            value(FirstSquareCorner::TopLeft, char('2')),
            value(FirstSquareCorner::TopRight, char('3')),
        )),
    )
        .parse(i)
}

/// Parsed long form of a `GameType` value.
type GameTypeDetails = (
    StartColour,
    u8,
    u8,
    (NotationKind, FirstSquareCorner),
    Option<bool>,
);

/// `GameTypeDetails := "," Colour "," width "," height "," Notation ("," ("0"|"1"))?`.
fn game_type_details(i: &str) -> Res<'_, GameTypeDetails> {
    let (rest, _) = comma(i)?;
    cut((
        context("start colour W or B", start_colour),
        preceded(comma, context("board width", small_number)),
        preceded(comma, context("board height", small_number)),
        preceded(comma, context("notation such as A0 or N2", notation)),
        opt(preceded(
            comma,
            context(
                "invert flag 0 or 1",
                alt((value(false, char('0')), value(true, char('1')))),
            ),
        )),
    ))
    .parse(rest)
}

/// `GameType := type GameTypeDetails?` (PDN 3.0), the whole value.
fn game_type_value(i: &str) -> Res<'_, (u32, Option<GameTypeDetails>)> {
    terminated(
        pair(
            preceded(
                space0,
                context("game type number", map_res(digit1, str::parse::<u32>)),
            ),
            opt(game_type_details),
        ),
        context("end of value", cut(pair(space0, eof))),
    )
    .parse(i)
}

/// Parses a `GameType` value written at `span` of `src`.
pub(super) fn parse_game_type(src: &str, span: Span) -> Result<GameType, SyntaxError> {
    let raw = &src[span.clone()];
    match game_type_value(raw) {
        Ok((_, (type_number, details))) => {
            let mut gt = GameType {
                type_number,
                start_colour: None,
                width: None,
                height: None,
                notation: None,
                first_square: None,
                invert: None,
                span,
            };
            if let Some((colour, w, h, (kind, corner), invert)) = details {
                gt.start_colour = Some(colour);
                gt.width = Some(w);
                gt.height = Some(h);
                gt.notation = Some(kind);
                gt.first_square = Some(corner);
                gt.invert = invert;
            }
            Ok(gt)
        }
        Err(e) => Err(value_error(src, raw, e, SyntaxErrorKind::BadGameType)),
    }
}

/// Turns a failed tag-value parse into an error spanning from the failure to the value's end.
fn value_error(
    src: &str,
    raw: &str,
    e: nom::Err<ParseErr<'_>>,
    kind: fn(&'static str) -> SyntaxErrorKind,
) -> SyntaxError {
    let (at, expected) = match e {
        nom::Err::Error(p) | nom::Err::Failure(p) => (p.input, p.expected),
        nom::Err::Incomplete(_) => ("", None),
    };
    let base = span_in(src, raw);
    let start = base.end - at.len();
    SyntaxError {
        kind: kind(expected.unwrap_or("a valid value")),
        span: start..base.end,
    }
}

// ---------------------------------------------------------------- FEN

/// `FenTurn := "W" | "B" | "?"`.
fn fen_turn(i: &str) -> Res<'_, FenColour> {
    alt((
        value(FenColour::White, one_of("Ww")),
        value(FenColour::Black, one_of("Bb")),
        value(FenColour::Unknown, char('?')),
    ))
    .parse(i)
}

/// A FEN entry before spans: king flag, first square, optional range end, whole text.
type RawEntry<'a> = (
    bool,
    (SquareKind, &'a str),
    Option<(SquareKind, &'a str)>,
    &'a str,
);

/// `FenEntry := "K"? Square ("-" Square)?`.
fn fen_entry(i: &str) -> Res<'_, RawEntry<'_>> {
    let (rest, (king, from, to)) = (
        map(opt(one_of("Kk")), |k| k.is_some()),
        context("square", square),
        opt(preceded(
            char('-'),
            context("square ending the range", cut(square)),
        )),
    )
        .parse(i)?;
    Ok((rest, (king, from, to, &i[..i.len() - rest.len()])))
}

/// `FenSide := ("W" | "B") (FenEntry ("," FenEntry)*)?`.
fn fen_side(i: &str) -> Res<'_, (FenColour, Vec<RawEntry<'_>>)> {
    pair(
        alt((
            value(FenColour::White, one_of("Ww")),
            value(FenColour::Black, one_of("Bb")),
        )),
        preceded(space0, separated_list0(comma, fen_entry)),
    )
    .parse(i)
}

/// Any other `:` field (lidraughts' `H0`, `F1`): up to the next `:`.
fn fen_other_field(i: &str) -> Res<'_, &str> {
    take_while1(|c: char| c != ':' && c != '.').parse(i)
}

/// A FEN field: a piece list, or another field kept raw.
enum FenField<'a> {
    Side(FenColour, Vec<RawEntry<'a>>, &'a str),
    Other(&'a str),
}

/// `FenField := FenSide | other`; the side must fill the whole field.
fn fen_field(i: &str) -> Res<'_, FenField<'_>> {
    let side = |i| {
        let (rest, (colour, entries)) = fen_side(i)?;
        let (rest, _) = space0(rest)?;
        // A side must end the field, else it is something like `H0`.
        if !(rest.is_empty() || rest.starts_with(':') || rest.starts_with('.')) {
            return Err(nom::Err::Error(ParseErr {
                input: rest,
                expected: Some("`,` or `:` between squares"),
            }));
        }
        Ok((
            rest,
            FenField::Side(colour, entries, &i[..i.len() - rest.len()]),
        ))
    };
    alt((side, map(fen_other_field, FenField::Other))).parse(i)
}

/// `Fen := FenTurn (":" FenField)* "."?` — the whole `FEN` tag value.
fn fen_value(i: &str) -> Res<'_, (FenColour, &str, Vec<FenField<'_>>)> {
    let (rest, _) = space0(i)?;
    let (rest, turn_text) = context("side to move W, B or ?", recognize(fen_turn)).parse(rest)?;
    let turn = fen_turn(turn_text)?.1;
    let mut fields = Vec::new();
    let mut rest = rest;
    while let Ok((r, _)) = preceded(space0::<&str, ParseErr>, char(':')).parse(rest) {
        let (r, _) = space0(r)?;
        let (r, field) = context("piece list", cut(fen_field)).parse(r)?;
        fields.push(field);
        rest = r;
    }
    let (rest, _) = context("end of value", cut((opt(char('.')), space0, eof))).parse(rest)?;
    Ok((rest, (turn, turn_text, fields)))
}

/// Parses a `FEN` value written at `span` of `src`.
pub(super) fn parse_fen(src: &str, span: Span) -> Result<Fen, SyntaxError> {
    let raw = &src[span.clone()];
    let tok = |(kind, text): (SquareKind, &str)| SquareToken {
        kind,
        span: span_in(src, text),
    };
    match fen_value(raw) {
        Ok((_, (turn, turn_text, fields))) => {
            let mut fen = Fen {
                turn,
                turn_span: span_in(src, turn_text),
                sides: Vec::new(),
                other_fields: Vec::new(),
                span,
            };
            for field in fields {
                match field {
                    FenField::Side(colour, entries, text) => fen.sides.push(FenSide {
                        colour,
                        entries: entries
                            .into_iter()
                            .map(|(king, from, to, text)| FenEntry {
                                king,
                                from: tok(from),
                                to: to.map(tok),
                                span: span_in(src, text),
                            })
                            .collect(),
                        span: span_in(src, text),
                    }),
                    FenField::Other(text) => {
                        fen.other_fields.push((text.to_owned(), span_in(src, text)))
                    }
                }
            }
            Ok(fen)
        }
        Err(e) => Err(value_error(src, raw, e, SyntaxErrorKind::BadFen)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_type_rule() {
        let s = "25,W,8,8,A0,0";
        let gt = parse_game_type(s, 0..s.len()).unwrap();
        assert_eq!(gt.type_number, 25);
        assert_eq!(gt.notation, Some(NotationKind::Alphanumeric));
        assert_eq!(gt.first_square, Some(FirstSquareCorner::BottomLeft));
        assert_eq!(gt.invert, Some(false));
        assert_eq!(parse_game_type("20", 0..2).unwrap().width, None);
        let s = "26, W, 8, 8, N2";
        assert_eq!(
            parse_game_type(s, 0..s.len()).unwrap().first_square,
            Some(FirstSquareCorner::TopLeft)
        );
        let s = "25,W,8,X";
        let e = parse_game_type(s, 0..s.len()).unwrap_err();
        assert_eq!(e.kind, SyntaxErrorKind::BadGameType("board height"));
        assert_eq!(e.span.start, 7);
    }

    #[test]
    fn fen_rule() {
        let s = "W:W21,22,K5:B1,2";
        let fen = parse_fen(s, 0..s.len()).unwrap();
        assert_eq!(fen.turn, FenColour::White);
        assert_eq!(fen.sides.len(), 2);
        assert!(fen.sides[0].entries[2].king);
        assert_eq!(fen.sides[0].entries[2].span, 9..11);
        assert_eq!(fen.sides[0].entries[2].from.span, 10..11);
        let s = "B:Wa1,c3,Kd4:Bh8.";
        let fen = parse_fen(s, 0..s.len()).unwrap();
        assert_eq!(
            fen.sides[0].entries[2].from.kind,
            SquareKind::Algebraic { file: 3, rank: 4 }
        );
        let s = "W:W31-50:B1-20";
        let fen = parse_fen(s, 0..s.len()).unwrap();
        assert_eq!(
            fen.sides[1].entries[0].to.as_ref().map(|t| t.kind),
            Some(SquareKind::Numeric(20))
        );
        let s = "?:W29:B22:H0:F1";
        let fen = parse_fen(s, 0..s.len()).unwrap();
        assert_eq!(fen.turn, FenColour::Unknown);
        assert_eq!(fen.other_fields.len(), 2);
        let s = "W:W:B";
        assert!(parse_fen(s, 0..s.len()).unwrap().sides[0]
            .entries
            .is_empty());
        let s = "X:W1";
        assert_eq!(
            parse_fen(s, 0..s.len()).unwrap_err().kind,
            SyntaxErrorKind::BadFen("side to move W, B or ?")
        );
    }
}
