//! Go boards: the position after a ply of a kept record, replayed along its tree's main
//! line (setup included) on the board its `SZ` gives, as a [`Diagram`] (lines, star points, stones, the last moves
//! numbered), and the compact board after each move for `convert --to json --positions`.

use std::collections::HashMap;

use super::board::{Board, Color, KoRule, Point};
use super::replay::setup_points;
use super::sgf::{BoardSize, GameTree, Move};
use super::{GoIssue, GoMove, GoRecord};
use crate::diag::Side;
use crate::diagram::{
    caption, covered, BoardKind, Diagram, ErrorAt, Ground, NoBoard, Piece, Shape, View,
};
use crate::json::{record_line_with_positions, Replayer};

/// How many of the last moves carry their number.
const NUMBERED: u32 = 10;

fn side(color: Color) -> Side {
    match color {
        Color::Black => Side::Black,
        Color::White => Side::White,
    }
}

/// The record's board size (`SZ`, 19×19 when it says none).
fn board_size(record: &GoRecord) -> BoardSize {
    tree_board_size(&record.extra.tree)
}

/// The board size a tree's root gives (`SZ`, 19×19 when it says none).
pub(super) fn tree_board_size(tree: &GameTree) -> BoardSize {
    tree.root()
        .get("SZ")
        .and_then(|p| p.value())
        .and_then(|v| v.board_size().ok())
        .unwrap_or_default()
}

/// An empty board of `size`. The moves were checked when the record was read, so the
/// board allows whatever the record's rules did.
fn lenient_board(size: BoardSize) -> Board {
    let board = Board::new(u32::from(size.width), u32::from(size.height))
        .unwrap_or_else(|_| Board::new(19, 19).expect("19×19 is a board"));
    board
        .with_ko_rule(KoRule::Simple)
        .with_suicide_allowed(true)
}

/// The record's board before its first move, with the root's setup stones (the JSON's
/// `start`; setup after the root is named as left out of the JSON, so the positions
/// follow the JSON's moves alone).
fn start(record: &GoRecord) -> Board {
    let mut board = lenient_board(board_size(record));
    if let Some(setup) = &record.start {
        for (points, color) in [(&setup.black, Color::Black), (&setup.white, Color::White)] {
            for &point in points {
                // Setup stones were placed on this board when the record was read.
                let _ = board.set(point, Some(color));
            }
        }
    }
    board
}

/// Plays a kept move; a pass or a stone.
fn play(board: &mut Board, mv: &GoMove) {
    match mv.point {
        // The move was legal under the record's rules, so the lenient board takes it.
        Some(point) => {
            let _ = board.play(mv.color, point);
        }
        None => board.pass(mv.color),
    }
}

/// The column letters players read: `A`–`T` without `I` (up to 25 columns), else numbers.
fn column_label(x: u8, width: u8) -> String {
    if width > 25 {
        return (u32::from(x) + 1).to_string();
    }
    let letter = if x < 8 { b'A' + x } else { b'A' + x + 1 };
    char::from(letter).to_string()
}

/// The star points of square boards of the usual sizes.
fn is_star(x: u8, y: u8, width: u8, height: u8) -> bool {
    if width != height || width < 7 || width.is_multiple_of(2) {
        return false;
    }
    let edge = if width >= 13 { 3 } else { 2 };
    let centre = width / 2;
    let lines: &[u8] = if width >= 15 {
        &[edge, centre, width - 1 - edge]
    } else {
        &[edge, width - 1 - edge]
    };
    (lines.contains(&x) && lines.contains(&y)) || (x == centre && y == centre)
}

/// One step of a replay of the main line: a setup point changed, or a move played.
pub(super) enum Step {
    Setup(Point),
    /// The `ply`-th move (1-based), a stone on `point` or a pass.
    Move {
        ply: u32,
        point: Option<Point>,
    },
}

