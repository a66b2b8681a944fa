//! Rulebook-style Shatar scoresheets (§2.2): headers, a date and place, an optional position
//! listing, then numbered moves in the full or short form.
//!
//! The reader works line by line. A game is: header lines (`白方：NAME 蓝方：NAME`, `White: …`,
//! `日期：…`, `地点：…`), a date line (`2007年x月x日 突泉县`: the rest of the line is the place),
//! free lines before the first move (the first is the place when none was given, the others become
//! the leading comment), position listing lines, then movetext lines. A new game starts at a
//! header, date or listing line after movetext, at movetext after a result, and after a blank
//! line that follows movetext. Comments (`{…}`, `（…）`, `(…)` that is no move number) do not span
//! lines. Grammar: `grammars/shatar.ebnf`; the header, date and listing lines are read by
//! `sheet_head.rs`.

use nom::Parser;

use super::grammar::{move_number, move_text, move_token, result_token};
use super::sheet_head::{date_line, header_line, offset_in, setup_line};
use super::syntax::{
    LineBuilder, MoveNumber, ParsedGame, ParsedMove, SetupListing, SourceFormat, SyntaxError,
    SyntaxErrorKind,
};
use crate::text::Span;

/// Reads every scoresheet in `src`; never fails, problems are recorded in the games.
pub(super) fn parse_scoresheets(src: &str) -> Vec<ParsedGame<'static>> {
    let mut games = Vec::new();
    let mut sheet = Sheet::new(0);
    let mut start = 0;
    for raw in crate::text::lines_inclusive(src) {
        let line_start = start;
        start += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let end = line_start + line.len();
        let body = line.trim();
        if body.is_empty() {
            if sheet.in_movetext {
                games.push(std::mem::replace(&mut sheet, Sheet::new(start)).finish());
            }
            continue;
        }
        let content = offset_in(src, body)..offset_in(src, body) + body.len();
        if let Some(listing) = setup_line(line, end) {
            sheet.begin_header(&mut games, content.start);
            sheet.add_setup(listing);
        } else if let Some(headers) = header_line(line, end) {
            sheet.begin_header(&mut games, content.start);
            for (name, value, date) in headers {
                sheet.add_tag(name, value);
                if date.is_some() {
                    sheet.game.date = date;
                }
            }
        } else if let Some((date, place)) = date_line(line, end) {
            sheet.begin_header(&mut games, content.start);
            sheet.game.date = Some(date);
            if let Some(place) = place {
                sheet.add_tag("Site", place);
            }
        } else if (!sheet.in_movetext || sheet.ended) && !starts_movetext(line.trim_start(), end) {
            sheet.begin_header(&mut games, content.start);
            if sheet.game.tag("Site").is_none() {
                sheet.add_tag("Site", body.to_owned());
            } else {
                sheet.lines.comment(body);
            }
        } else {
            movetext_line(&mut games, &mut sheet, line, end);
            continue;
        }
        sheet.touch(content);
    }
    if sheet.has_content {
        games.push(sheet.finish());
    }
    games
}

/// The game being read.
struct Sheet {
    game: ParsedGame<'static>,
    lines: LineBuilder,
    pending_number: Option<MoveNumber>,
    /// Movetext has begun, so a header starts the next game.
    in_movetext: bool,
    /// A result was read, so further movetext starts the next game.
    ended: bool,
    has_content: bool,
}

impl Sheet {
    fn new(start: usize) -> Sheet {
        Sheet {
            game: ParsedGame::new(SourceFormat::Scoresheet, start),
            lines: LineBuilder::new(),
            pending_number: None,
            in_movetext: false,
            ended: false,
            has_content: false,
        }
    }

    /// Extends the game's span over `span`.
    fn touch(&mut self, span: Span) {
        if !self.has_content {
            self.game.span = span;
            self.has_content = true;
        } else {
            self.game.span.end = self.game.span.end.max(span.end);
        }
    }

    /// A header-like line: it belongs to the next game if this one already has moves.
    fn begin_header(&mut self, games: &mut Vec<ParsedGame>, start: usize) {
        if self.in_movetext {
            games.push(std::mem::replace(self, Sheet::new(start)).finish());
        }
    }

    fn add_tag(&mut self, name: &'static str, value: String) {
        match self.game.tags.iter_mut().find(|(k, _)| *k == name) {
            Some(slot) => slot.1 = value.into(),
            None => self.game.tags.push((name, value.into())),
        }
    }

