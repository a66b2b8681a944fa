//! The Go archive formats SGF readers miss — Tygem GIB, WBaduk/Cyberoro NGF, Pandanet UGF
//! and UGI — read as records of their own.
//!
//! Each reader (`gib.rs`, `ngf.rs`, `ugf.rs`) turns its text into an [`Imported`] game
//! that keeps the byte span of every field and move. The game is written as SGF and
//! replayed by the SGF validator like any SGF record; the diagnostics and the kept
//! record's moves are then moved back onto the archive's own text, so they point at the
//! line that holds the move or the field.

use super::archive_issue::ArchiveIssue;
use super::board::{Board, Color, Point};
use super::scoring::{parse_result, GameResult};
use super::{gib, ngf, ugf, GoRecord};
use crate::diag::{Diagnostic, Kind};
use crate::family::ReadOptions;
use crate::record::Line;
use crate::text::Span;
use crate::RecordReport;

/// The archive formats qipu reads besides SGF.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArchiveFormat {
    /// Tygem's `.gib`.
    Gib,
    /// WBaduk's and Cyberoro's `.ngf`.
    Ngf,
    /// Pandanet's `.ugf`, and `.ugi` (the same sections plus reviews).
    Ugf,
}

impl ArchiveFormat {
    /// The format's name as users know it.
    pub fn name(self) -> &'static str {
        match self {
            ArchiveFormat::Gib => "GIB",
            ArchiveFormat::Ngf => "NGF",
            ArchiveFormat::Ugf => "UGF",
        }
    }

    /// The names of the files the format is written in: UGF's reviews are UGI.
    pub fn names(self) -> &'static str {
        match self {
            ArchiveFormat::Ugf => "UGF or UGI",
            other => other.name(),
        }
    }

    /// The format a file's extension names (`gib`, `ngf`, `ugf`, `ugi`, any case).
    pub(super) fn of_extension(extension: &str) -> Option<ArchiveFormat> {
        match extension.to_ascii_lowercase().as_str() {
            "gib" => Some(ArchiveFormat::Gib),
            "ngf" => Some(ArchiveFormat::Ngf),
            "ugf" | "ugi" => Some(ArchiveFormat::Ugf),
            _ => None,
        }
    }
}

/// The archive format of a text, from its opening; `None` for anything else (SGF).
pub(super) fn format_of(text: &str) -> Option<ArchiveFormat> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // SGF, nearly always: no archive format opens with a game tree `(;`, and its lines
    // need not be looked at (a whole collection may be one line).
    let opens_tree = text
        .trim_start()
        .strip_prefix('(')
        .is_some_and(|rest| rest.trim_start().starts_with(';'));
    if opens_tree {
        return None;
    }
    let first = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))?;
    if first == "\\HS" || first.starts_with("\\[") {
        Some(ArchiveFormat::Gib)
    } else if first.starts_with("[Header]") {
        Some(ArchiveFormat::Ugf)
    } else if ngf::looks_like(text) {
        Some(ArchiveFormat::Ngf)
    } else {
        None
    }
}

/// Whether raw bytes (the first kilobytes of a file) open like an archive format: its
/// signs are ASCII, so they can be seen before decoding.
pub(super) fn recognises_bytes(head: &[u8]) -> bool {
    let end = head.len().min(4096);
    let ascii_prefix = head[..end]
        .iter()
        .position(|b| !b.is_ascii())
        .unwrap_or(end);
    // Only the opening lines matter; cut before the first non-ASCII byte so the prefix is
    // text whatever the encoding.
    std::str::from_utf8(&head[..ascii_prefix])
        .ok()
        .and_then(|text| {
            let first = text.lines().map(str::trim).find(|l| !l.is_empty())?;
            (first == "\\HS" || first.starts_with("\\[") || first.starts_with("[Header]"))
                .then_some(())
        })
        .is_some()
}

/// A game-info field of the archive, as the SGF property that holds it.
#[derive(Clone, Debug)]
pub(super) struct Field {
    /// The SGF property (`PB`, `DT`, …).
    pub ident: &'static str,
    /// Its value, unescaped.
    pub value: String,
    /// Where the archive says it.
    pub span: Span,
}

/// A stone placed before the first move.
#[derive(Clone, Debug)]
pub(super) struct Stone {
    /// Its colour.
    pub color: Color,
    /// Its point.
    pub point: Point,
    /// Where the archive places it (the line of the stone, or of the handicap).
    pub span: Span,
}

