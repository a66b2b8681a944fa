//! Writers: normalised PGN and the rulebook's scoresheet text (full or short notation,
//! Latin or Chinese piece names). Both replay the record to know each move's context
//! (disambiguation, pawn-capture files), so they accept only replayed records.

use super::fen::write_fen;
use super::position::{Move, Position};
use super::syntax::ResultToken;
use super::types::{Color, Role};
use super::ShatarMove;
use crate::diagram::Pieces;
use crate::record::{Line, Record};
use crate::wrap::LineWrapper;

/// Shatar rulebook notation: full (`Ng1—f3`) or short (`Nf3`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// From and to squares with a dash or colon (`Ng1—f3`).
    #[default]
    Full,
    /// SAN-like, with only the destination and what disambiguates it (`Nf3`).
    Short,
}

/// How the rulebook's scoresheet text is written ([`crate::WriteOptions::with`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextOptions {
    /// Full or short rulebook notation.
    pub notation: Notation,
    /// Latin or Chinese piece names.
    pub pieces: Pieces,
}

/// The Seven Tag Roster, in its required order, with the value written when absent.
const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Writes the record as PGN: Seven Tag Roster, `[Variant "Shatar"]`, the start position
/// if not the standard one, the other tags in their original order, then SAN movetext
/// with comments, NAGs and variations. `start` is the position the moves are played
/// from ([`super::start_position`]); [`super::write_pgn`] finds it itself. Lines are
/// broken before they pass `width` characters.
pub(super) fn write_pgn_from(
    record: &Record<ShatarMove>,
    start: &Position,
    width: usize,
) -> String {
    let mut out = String::new();
    for line in &record.escape_lines {
        out.push_str(line);
        out.push('\n');
    }
    let result = record.result.map_or("*", ResultToken::pgn);
    for (name, default) in SEVEN_TAG_ROSTER {
        let value = if name == "Result" {
            result
        } else {
            record.tags.get(name).unwrap_or(default)
        };
        push_tag(&mut out, name, value);
    }
    // Another game's Variant tag is kept as read; a record without one is called
    // Shatar only when its moves were replayed as Shatar.
    match record.tags.get("Variant") {
        Some(variant) => push_tag(&mut out, "Variant", variant),
        None if record.variant.is_none() && !record.moves.is_empty() => {
            push_tag(&mut out, "Variant", "Shatar")
        }
        None => {}
    }
    if record.start.is_some() {
        push_tag(&mut out, "SetUp", "1");
        push_tag(&mut out, "FEN", &write_fen(start));
    }
    // Each tag written above stands for its first occurrence; every other tag, a
    // repeated one too, follows in the record's order.
    let first_of = |name: &str| {
        record
            .tags
            .0
            .iter()
            .position(|(n, _)| n.eq_ignore_ascii_case(name))
    };
    let setup: &[&str] = if record.start.is_some() {
        &["SetUp", "FEN"]
    } else {
        &[]
    };
    let written: Vec<usize> = SEVEN_TAG_ROSTER
        .iter()
        .map(|(name, _)| *name)
        .chain(["Variant"])
        .chain(setup.iter().copied())
        .filter_map(first_of)
        .collect();
    for (i, (name, value)) in record.tags.0.iter().enumerate() {
        if !written.contains(&i) {
            push_tag(&mut out, name, value);
        }
    }
    out.push('\n');
    let mut tokens = Vec::new();
    let (leading, last) = comments_with_unreplayed(record);
    if let Some(comment) = &leading {
        tokens.push(pgn_comment(comment));
    }
    pgn_line(&record.moves, start, last.as_deref(), &mut tokens);
    tokens.push(result.to_string());
    wrap_tokens(&mut out, &tokens, width);
    out
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}