/// Replays the first `plies` moves of the tree's main line, with the setup (`AB`, `AW`,
/// `AE`) of every node up to the next move, as the record was replayed, handing each
/// step to `step` with the board after it; returns the board.
pub(super) fn replay_main_line(
    tree: &GameTree,
    plies: usize,
    mut step: impl FnMut(&Board, Step),
) -> Board {
    let size = tree_board_size(tree);
    let mut board = lenient_board(size);
    let mut ply = 0;
    for node in tree.main_line() {
        for (point, stone) in setup_points(node, size) {
            // Setup the reader refused was refused when the record was read too.
            if board.set(point, stone).is_ok() {
                step(&board, Step::Setup(point));
            }
        }
        let mut played: Vec<(char, Move)> = Vec::new();
        for prop in node.properties() {
            let color = match prop.ident() {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            let Some(Ok(mv)) = prop.value().map(|v| v.go_move(size)) else {
                continue;
            };
            // The same move written twice in a node is one move, as the replay took it.
            if played.contains(&(color.letter(), mv)) {
                continue;
            }
            if ply == plies {
                return board;
            }
            played.push((color.letter(), mv));
            ply += 1;
            let point = match mv {
                Move::Pass => {
                    board.pass(color);
                    None
                }
                Move::Play(point) => {
                    // The replay took this move, so the lenient board takes it too.
                    let _ = board.play(color, point);
                    Some(point)
                }
            };
            step(
                &board,
                Step::Move {
                    ply: ply as u32,
                    point,
                },
            );
        }
    }
    board
}

/// The board after the first `plies` moves of the tree's main line (see
/// [`replay_main_line`]), and which move put each stone that stands there.
fn main_line_board(record: &GoRecord, plies: usize) -> (Board, HashMap<Point, u32>) {
    let mut placed: HashMap<Point, u32> = HashMap::new();
    let board = replay_main_line(&record.extra.tree, plies, |board, step| match step {
        Step::Setup(point) => {
            placed.remove(&point);
        }
        Step::Move { ply, point } => {
            if let Some(point) = point {
                for captured in board.last_captures() {
                    placed.remove(captured);
                }
                placed.insert(point, ply);
            }
        }
    });
    (board, placed)
}

impl GoRecord {
    /// The board's width and height, as the root's `SZ` gives them (19×19 when it says
    /// none).
    pub fn board_size(&self) -> (u8, u8) {
        let size = board_size(self);
        (size.width, size.height)
    }

    /// Replays the record's moves ([`crate::record::Record::moves`], the main line as
    /// far as it was replayed) and hands each to `visit` with the board after it,
    /// captures taken; setup stones (`AB`, `AW`, `AE`) in any node of the main line are
    /// placed as the replay placed them. Training data for programs: the position after
    /// every move, without writing and reading any text.
    pub fn replay(&self, mut visit: impl FnMut(&GoMove, &Board)) {
        let moves = &self.moves;
        replay_main_line(&self.extra.tree, moves.len(), |board, step| {
            if let Step::Move { ply, .. } = step {
                if let Some(node) = moves.get(ply as usize - 1) {
                    visit(&node.mv, board);
                }
            }
        });
    }
}

/// The board of `record` that `view` asks for.
pub(super) fn diagram(record: &GoRecord, view: &View<'_>) -> Result<Diagram, NoBoard> {
    let moves = &record.moves;
    let count = covered(moves, view)?;
    let (board, placed) = main_line_board(record, count);
    let (width, height) = (board.width(), board.height());
    let mut diagram = Diagram::new(
        BoardKind::Lines,
        usize::from(width),
        usize::from(height),
        |x, y| {
            if is_star(x as u8, y as u8, width, height) {
                Ground::Star
            } else {
                Ground::Point
            }
        },
    );
    diagram.columns = (0..width).map(|x| column_label(x, width)).collect();
    diagram.rows = (1..=height).rev().map(|row| row.to_string()).collect();
    let last = count.checked_sub(1).map(|i| &moves[i]);
    let numbered_from = last.map_or(0, |node| node.ply.saturating_sub(NUMBERED - 1));
    for point in board.points().collect::<Vec<_>>() {
        let Some(color) = board.get(point) else {
            continue;
        };
        let cell = diagram.cell_mut(usize::from(point.x), usize::from(point.y));
        cell.piece = Some(Piece {
            side: side(color),
            shape: Shape::Stone,
            name: None,
            glyph: match color {
                Color::Black => "●",
                Color::White => "○",
            }
            .to_string(),
        });
        cell.move_number = placed
            .get(&point)
            .copied()
            .filter(|&ply| ply >= numbered_from);
    }
    if let Some(point) = last.and_then(|node| node.mv.point) {
        diagram
            .cell_mut(usize::from(point.x), usize::from(point.y))
            .last_move = true;
    }
    if let Some(point) = view.error.as_ref().and_then(error_point) {
        if point.x < width && point.y < height {
            diagram
                .cell_mut(usize::from(point.x), usize::from(point.y))
                .error = true;
        }
    }
    let to_move = last.map_or(Color::Black, |node| node.mv.color.opponent());
    let last_text = last.map(|node| {
        let at = match node.mv.point {
            Some(point) => format!("{}{}", column_label(point.x, width), height - point.y),
            None => view
                .lang
                .say(|| "pass".to_string(), || crate::lang::Zh::own("虚着")),
        };
        let side = view.lang.say(
            || side_name(node.mv.color).to_string(),
            || crate::lang::Zh::own(side_name_zh(node.mv.color)),
        );
        (node.ply, format!("{side} {at}"))
    });
    diagram.to_move = Some(side(to_move));
    diagram.caption = caption(
        last_text.as_ref().map(|(ply, text)| (*ply, text.as_str())),
        // Who moves next is the record's to say (a handicap, a setup), not the board's.
        None,
        view.error.as_ref(),
        view.lang,
        "手",
    );
    diagram.notes = vec![view.lang.say(
        || format!("● Black, ○ White; the last {NUMBERED} moves are numbered in the SVG"),
        || crate::lang::zh!("● 黑方，○ 白方；SVG 图中标出最后 {} 手的序号", NUMBERED),
    )];
    Ok(diagram)
}

fn side_name_zh(color: Color) -> &'static str {
    match color {
        Color::Black => "黑",
        Color::White => "白",
    }
}

fn side_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// The point the error names.
fn error_point(error: &ErrorAt<'_>) -> Option<Point> {
    match error.diagnostic.kind.game_issue::<GoIssue>()? {
        GoIssue::Occupied { point, .. }
        | GoIssue::Suicide { point, .. }
        | GoIssue::Ko { point, .. }
        | GoIssue::RepetitionAllowed { point, .. }
        | GoIssue::SuicideAllowed { point, .. } => Some(point.point),
        GoIssue::OffBoard { point, .. } => Some(*point),
        _ => None,
    }
}

/// The board as `--positions` writes it: rows from the top, separated by `/`, each point
/// `X` (Black), `O` (White) or `.` (empty).
fn compact(board: &Board) -> String {
    let mut out = String::new();
    for y in 0..board.height() {
        if y > 0 {
            out.push('/');
        }
        for x in 0..board.width() {
            out.push(match board.get(Point::new(x, y)) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
        }
    }
    out
}

/// `convert --to json --positions`: each move with the board after it.
pub(super) fn json_positions(record: &GoRecord, source: &str, index: usize) -> String {
    let replayer = Replayer {
        start: start(record),
        play,
        write: compact,
    };
    record_line_with_positions(source, index, record, &replayer)
}