/// A move of the archive.
#[derive(Clone, Debug)]
pub(super) struct ImportedMove {
    /// Who moved.
    pub color: Color,
    /// `None` for a pass.
    pub point: Option<Point>,
    /// The move's line.
    pub span: Span,
    /// The comment on the move.
    pub comment: Option<String>,
    /// Labels shown with the move (UGI `.#`).
    pub labels: Vec<(Point, String)>,
}

impl ImportedMove {
    /// A move without comment or labels.
    pub fn new(color: Color, point: Option<Point>, span: Span) -> ImportedMove {
        ImportedMove {
            color,
            point,
            span,
            comment: None,
            labels: Vec::new(),
        }
    }
}

/// A side line: moves that replace those of the line it branches from, from the line's
/// move `after + 1` on.
#[derive(Clone, Debug)]
pub(super) struct Variation {
    /// The line it branches from: `None` the main line, else the index of another
    /// variation of the game (one listed before it).
    pub of: Option<usize>,
    /// Moves of that line played before it.
    pub after: usize,
    /// Its moves.
    pub moves: Vec<ImportedMove>,
}

/// What writing the game's lines does next.
enum Step<'g> {
    Open,
    Close,
    Node(&'g ImportedMove),
    /// A line: `None` the main line, else the variation of that index.
    Line(Option<usize>),
}

/// A game read from an archive format: what the SGF it becomes holds, with the span of
/// everything in the archive's text.
#[derive(Clone, Debug)]
pub(super) struct Imported {
    /// The format it was read from.
    pub format: ArchiveFormat,
    /// The board's side.
    pub size: u8,
    /// Game-info fields in the order they are written as SGF.
    pub info: Vec<Field>,
    /// Stones on the board before the first move.
    pub setup: Vec<Stone>,
    /// The comment on the whole game (before the first move).
    pub comment: Option<String>,
    /// The main line.
    pub moves: Vec<ImportedMove>,
    /// Side lines (UGI figures).
    pub variations: Vec<Variation>,
    /// What reading found, each at its span.
    pub issues: Vec<(ArchiveIssue, Span)>,
    /// Names of the archive's fields that no SGF property holds.
    pub unread: Vec<String>,
    /// Where the first of them stands.
    pub unread_at: Option<Span>,
    /// Where diagnostics of what the archive does not say point (its header).
    pub header: Span,
}

impl Imported {
    /// An empty game of `format` on a 19×19 board.
    pub fn new(format: ArchiveFormat, header: Span) -> Imported {
        Imported {
            format,
            size: 19,
            info: Vec::new(),
            setup: Vec::new(),
            comment: None,
            moves: Vec::new(),
            variations: Vec::new(),
            issues: Vec::new(),
            unread: Vec::new(),
            unread_at: None,
            header,
        }
    }

    /// Adds a game-info field, unless one of that property is there already (the first
    /// of two sources a format has for it wins).
    pub fn field(&mut self, ident: &'static str, value: impl Into<String>, span: Span) {
        let value = value.into();
        if !value.trim().is_empty() && !self.info.iter().any(|f| f.ident == ident) {
            self.info.push(Field {
                ident,
                value: value.trim().to_string(),
                span,
            });
        }
    }

    /// Notes that the field `name` at `span` is held by no SGF property.
    pub fn not_read(&mut self, name: impl Into<String>, span: Span) {
        let name = name.into();
        if !self.unread.contains(&name) {
            self.unread.push(name);
            self.unread_at.get_or_insert(span);
        }
    }

    /// Reports `issue` at `span`.
    pub fn report(&mut self, issue: ArchiveIssue, span: Span) {
        self.issues.push((issue, span));
    }

    /// Places the handicap stones as the site does (the file names only their number),
    /// and says so in a note.
    pub fn place_handicap(&mut self, stones: u32, span: Span) {
        let points = handicap_points(self.size, stones);
        if points.is_empty() {
            return;
        }
        self.report(
            ArchiveIssue::HandicapPlaced {
                format: self.format,
                stones,
                points: points
                    .iter()
                    .map(|p| p.on_board(self.size, self.size))
                    .collect(),
            },
            span.clone(),
        );
        self.setup.extend(points.into_iter().map(|point| Stone {
            color: Color::Black,
            point,
            span: span.clone(),
        }));
    }
}