/// The record's leading comment and its last main-line move's comment, with the
/// unreplayed rest of the line (see [`Record::unreplayed`]) appended to the last of
/// them as `unreplayed: …`. Appended, not written as a comment of its own: a reader
/// joins adjacent comments, so a second conversion gives the same bytes.
fn comments_with_unreplayed(record: &Record<ShatarMove>) -> (Option<String>, Option<String>) {
    let last = record.moves.last().and_then(|node| node.comment.clone());
    let Some(rest) = &record.unreplayed else {
        return (record.comment.clone(), last);
    };
    let marked = format!("{} {rest}", crate::record::UNREPLAYED);
    let append = |comment: &Option<String>| match comment {
        Some(comment) => format!("{comment} {marked}"),
        None => marked.clone(),
    };
    if record.moves.is_empty() {
        (Some(append(&record.comment)), None)
    } else {
        (record.comment.clone(), Some(append(&last)))
    }
}

/// A comment on one line, its white space folded (line breaks would upset wrapping).
fn folded(comment: &str) -> String {
    comment.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A PGN comment: `{…}`, or, for one that holds a `}`, a rest-of-line comment `; …`,
/// which can hold any character (the wrapper ends the line after it).
fn pgn_comment(comment: &str) -> String {
    let comment = folded(comment);
    if comment.contains('}') {
        format!("; {comment}")
    } else {
        format!("{{{comment}}}")
    }
}

/// A scoresheet comment: `{…}`, or `（…）` for one that holds a `}`. One that holds both
/// has its `}` written as `)`: the scoresheet has no other comment form.
fn sheet_comment(comment: &str) -> String {
    let comment = folded(comment);
    match (comment.contains('}'), comment.contains('）')) {
        (false, _) => format!("{{{comment}}}"),
        (true, false) => format!("（{comment}）"),
        (true, true) => format!("{{{}}}", comment.replace('}', ")")),
    }
}

/// `last_comment` stands in for the comment of the main line's last move.
fn pgn_line(
    line: &Line<ShatarMove>,
    start: &Position,
    last_comment: Option<&str>,
    tokens: &mut Vec<String>,
) {
    enum Work<'a> {
        Line {
            line: &'a Line<ShatarMove>,
            position: Position,
            from: usize,
            number_next: bool,
        },
        Text(&'static str),
    }
    let main = line;
    let mut stack = vec![Work::Line {
        line,
        position: start.clone(),
        from: 0,
        number_next: true,
    }];
    while let Some(work) = stack.pop() {
        let (line, mut position, from, mut number_next) = match work {
            Work::Text(text) => {
                tokens.push(text.to_string());
                continue;
            }
            Work::Line {
                line,
                position,
                from,
                number_next,
            } => (line, position, from, number_next),
        };
        for (i, node) in line.iter().enumerate().skip(from) {
            let white = position.turn() == Color::White;
            if white {
                tokens.push(format!("{}.", position.fullmoves()));
            } else if number_next {
                tokens.push(format!("{}...", position.fullmoves()));
            }
            tokens.push(node.mv.san.clone());
            for nag in &node.nags {
                tokens.push(format!("${nag}"));
            }
            number_next = false;
            let is_last_of_main = std::ptr::eq(line, main) && i + 1 == line.len();
            let comment = if is_last_of_main {
                last_comment
            } else {
                node.comment.as_deref()
            };
            if let Some(comment) = comment {
                tokens.push(pgn_comment(comment));
                number_next = true;
            }
            if !node.variations.is_empty() {
                let mut after = position.clone();
                after.play(node.mv.mv);
                // Resume this line after the variations, then the variations in order.
                stack.push(Work::Line {
                    line,
                    position: after,
                    from: i + 1,
                    number_next: true,
                });
                for variation in node.variations.iter().rev() {
                    stack.push(Work::Text(")"));
                    stack.push(Work::Line {
                        line: variation,
                        position: position.clone(),
                        from: 0,
                        number_next: true,
                    });
                    stack.push(Work::Text("("));
                }
                break;
            }
            position.play(node.mv.mv);
        }
    }
    join_parentheses(tokens);
}

/// PGN writes `(` and `)` against their neighbours: `(1... e5)`.
fn join_parentheses(tokens: &mut Vec<String>) {
    let mut joined: Vec<String> = Vec::with_capacity(tokens.len());
    let mut open = false;
    for token in tokens.drain(..) {
        if token == "(" {
            joined.push(token);
            open = true;
        } else if token == ")" {
            match joined.last_mut() {
                Some(last) if last != "(" => last.push(')'),
                _ => joined.push(token),
            }
        } else if open {
            let mut merged = joined.pop().unwrap_or_default();
            merged.push_str(&token);
            joined.push(merged);
            open = false;
        } else {
            joined.push(token);
        }
    }
    *tokens = joined;
}

/// Appends `tokens` as lines of at most `width` characters where they can break; a
/// rest-of-line comment takes the rest of its line.
fn wrap_tokens(out: &mut String, tokens: &[String], width: usize) {
    let mut line = LineWrapper::new(out, width);
    for token in tokens {
        line.word(token);
        if token.starts_with(';') {
            line.end_line();
        }
    }
    line.end_line();
}

/// Writes the record in the rulebook's scoresheet form (§2.2): the players, the date
/// and place, the start position if not the standard one, the numbered move pairs
/// `(1)e2—e4,e7—e5;` and the result. Only the main line is written, with its comments
/// in braces as scoresheets add them: the rulebook's form has no variations. `start` is
/// the position the moves are played from; [`super::write_text`] finds it itself. Lines
/// are broken before they pass `width` characters.
pub(super) fn write_text_from(
    record: &Record<ShatarMove>,
    start: &Position,
    options: &TextOptions,
    width: usize,
) -> String {
    let mut out = text_headers(record).0;
    if record.start.is_some() {
        out.push_str(&position_listing(start, options.pieces));
        out.push('\n');
    }
    let mut position = start.clone();
    let mut tokens = Vec::new();
    let (leading, last) = comments_with_unreplayed(record);
    // The leading comment shares the first pair's token: alone on a line before the
    // moves, a reader would take it for the place.
    let mut pair = leading.map_or_else(String::new, |c| format!("{} ", sheet_comment(&c)));
    for (i, node) in record.moves.iter().enumerate() {
        let mut text = rulebook_move(
            &position,
            node.mv.mv,
            node.mv.check,
            node.mv.mate,
            options.notation,
            options.pieces,
        );
        if let Some(mark) = node.nags.iter().find_map(|nag| annotation_mark(*nag)) {
            text.push_str(mark);
        }
        let comment = if i + 1 == record.moves.len() {
            last.as_deref()
        } else {
            node.comment.as_deref()
        };
        if let Some(comment) = comment {
            text.push(' ');
            text.push_str(&sheet_comment(comment));
        }
        match position.turn() {
            Color::White => {
                pair.push_str(&format!("({}){text}", position.fullmoves()));
            }
            Color::Blue => {
                if pair.is_empty() || pair.ends_with(' ') {
                    pair.push_str(&format!("({})…,", position.fullmoves()));
                } else {
                    pair.push(',');
                }
                pair.push_str(&text);
                pair.push(';');
                tokens.push(std::mem::take(&mut pair));
            }
        }
        position.play(node.mv.mv);
    }
    if record.moves.is_empty() {
        // No moves: the leading comment shares the result's token, which a record of
        // neither moves nor result still needs to be read back.
        pair.push_str(record.result.map_or("*", ResultToken::pgn));
        tokens.push(pair);
    } else {
        if !pair.is_empty() {
            tokens.push(pair);
        }
        // A record whose replay stopped says it has no result: read back, its moves
        // could end in a mate that would seem to give one.
        match (&record.result, &record.unreplayed) {
            (Some(result), _) => tokens.push(result.to_string()),
            (None, Some(_)) => tokens.push("*".to_string()),
            (None, None) => {}
        }
    }
    wrap_tokens(&mut out, &tokens, width);
    out
}

/// The move-quality marks of the rulebook (`?` poor, `!` good) and their kin, from NAGs 1–6.
fn annotation_mark(nag: u16) -> Option<&'static str> {
    Some(match nag {
        1 => "!",
        2 => "?",
        3 => "!!",
        4 => "??",
        5 => "!?",
        6 => "?!",
        _ => return None,
    })
}