    fn add_setup(&mut self, (listing, errors): (SetupListing, Vec<SyntaxError>)) {
        self.game.syntax_errors.extend(errors);
        match &mut self.game.setup {
            Some(setup) => {
                setup.white.extend(listing.white);
                setup.blue.extend(listing.blue);
                setup.to_move = listing.to_move.or(setup.to_move);
                setup.span.end = listing.span.end;
            }
            None => self.game.setup = Some(listing),
        }
    }

    fn finish(mut self) -> ParsedGame<'static> {
        if let Some(date) = &self.game.date {
            let date = date.pgn();
            self.add_tag("Date", date);
        }
        self.lines.finish(&mut self.game);
        self.game
    }
}

/// Characters that end a move token on a scoresheet.
fn is_boundary(c: char) -> bool {
    c.is_whitespace() || ",，;；、。{}()（）".contains(c)
}

/// Skips spaces and the punctuation that separates plies and pairs.
fn skip_separators(i: &str) -> &str {
    i.trim_start_matches(|c: char| c.is_whitespace() || ",，;；、。".contains(c))
}

/// Whether a line (trimmed at the start) opens with a move number, a result or a move.
fn starts_movetext(i: &str, end: usize) -> bool {
    // A comment that opens the movetext (`{…} (1)e2—e4`, `（…） *`) is looked past.
    let mut i = i;
    loop {
        let (comment, close) = if let Some(comment) = i.strip_prefix('{') {
            (comment, "}")
        } else if let Some(comment) = i.strip_prefix('（') {
            (comment, "）")
        } else {
            break;
        };
        match comment.find(close) {
            Some(at) => i = comment[at + close.len()..].trim_start(),
            None => return false,
        }
    }
    if move_number(end).parse(i).is_ok() || result_token(i).is_ok() {
        return true;
    }
    match move_text(end).parse(i) {
        Ok((rest, _)) => {
            rest.chars().next().is_none_or(is_boundary) || move_text(end).parse(rest).is_ok()
        }
        Err(_) => false,
    }
}

/// Reads the moves, numbers, results and comments of one line into the current game.
fn movetext_line(games: &mut Vec<ParsedGame>, sheet: &mut Sheet, line: &str, end: usize) {
    let mut i = skip_separators(line);
    while !i.is_empty() {
        let at = end - i.len();
        if sheet.ended {
            games.push(std::mem::replace(sheet, Sheet::new(at)).finish());
        }
        sheet.in_movetext = true;
        let rest = if let Ok((rest, result)) = result_token(i) {
            sheet.game.result = Some((result, at..end - rest.len()));
            sheet.ended = true;
            rest
        } else if let Ok((rest, number)) = move_number(end).parse(i) {
            sheet.pending_number = Some(number);
            rest
        } else if let Some(rest) = comment(sheet, i, end) {
            rest
        } else {
            let (rest, parsed) = move_token(i, end, is_boundary);
            sheet.lines.push_move(ParsedMove::new(
                sheet.pending_number.take(),
                at..end - rest.len(),
                parsed,
            ));
            rest
        };
        sheet.touch(at..end - rest.len());
        i = skip_separators(rest);
    }
}