/// The handicap points Tygem, WBaduk and Cyberoro use: the four corner star points in the
/// order lower left, upper right, upper left, lower right (the third stone goes to the
/// upper left, not the lower right as in Japan), then the sides and the centre. None for
/// boards under 7 lines or fewer than two stones.
pub(super) fn handicap_points(size: u8, stones: u32) -> Vec<Point> {
    if size < 7 || stones < 2 {
        return Vec::new();
    }
    let near = if size >= 13 { 3 } else { 2 };
    let far = size - 1 - near;
    let middle = (size - 1) / 2;
    let mut points = vec![
        Point::new(near, far),
        Point::new(far, near),
        Point::new(near, near),
        Point::new(far, far),
    ];
    if size % 2 == 1 && size != 7 {
        if stones == 5 || stones == 7 || stones >= 9 {
            points.push(Point::new(middle, middle));
        }
        points.extend([
            Point::new(near, middle),
            Point::new(far, middle),
            Point::new(middle, near),
            Point::new(middle, far),
        ]);
    }
    points.truncate(stones as usize);
    points
}

/// A result written in words (`흑 불계승`, `黑中盘胜`, `白5.5目勝ち`, `Black wins by
/// resignation`, `white 3.5 win`), read as `parse_result` reads CJK results once Korean
/// and English words are put in their Chinese form.
pub(super) fn result_from_words(text: &str) -> Option<GameResult> {
    let mut text = text.trim().to_lowercase();
    // Scores after `>>` (`>> White(50):Black(63)`) are the count, not the result.
    if let Some(at) = text.find(">>") {
        text.truncate(at);
    }
    const WORDS: [(&str, &str); 24] = [
        ("black", "黑"),
        ("white", "白"),
        ("흑", "黑"),
        ("백", "白"),
        ("불계", "中盘"),
        ("시간", "时间"),
        ("반집", "0.5目"),
        ("집반", ".5目"),
        ("집", "目"),
        ("승", ""),
        ("wins", ""),
        ("win", ""),
        ("by", ""),
        ("points", "目"),
        ("point", "目"),
        ("resignation", "中盘"),
        ("resign", "中盘"),
        ("on time", "时间"),
        ("time", "时间"),
        ("!", ""),
        ("！", ""),
        ("완", ""),
        ("目半", ".5目"),
        ("半目", "0.5目"),
    ];
    for (word, chinese) in WORDS {
        text = text.replace(word, chinese);
    }
    // `197手完、黒中押し勝ち`: the move count before the result.
    if let Some(at) = text.find('、') {
        text = text[at + '、'.len_utf8()..].to_string();
    }
    let loses = ["loses", "lose", "los"].iter().find(|w| text.contains(*w));
    if let Some(word) = loses {
        text = text.replace(word, "");
    }
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    // A number before the 目 that follows it: `黑3.5目` is read by parse_result as is.
    let result = parse_result(&compact).ok()?;
    Some(match (result, loses) {
        (GameResult::Win { winner, by }, Some(_)) => GameResult::Win {
            winner: winner.opponent(),
            by,
        },
        (result, _) => result,
    })
}

/// The lines of `text` with their spans (line ends not included).
pub(super) fn lines(text: &str) -> impl Iterator<Item = (Span, &str)> + '_ {
    let mut at = 0;
    text.split_inclusive('\n').map(move |line| {
        let start = at;
        at += line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        (start..start + body.len(), body)
    })
}

/// The span of `part`, a slice of `line`, which starts at `line_start` in the text.
pub(super) fn span_in(line_start: usize, line: &str, part: &str) -> Span {
    let offset = part.as_ptr() as usize - line.as_ptr() as usize;
    line_start + offset..line_start + offset + part.len()
}

/// An SGF text being built, with where each of its properties came from.
struct SgfText {
    text: String,
    /// Start and end in `text` of each property value, and the span in the archive.
    map: Vec<(usize, usize, Span)>,
}

impl SgfText {
    fn property(&mut self, ident: &str, values: &[(String, Span)]) {
        // The identifier belongs to the first value.
        let mut start = self.text.len();
        self.text.push_str(ident);
        for (value, span) in values {
            self.text.push('[');
            for c in value.chars() {
                if c == ']' || c == '\\' {
                    self.text.push('\\');
                }
                self.text.push(c);
            }
            self.text.push(']');
            self.map.push((start, self.text.len(), span.clone()));
            start = self.text.len();
        }
    }

    fn node(&mut self, node: &ImportedMove) {
        // The whole node belongs to the move; its values lie inside.
        let start = self.text.len();
        let entry = self.map.len();
        self.text.push(';');
        self.map.push((start, start + 1, node.span.clone()));
        let point = node.point.map(|p| p.to_string()).unwrap_or_default();
        self.property(
            &node.color.letter().to_string(),
            &[(point, node.span.clone())],
        );
        if !node.labels.is_empty() {
            let labels: Vec<(String, Span)> = node
                .labels
                .iter()
                .map(|(point, label)| (format!("{point}:{label}"), node.span.clone()))
                .collect();
            self.property("LB", &labels);
        }
        if let Some(comment) = &node.comment {
            self.property("C", &[(comment.clone(), node.span.clone())]);
        }
        self.map[entry].1 = self.text.len();
    }