/// The header lines of the text form (players; date and place) and the tags whose
/// values were left out of them because they would not read back as themselves (a
/// name holding `蓝方：`, a place that reads as a date or a move): the text form has no
/// escapes, and a second conversion must give the same bytes.
pub(crate) fn text_headers(record: &Record<ShatarMove>) -> (String, Vec<&'static str>) {
    let wanted = |name: &str| record.tags.get(name).filter(|v| !v.is_empty() && *v != "?");
    let mut white = wanted("White");
    let mut blue = wanted("Black");
    let mut left_out = Vec::new();
    let mut date = wanted("Date");
    if date.is_some_and(|d| chinese_date(d).is_none()) {
        // `????.??.??` says nothing; anything else the rulebook's date cannot say is named.
        if date.is_some_and(|d| d.chars().any(|c| c != '?' && c != '.')) {
            left_out.push("Date");
        }
        date = None;
    }
    let mut site = wanted("Site");
    loop {
        let text = header_text(white, blue, date, site);
        let read = super::scoresheet::parse_scoresheets(&format!("{text}(1)e2—e4 *\n"));
        let tags = read
            .first()
            .map(|game| game.tags.as_slice())
            .unwrap_or_default();
        let read_as = |name: &str| tags.iter().find(|(n, _)| *n == name).map(|(_, v)| &**v);
        let mut fields = [
            ("White", &mut white),
            ("Black", &mut blue),
            ("Date", &mut date),
            ("Site", &mut site),
        ];
        // The first value that does not read back is left out, and the lines made again.
        let wrong = fields
            .iter_mut()
            .find(|(name, value)| value.is_some_and(|v| read_as(name) != Some(v)));
        match wrong {
            Some((name, value)) => {
                **value = None;
                left_out.push(*name);
            }
            None => return (text, left_out),
        }
    }
}