/// A comment `{…}`, `（…）` or `(…)`; returns the rest of the line, or `None` if there is none.
/// An unclosed comment runs to the end of the line and is reported.
fn comment<'a>(sheet: &mut Sheet, i: &'a str, end: usize) -> Option<&'a str> {
    let close = match i.chars().next()? {
        '{' => '}',
        '(' => ')',
        '（' => '）',
        _ => return None,
    };
    let open_len = i.chars().next().map_or(1, char::len_utf8);
    let body = &i[open_len..];
    match body.find(close) {
        Some(n) => {
            sheet.lines.comment(&body[..n]);
            Some(&body[n + close.len_utf8()..])
        }
        None => {
            sheet.lines.comment(body);
            let start = end - i.len();
            sheet.game.syntax_errors.push(SyntaxError {
                kind: SyntaxErrorKind::UnterminatedComment,
                span: start..end,
            });
            Some("")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shatar::notation::{CaptureMark, Target};
    use crate::shatar::syntax::ResultToken;
    use crate::shatar::types::{Color, Role, Square};

    const FULL: &str = include_str!("../../samples/shatar/rulebook-full.txt");
    const SHORT: &str = include_str!("../../samples/shatar/rulebook-short.txt");

    fn one(src: &str) -> ParsedGame<'_> {
        let mut games = parse_scoresheets(src);
        assert_eq!(games.len(), 1, "{games:#?}");
        games.remove(0)
    }

    fn texts<'a>(src: &'a str, game: &ParsedGame) -> Vec<&'a str> {
        game.moves.iter().map(|m| &src[m.span.clone()]).collect()
    }

    #[test]
    fn rulebook_full_form() {
        let game = one(FULL);
        assert_eq!(
            texts(FULL, &game),
            [
                "e2—e4",
                "e7—e5",
                "Ng1—f3",
                "d7—d6",
                "Bf1—c4",
                "Bc8—g4",
                "Nb1—c3",
                "g7—g6?",
                "Nf3:e5",
                "Bg4:d1?",
                "Bc4:f7+",
                "Kd8—d7",
                "Nc3—d5+#"
            ]
        );
        assert!(game.moves.iter().all(|m| m.parsed.is_ok()));
        assert!(game.syntax_errors.is_empty());
        assert_eq!(game.tag("White"), Some("xxx"));
        assert_eq!(game.tag("Black"), Some("xxx"));
        assert_eq!(game.tag("Date"), Some("2007.??.??"));
        assert_eq!(game.tag("Site"), Some("突泉县"));
        let date = game.date.clone().unwrap();
        assert_eq!((date.year, date.month, date.day), (Some(2007), None, None));
        assert_eq!(&FULL[date.span], "2007年x月x日");
        let numbers: Vec<_> = game
            .moves
            .iter()
            .map(|m| m.number.as_ref().map(|n| n.value))
            .collect();
        assert_eq!(numbers[..4], [Some(1), None, Some(2), None]);
        assert_eq!(numbers[8..10], [Some(5), None]);
        assert_eq!(game.span, 0..FULL.trim_end().len());
        assert_eq!(game.result, None);
    }

    #[test]
    fn rulebook_short_form() {
        let game = one(SHORT);
        assert_eq!(
            texts(SHORT, &game),
            [
                "e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Ne5", "Bd1", "Bf7", "Kd7",
                "Nd5+#"
            ]
        );
        assert!(game.moves.iter().all(|m| m.parsed.is_ok()));
        // The closing `。` is punctuation, not part of the game.
        assert_eq!(game.span.end, SHORT.trim_end().len() - "。".len());
    }

    #[test]
    fn glued_moves_are_split_with_cjk_spans() {
        let src = "白方：张三 蓝方：李四\n（5）马f3：e5驼g4：d1？；\n";
        let game = one(src);
        assert_eq!(texts(src, &game), ["马f3：e5", "驼g4：d1？"]);
        let first = game.moves[0].parsed.as_ref().unwrap();
        assert_eq!(first.capture_mark(), Some(CaptureMark::FullwidthColon));
        assert_eq!(&src[first.piece.as_ref().unwrap().span.clone()], "马");
        assert_eq!(
            game.moves[0].number.as_ref().map(|n| &src[n.span.clone()]),
            Some("（5）")
        );
        assert_eq!(
            (game.tag("White"), game.tag("Black")),
            (Some("张三"), Some("李四"))
        );
    }

    #[test]
    fn latin_headers_numbers_and_results() {
        let src = "White: Bat Erdene  Blue: Dorj\nDate: 2019.07.??\nPlace: Ulaanbaatar\n1. d4 d5 2. Nf3 Nf6 3... e6 1/2-1/2\n";
        let game = one(src);
        assert_eq!(game.tag("White"), Some("Bat Erdene"));
        assert_eq!(game.tag("Black"), Some("Dorj"));
        assert_eq!(game.tag("Date"), Some("2019.07.??"));
        assert_eq!(game.tag("Site"), Some("Ulaanbaatar"));
        assert_eq!(texts(src, &game), ["d4", "d5", "Nf3", "Nf6", "e6"]);
        assert!(game.moves[4].number.as_ref().is_some_and(|n| n.ellipsis));
        let (result, span) = game.result.clone().unwrap();
        assert_eq!((result, &src[span]), (ResultToken::Draw, "1/2-1/2"));
    }

    #[test]
    fn chinese_results_and_separators() {
        for (text, expected) in [
            ("白胜", ResultToken::WhiteWins),
            ("蓝胜", ResultToken::BlueWins),
            ("和棋", ResultToken::Draw),
            ("½-½", ResultToken::Draw),
            ("*", ResultToken::Unknown),
        ] {
            let src = format!("(1)e2—e4，e7—e5；(2)马g1—f3， 马b8—c6； {text}。\n");
            let game = one(&src);
            assert_eq!(game.moves.len(), 4, "{src}");
            assert_eq!(game.result.map(|r| r.0), Some(expected), "{src}");
        }
    }

    #[test]
    fn several_games_in_one_file() {
        let two = format!("{FULL}\n{SHORT}");
        let games = parse_scoresheets(&two);
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].moves.len(), 13);
        assert_eq!(games[1].span.start, FULL.len() + 1);
        let no_blank =
            "白方：甲 蓝方：乙\n(1)d4,d5 1-0\n白方：丙 蓝方：丁\n(1)e4,e5 0-1\n(1)d4,d5 *\n";
        let games = parse_scoresheets(no_blank);
        assert_eq!(games.len(), 3);
        assert_eq!(games[1].tag("White"), Some("丙"));
        assert_eq!(games[2].tags, []);
    }

    #[test]
    fn unparsable_tokens_resynchronise() {
        let src = "(1)e2—e4,e7—e5; (2)Zz9 ,d7—d6; (3)Ng1—q3 Nb8—c6 (4)e4z d5\n";
        let game = one(src);
        let kinds: Vec<_> = game
            .moves
            .iter()
            .map(|m| m.parsed.as_ref().err().map(|e| e.kind))
            .collect();
        assert_eq!(
            kinds,
            [
                None,
                None,
                Some(SyntaxErrorKind::ExpectedMove),
                None,
                Some(SyntaxErrorKind::ExpectedDestination),
                None,
                Some(SyntaxErrorKind::TrailingCharacters),
                None
            ]
        );
        assert_eq!(texts(src, &game)[2], "Zz9");
        assert_eq!(texts(src, &game)[4], "Ng1—q3");
        assert_eq!(texts(src, &game)[6], "e4z");
        let bad = game.moves[6].parsed.clone().unwrap_err();
        assert_eq!(&src[bad.span], "z");
    }

    #[test]
    fn comments_and_castling() {
        let src = "(1)e4,e5 {opening} (2)O-O（castling is illegal）,Nc6\n(3)Bc4 {unclosed\n";
        let game = one(src);
        assert_eq!(game.attachments.comment(&game.moves[1]), Some("opening"));
        assert!(game.moves[2]
            .parsed
            .as_ref()
            .is_ok_and(|m| m.castling().is_some()));
        assert_eq!(
            game.attachments.comment(&game.moves[2]),
            Some("castling is illegal")
        );
        assert_eq!(
            game.syntax_errors
                .iter()
                .map(|e| e.kind)
                .collect::<Vec<_>>(),
            [SyntaxErrorKind::UnterminatedComment]
        );
    }

    #[test]
    fn position_listings() {
        let src = "白：王e1 虎d1 车a1,h1 夫e2 f2 g2  蓝：王e8 狮d8 夫e7、f7\n(1)... Qd1—d7\n";
        let game = one(src);
        let setup = game.setup.clone().unwrap();
        assert_eq!(setup.white.len(), 4);
        assert_eq!(setup.white[2].squares.len(), 2);
        assert_eq!(
            setup.white[3]
                .squares
                .iter()
                .map(|(s, _)| s.to_string())
                .collect::<Vec<_>>(),
            ["e2", "f2", "g2"]
        );
        assert_eq!(setup.blue.len(), 3);
        assert_eq!(setup.blue[2].squares.len(), 2);
        assert_eq!(&src[setup.white[1].span.clone()], "虎d1");
        assert_eq!(setup.white[1].piece.role, Role::Queen);
        assert_eq!(game.moves.len(), 1);

        let latin =
            "White: Bat\nWhite: Ke1 Qd1 Ra1; Blue: Ke8 Pe7 ; White to move\nBlack: Pa7 xyz\n";
        let game = one(latin);
        assert_eq!(game.tag("White"), Some("Bat"));
        let setup = game.setup.clone().unwrap();
        assert_eq!(
            (setup.white.len(), setup.blue.len(), setup.to_move),
            (3, 3, Some(Color::White))
        );
        assert_eq!(setup.blue[2].squares[0].0, Square::new(0, 6));
        let errors: Vec<_> = game
            .syntax_errors
            .iter()
            .map(|e| &latin[e.span.clone()])
            .collect();
        assert_eq!(errors, ["xyz"]);
    }

    #[test]
    fn pawn_capture_file_to_file_and_promotion() {
        let src = "(10)cd, h：g5 (11)a8变虎 a1—Q (12) b8(N)+\n";
        let game = one(src);
        let mv = game.moves[0].parsed.as_ref().unwrap();
        assert_eq!(mv.to, Target::File(3));
        assert_eq!(game.moves.len(), 5);
        assert!(game.moves.iter().all(|m| m.parsed.is_ok()));
    }

    #[test]
    fn date_forms() {
        let game = one("白方:甲 蓝方:乙\n2007年5月1日\n(1)d4,d5\n");
        let date = game.date.clone().unwrap();
        assert_eq!(
            (date.year, date.month, date.day),
            (Some(2007), Some(5), Some(1))
        );
        assert_eq!(game.tag("Date"), Some("2007.05.01"));
        assert_eq!(game.tag("Site"), None);
        let game = one("比赛：全区锦标赛 轮次：3\n日期：2010年X月?日\n地点：呼和浩特\n(1)d4,d5\n");
        assert_eq!(game.tag("Date"), Some("2010.??.??"));
        assert_eq!(game.tag("Event"), Some("全区锦标赛"));
        assert_eq!(game.tag("Round"), Some("3"));
        assert_eq!(game.tag("Site"), Some("呼和浩特"));
    }

    /// Every scoresheet sample, decoded as the file reader would, and its plies per game.
    #[test]
    fn samples() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/shatar/");
        let cases: [(&str, &encoding_rs::Encoding, &[usize]); 18] = [
            ("rulebook-full.txt", encoding_rs::UTF_8, &[13]),
            ("rulebook-short.txt", encoding_rs::UTF_8, &[13]),
            ("rulebook-corrected.txt", encoding_rs::UTF_8, &[13]),
            ("zh-full.txt", encoding_rs::UTF_8, &[30, 32]),
            ("zh-short.txt", encoding_rs::UTF_8, &[26]),
            ("latin-full.txt", encoding_rs::UTF_8, &[32]),
            ("latin-short.txt", encoding_rs::UTF_8, &[30]),
            ("gb18030.txt", encoding_rs::GB18030, &[13]),
            ("big5.txt", encoding_rs::BIG5, &[26]),
            ("setup-promotion-mate.txt", encoding_rs::UTF_8, &[1]),
            ("error-illegal-move.txt", encoding_rs::UTF_8, &[8]),
            ("error-ambiguous.txt", encoding_rs::UTF_8, &[8]),
            ("error-castling.txt", encoding_rs::UTF_8, &[8]),
            ("error-promotion-king.txt", encoding_rs::UTF_8, &[1]),
            ("error-check-mark.txt", encoding_rs::UTF_8, &[10]),
            ("error-result.txt", encoding_rs::UTF_8, &[7]),
            ("error-double-step.txt", encoding_rs::UTF_8, &[6]),
            ("error-bad-first-move.txt", encoding_rs::UTF_8, &[4]),
        ];
        for (name, encoding, plies) in cases {
            let bytes =
                std::fs::read(format!("{dir}{name}")).unwrap_or_else(|e| panic!("{name}: {e}"));
            let (text, _, malformed) = encoding.decode(&bytes);
            assert!(!malformed, "{name}");
            let games = parse_scoresheets(&text);
            assert_eq!(
                games.iter().map(|g| g.moves.len()).collect::<Vec<_>>(),
                plies,
                "{name}"
            );
            for game in &games {
                assert!(
                    game.syntax_errors.is_empty(),
                    "{name}: {:?}",
                    game.syntax_errors
                );
                assert!(
                    game.moves.iter().all(|m| m.parsed.is_ok()),
                    "{name}: {:#?}",
                    game.moves
                );
                assert!(game.tag("White").is_some(), "{name}");
            }
        }
        let big5 = std::fs::read(format!("{dir}big5.txt")).unwrap_or_default();
        let game = &parse_scoresheets(&encoding_rs::BIG5.decode(&big5).0)[0];
        assert_eq!(game.tag("Black"), Some("孟和"));
        let promo = game
            .moves
            .iter()
            .find_map(|m| m.parsed.as_ref().ok()?.piece.clone())
            .map(|p| p.script);
        assert_eq!(
            promo,
            Some(crate::shatar::notation::PieceScript::ChineseTraditional)
        );
    }
}