    /// The archive span of the SGF text at `at`, if a property of the archive stands there:
    /// the innermost entry (the last to start) that covers it.
    fn origin(&self, at: usize) -> Option<Span> {
        let index = self.map.partition_point(|(start, ..)| *start <= at);
        self.map[..index]
            .iter()
            .rev()
            .take(2)
            .find(|(_, end, _)| at < *end)
            .map(|(.., span)| span.clone())
    }
}

/// The SGF game of `game`: the root with its game info and setup, the main line, and
/// each variation as a sibling of the main-line move it replaces.
fn to_sgf(game: &Imported) -> SgfText {
    let mut sgf = SgfText {
        text: String::from("(;GM[1]FF[4]"),
        map: Vec::new(),
    };
    sgf.property("SZ", &[(game.size.to_string(), game.header.clone())]);
    for field in &game.info {
        sgf.property(field.ident, &[(field.value.clone(), field.span.clone())]);
    }
    for color in [Color::Black, Color::White] {
        let stones: Vec<(String, Span)> = game
            .setup
            .iter()
            .filter(|s| s.color == color)
            .map(|s| (s.point.to_string(), s.span.clone()))
            .collect();
        if !stones.is_empty() {
            sgf.property(if color == Color::Black { "AB" } else { "AW" }, &stones);
        }
    }
    if let Some(comment) = &game.comment {
        sgf.property("C", &[(comment.clone(), game.header.clone())]);
    }
    write_lines(&mut sgf, game);
    sgf.text.push_str(")\n");
    sgf
}

/// Writes the main line and every variation, each variation as a sibling of the move of
/// its line it replaces, from an explicit stack (variations nest as deep as the file).
fn write_lines(sgf: &mut SgfText, game: &Imported) {
    // The variations branching from each line: the main line first, then each variation.
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); game.variations.len() + 1];
    for (index, variation) in game.variations.iter().enumerate() {
        if let Some(of) = children.get_mut(variation.of.map_or(0, |of| of + 1)) {
            of.push(index);
        }
    }
    let mut stack = vec![Step::Line(None)];
    while let Some(step) = stack.pop() {
        let line = match step {
            Step::Open => {
                sgf.text.push('(');
                continue;
            }
            Step::Close => {
                sgf.text.push(')');
                continue;
            }
            Step::Node(node) => {
                sgf.node(node);
                continue;
            }
            Step::Line(line) => line,
        };
        let moves = line.map_or(&game.moves[..], |i| &game.variations[i].moves[..]);
        let kids = &children[line.map_or(0, |i| i + 1)];
        let after = |kid: &usize| game.variations[*kid].after;
        // Branch points in the line's order; each opens a `(` closed after the line.
        let mut branches: Vec<usize> = kids
            .iter()
            .map(after)
            .filter(|&a| a < moves.len())
            .collect();
        branches.sort_unstable();
        branches.dedup();
        let mut steps = Vec::new();
        for (ply, node) in moves.iter().enumerate() {
            if branches.binary_search(&ply).is_ok() {
                steps.push(Step::Open);
            }
            steps.push(Step::Node(node));
        }
        // Side lines after the line's last move continue it.
        for kid in kids.iter().filter(|k| after(k) >= moves.len()) {
            steps.extend([Step::Open, Step::Line(Some(*kid)), Step::Close]);
        }
        for &ply in branches.iter().rev() {
            steps.push(Step::Close);
            for kid in kids.iter().filter(|k| after(k) == ply) {
                steps.extend([Step::Open, Step::Line(Some(*kid)), Step::Close]);
            }
        }
        stack.extend(steps.into_iter().rev());
    }
}