fn header_text(
    white: Option<&str>,
    blue: Option<&str>,
    date: Option<&str>,
    site: Option<&str>,
) -> String {
    let mut out = String::new();
    if white.is_some() || blue.is_some() {
        out.push_str(&format!(
            "白方：{} 蓝方：{}\n",
            white.unwrap_or("?"),
            blue.unwrap_or("?")
        ));
    }
    match (date.and_then(chinese_date), site) {
        (Some(date), Some(site)) => out.push_str(&format!("{date} {site}\n")),
        (Some(date), None) => out.push_str(&format!("{date}\n")),
        (None, Some(site)) => out.push_str(&format!("地点：{site}\n")),
        (None, None) => {}
    }
    out
}

/// `2007.05.01` → `2007年5月1日`, unknown parts as `x` (the rulebook's `2007年x月x日`).
fn chinese_date(date: &str) -> Option<String> {
    let mut parts = date.split('.');
    let year = parts.next()?;
    let month = parts.next().unwrap_or("??");
    let day = parts.next().unwrap_or("??");
    if year.chars().all(|c| c == '?') && month.chars().all(|c| c == '?') {
        return None;
    }
    let part = |text: &str| -> String {
        text.parse::<u32>()
            .map_or_else(|_| "x".to_string(), |n| n.to_string())
    };
    Some(format!("{}年{}月{}日", part(year), part(month), part(day)))
}

/// Piece name in the chosen script; the queen is the tiger for White, the lion for Blue.
pub(super) fn piece_name(role: Role, color: Color, pieces: Pieces) -> &'static str {
    match pieces {
        Pieces::Latin => match role {
            Role::Pawn => "P",
            Role::Knight => "N",
            Role::Bishop => "B",
            Role::Rook => "R",
            Role::Queen => "Q",
            Role::King => "K",
        },
        Pieces::Zh => match (role, color) {
            (Role::Pawn, _) => "夫",
            (Role::Knight, _) => "马",
            (Role::Bishop, _) => "驼",
            (Role::Rook, _) => "车",
            (Role::Queen, Color::White) => "虎",
            (Role::Queen, Color::Blue) => "狮",
            (Role::King, _) => "王",
        },
    }
}

/// The §2.2.3 listing: `白：王e1 虎d1 …` and `蓝：王e8 … 白先` (Latin: `White: Ke1 Qd1 …`
/// and `Blue: Ke8 …; White to move`), pieces in the order K, Q, R, N, B, P.
pub(super) fn position_listing(position: &Position, pieces: Pieces) -> String {
    let order = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Knight,
        Role::Bishop,
        Role::Pawn,
    ];
    let mut sides = Vec::new();
    for color in Color::ALL {
        let mut entries = Vec::new();
        for role in order {
            for square in super::attacks::squares(position.piece_bb(color, role)) {
                entries.push(format!("{}{square}", piece_name(role, color, pieces)));
            }
        }
        let label = match (pieces, color) {
            (Pieces::Zh, Color::White) => "白：",
            (Pieces::Zh, Color::Blue) => "蓝：",
            (Pieces::Latin, Color::White) => "White: ",
            (Pieces::Latin, Color::Blue) => "Blue: ",
        };
        sides.push(format!("{label}{}", entries.join(" ")));
    }
    // The side to move closes the listing, where the reader takes it (`白先`, `White to move`).
    let to_move = match (pieces, position.turn()) {
        (Pieces::Zh, Color::White) => " 白先",
        (Pieces::Zh, Color::Blue) => " 蓝先",
        (Pieces::Latin, Color::White) => "; White to move",
        (Pieces::Latin, Color::Blue) => "; Blue to move",
    };
    format!("{}\n{}{to_move}", sides[0], sides[1])
}

/// One move in rulebook notation, played from `position`.
pub(crate) fn rulebook_move(
    position: &Position,
    mv: Move,
    check: bool,
    mate: bool,
    notation: Notation,
    pieces: Pieces,
) -> String {
    let color = position.turn();
    let mut text = String::new();
    let capture_mark = match pieces {
        Pieces::Latin => ":",
        Pieces::Zh => "：",
    };
    match notation {
        Notation::Full => {
            if mv.role != Role::Pawn {
                text.push_str(piece_name(mv.role, color, pieces));
            }
            text.push_str(&mv.from.to_string());
            text.push_str(if mv.capture.is_some() {
                capture_mark
            } else {
                "—"
            });
            text.push_str(&mv.to.to_string());
        }
        Notation::Short => {
            if mv.role == Role::Pawn {
                if mv.capture.is_some() {
                    text.push(mv.from.file_char());
                    if pawn_capture_by_files_is_unique(position, mv) {
                        text.push(mv.to.file_char());
                    } else {
                        text.push_str(capture_mark);
                        text.push_str(&mv.to.to_string());
                    }
                } else {
                    text.push_str(&mv.to.to_string());
                }
            } else {
                text.push_str(piece_name(mv.role, color, pieces));
                text.push_str(&disambiguation(position, mv));
                text.push_str(&mv.to.to_string());
            }
        }
    }
    if let Some(promotion) = mv.promotion {
        match pieces {
            Pieces::Latin => {
                text.push('=');
                text.push(promotion.letter());
            }
            Pieces::Zh => {
                text.push('变');
                text.push_str(piece_name(promotion, color, Pieces::Zh));
            }
        }
    }
    if mate {
        text.push_str("+#");
    } else if check {
        text.push('+');
    }
    text
}

/// True when no other pawn capture goes from the same file to the same file.
fn pawn_capture_by_files_is_unique(position: &Position, mv: Move) -> bool {
    position
        .legal_moves()
        .iter()
        .filter(|m| {
            m.role == Role::Pawn
                && m.capture.is_some()
                && m.from.file() == mv.from.file()
                && m.to.file() == mv.to.file()
                && m.promotion == mv.promotion
        })
        .count()
        == 1
}

/// The file, rank or square of origin needed to tell `mv` apart from moves of other
/// pieces of the same kind to the same square (the rulebook's `Ndf3`, `R1d3`).
fn disambiguation(position: &Position, mv: Move) -> String {
    let rivals: Vec<Move> = position
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.role == mv.role && m.to == mv.to && m.from != mv.from)
        .collect();
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|m| m.from.file() != mv.from.file()) {
        mv.from.file_char().to_string()
    } else if rivals.iter().all(|m| m.from.rank() != mv.from.rank()) {
        mv.from.rank_char().to_string()
    } else {
        mv.from.to_string()
    }
}