/// Reads the archive `text` in `format` as one record and replays it as SGF, as
/// `options` say (the charset it declares is of no SGF tree).
pub(super) fn read_records(
    text: &str,
    format: ArchiveFormat,
    options: &ReadOptions,
) -> Vec<RecordReport> {
    let game = match format {
        ArchiveFormat::Gib => gib::read(text),
        ArchiveFormat::Ngf => ngf::read(text),
        ArchiveFormat::Ugf => ugf::read(text),
    };
    let sgf = to_sgf(&game);
    // The SGF made here is one game tree, so the validator gives one report.
    let options = ReadOptions {
        declared_charset: None,
        ..options.clone()
    };
    let reports = super::validate::read_records(&sgf.text, &options);
    let Some(mut report) = reports.into_iter().next() else {
        return Vec::new();
    };
    let origin = |span: &Span| {
        sgf.origin(span.start)
            .unwrap_or_else(|| game.header.clone())
    };
    for diagnostic in &mut report.diagnostics {
        diagnostic.span = diagnostic.span.as_ref().map(origin);
    }
    for (issue, span) in &game.issues {
        let diagnostic = Diagnostic::new(issue.severity(), Kind::game(issue.clone()), None);
        report.diagnostics.push(Diagnostic {
            span: Some(span.clone()),
            ..diagnostic
        });
    }
    if !game.unread.is_empty() {
        let issue = ArchiveIssue::UnreadFields {
            format,
            names: game.unread.clone(),
        };
        report.diagnostics.push(Diagnostic::new(
            issue.severity(),
            Kind::game(issue),
            Some(
                game.unread_at
                    .clone()
                    .unwrap_or_else(|| game.header.clone()),
            ),
        ));
    }
    report
        .diagnostics
        .sort_by_key(|d| d.span.as_ref().map_or(0, |s| s.start));
    report.span = 0..text.len();
    if let Some(record) = report
        .record
        .as_mut()
        .and_then(crate::AnyRecord::downcast_mut::<GoRecord>)
    {
        record.extra.unread = game.unread.clone();
        record.extra.format = Some(format);
        move_onto_archive(&mut record.moves, text, &origin);
    }
    vec![report]
}

/// The report of a text named as `format` that is neither it nor SGF: one error, at its
/// first line, in the format's terms.
pub(super) fn not_the_format(text: &str, format: ArchiveFormat) -> RecordReport {
    let first = lines(text)
        .find(|(_, line)| !line.trim().is_empty())
        .map_or(0..0, |(span, _)| span);
    let issue = ArchiveIssue::NotTheFormat { format };
    let diagnostic = Diagnostic::new(issue.severity(), Kind::game(issue), Some(first));
    RecordReport::unreadable(text.len(), Some(super::GAME), diagnostic)
}

/// Moves the span of every kept move onto the archive's line and takes its text from
/// there (without recursion: variations nest).
fn move_onto_archive(moves: &mut Line<super::GoMove>, text: &str, origin: &dyn Fn(&Span) -> Span) {
    let mut pending: Vec<&mut Line<super::GoMove>> = vec![moves];
    while let Some(line) = pending.pop() {
        for node in line.iter_mut() {
            node.span = origin(&node.span);
            if let Some(written) = text.get(node.span.clone()) {
                node.text = written.trim().to_string();
            }
            pending.extend(node.variations.iter_mut());
        }
    }
}

/// The position after each of the first plies of `moves` from `setup` on a board of
/// `size`, as the board's key of the stones on it; replay stops at a move that cannot be
/// played.
pub(super) fn positions(size: u8, setup: &[Stone], moves: &[ImportedMove]) -> Vec<u64> {
    let Ok(mut board) = Board::new(u32::from(size), u32::from(size)) else {
        return Vec::new();
    };
    for stone in setup {
        let _ = board.set(stone.point, Some(stone.color));
    }
    let mut found = vec![board.position_key()];
    for node in moves {
        match node.point {
            Some(point) => {
                if board.play(node.color, point).is_err() {
                    break;
                }
            }
            None => board.pass(node.color),
        }
        found.push(board.position_key());
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_in_words() {
        let read = |text: &str| result_from_words(text).map(|r| r.to_string());
        assert_eq!(read("흑 불계승").as_deref(), Some("B+R"));
        assert_eq!(read("백 3.5집 승").as_deref(), Some("W+3.5"));
        assert_eq!(read("黑中盘胜").as_deref(), Some("B+R"));
        assert_eq!(read("白5.5目勝ち!").as_deref(), Some("W+5.5"));
        assert_eq!(read("232手完、黒2目半勝ち").as_deref(), Some("B+2.5"));
        assert_eq!(read("Black wins by resignation").as_deref(), Some("B+R"));
        assert_eq!(read("white 3.5 win").as_deref(), Some("W+3.5"));
        assert_eq!(read("White loses on time").as_deref(), Some("B+T"));
        assert_eq!(read("Progressing!"), None);
    }

    #[test]
    fn korean_handicap_points() {
        let names = |n| {
            handicap_points(19, n)
                .iter()
                .map(Point::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names(2), "dp pd");
        assert_eq!(names(3), "dp pd dd");
        assert_eq!(names(5), "dp pd dd pp jj");
        assert_eq!(names(9), "dp pd dd pp jj dj pj jd jp");
        assert!(handicap_points(19, 1).is_empty());
    }
}
