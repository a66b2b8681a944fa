//! A Go record's fingerprint for `--dedup`, alike under the symmetries of the board as
//! Kombilo compares games: the game is fingerprinted as seen through each of them (8 on
//! a square board, 4 on another) and the least of these views stands for it, so a game
//! and its rotated or reflected copy give the same. Colours count as written.
//!
//! The game is the board size and the main line node by node: its setup (`AB`, `AW`,
//! `AE`, in any order within a node) and its moves, those that could not be replayed as
//! written; or, for [`Likeness::Final`], the stones on the board after the replayed
//! moves and who played last, with the rest of the main line as written.

use std::hash::Hasher;

use super::board::{Color, Point};
use super::diagram::{replay_main_line, tree_board_size};
use super::replay::setup_points;
use super::replay::Replay;
use super::sgf::{BoardSize, GameTree, Move};
use crate::dedup::{Fingerprint, Likeness};

/// A symmetry of a board: rows and columns exchanged (a square board only), then
/// either flipped.
#[derive(Clone, Copy)]
struct Symmetry {
    transpose: bool,
    flip_x: bool,
    flip_y: bool,
}

impl Symmetry {
    /// The symmetries of a board of `size`: all 8 of a square, else the 4 that keep
    /// its shape.
    fn of(size: BoardSize) -> Vec<Symmetry> {
        let transposes: &[bool] = if size.width == size.height {
            &[false, true]
        } else {
            &[false]
        };
        let mut all = Vec::with_capacity(8);
        for &transpose in transposes {
            for (flip_x, flip_y) in [(false, false), (true, false), (false, true), (true, true)] {
                all.push(Symmetry {
                    transpose,
                    flip_x,
                    flip_y,
                });
            }
        }
        all
    }

    fn apply(self, point: Point, size: BoardSize) -> Point {
        let (mut x, mut y) = if self.transpose {
            (point.y, point.x)
        } else {
            (point.x, point.y)
        };
        if self.flip_x {
            x = size.width - 1 - x;
        }
        if self.flip_y {
            y = size.height - 1 - y;
        }
        Point::new(x, y)
    }
}

/// What a view holds, one number each: a stone or a setup point (colour and point), a
/// pass, a node's setup, a move as written.
const PASS: u32 = 1 << 20;
const SETUP: u32 = 2 << 20;
const WRITTEN: u32 = 3 << 20;

fn stone(color: Option<Color>, point: Point) -> u32 {
    let color = match color {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    };
    color << 16 | u32::from(point.x) << 8 | u32::from(point.y)
}

/// The game as seen through the symmetries that show it least so far, compared item by
/// item: the canonical form is the least of the 8 views, and the views still in the
/// running are alike up to here, so one fingerprint serves them all. After the first
/// moves that break the board's symmetry only one is left to transform.
struct Canonical {
    size: BoardSize,
    candidates: Vec<Symmetry>,
    print: Fingerprint,
    buffer: [u8; 256],
    len: usize,
}

impl Canonical {
    fn new(size: BoardSize) -> Canonical {
        Canonical {
            size,
            candidates: Symmetry::of(size),
            print: Fingerprint::new(),
            buffer: [0; 256],
            len: 0,
        }
    }

    fn push(&mut self, number: u32) {
        if self.len == self.buffer.len() {
            self.print.write(&self.buffer);
            self.len = 0;
        }
        self.buffer[self.len..self.len + 4].copy_from_slice(&number.to_le_bytes());
        self.len += 4;
    }

    /// The same number in every view.
    fn common(&mut self, number: u32) {
        self.push(number);
    }

    /// A point of colour `color` (`None`: emptied), as each view shows it.
    fn point(&mut self, color: Option<Color>, point: Point) {
        let size = self.size;
        let least = match self.candidates[..] {
            [only] => stone(color, only.apply(point, size)),
            _ => {
                let value = |symmetry: &Symmetry| stone(color, symmetry.apply(point, size));
                let least = self.candidates.iter().map(value).min().unwrap_or_default();
                self.candidates.retain(|symmetry| value(symmetry) == least);
                least
            }
        };
        self.push(least);
    }

    /// Numbers that each view computes for itself (a node's setup, a whole board).
    fn each(&mut self, mut view: impl FnMut(Symmetry) -> Vec<u32>) {
        let mut least: Option<Vec<u32>> = None;
        let mut kept = Vec::with_capacity(self.candidates.len());
        for &symmetry in &self.candidates {
            let numbers = view(symmetry);
            match &least {
                Some(best) if numbers > *best => continue,
                Some(best) if numbers == *best => kept.push(symmetry),
                _ => {
                    kept.clear();
                    kept.push(symmetry);
                    least = Some(numbers);
                }
            }
        }
        self.candidates = kept;
        for number in least.unwrap_or_default() {
            self.push(number);
        }
    }

    fn finish(mut self, written: u128) -> u128 {
        self.print.write(&self.buffer[..self.len]);
        self.print.write_u128(written);
        self.print.finish()
    }
}

/// What the replay of the main line met, in order, as written.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Played {
    /// A setup point: a stone placed, or emptied (`None`).
    Setup(Point, Option<Color>),
    Stone(Color, Point),
    Pass(Color),
}

/// The fingerprint of a tree whose main line `replay` replayed (`plies` moves): what
/// it played, then the rest of the main line as written when it stopped.
pub(super) fn fingerprint(
    tree: &GameTree,
    plies: usize,
    replay: &Replay<'_>,
    likeness: Likeness,
) -> u128 {
    let final_board = replay.final_board();
    let played = replay.played.as_deref().unwrap_or_default();
    let size = tree_board_size(tree);
    let mut canonical = Canonical::new(size);
    canonical.common(u32::from(size.width) << 8 | u32::from(size.height));
    // Moves written as no point can be read are the same text in every view.
    let mut written = Fingerprint::new();
    match likeness {
        Likeness::Moves => {
            feed_played(played, size, &mut canonical);
            if final_board.is_none() {
                main_line(tree, size, plies, &mut canonical, &mut written);
            }
        }
        Likeness::Final => {
            let replayed;
            let board = match final_board {
                Some(board) => board,
                None => {
                    replayed = replay_main_line(tree, plies, |_, _| {});
                    &replayed
                }
            };
            let (width, height) = (usize::from(size.width), usize::from(size.height));
            canonical.each(|symmetry| {
                let mut cells = vec![0u32; width * height];
                for y in 0..size.height {
                    for x in 0..size.width {
                        let point = Point::new(x, y);
                        let to = symmetry.apply(point, size);
                        cells[usize::from(to.y) * width + usize::from(to.x)] =
                            stone(board.get(point), to);
                    }
                }
                cells
            });
            let last = played.iter().rev().find_map(|step| match step {
                Played::Stone(color, _) | Played::Pass(color) => {
                    Some(stone(Some(*color), Point::new(0, 0)))
                }
                Played::Setup(..) => None,
            });
            canonical.common(last.unwrap_or_default());
            if final_board.is_none() {
                main_line(tree, size, plies, &mut canonical, &mut written);
            }
        }
    }
    canonical.finish(written.finish())
}

/// Adds what the replay played, a node's setup points as one item in any order.
fn feed_played(played: &[Played], size: BoardSize, canonical: &mut Canonical) {
    let mut at = 0;
    while let Some(&step) = played.get(at) {
        match step {
            Played::Setup(..) => {
                let count = played[at..]
                    .iter()
                    .take_while(|step| matches!(step, Played::Setup(..)))
                    .count();
                let setup = &played[at..at + count];
                canonical.common(SETUP | count as u32);
                canonical.each(|symmetry| {
                    let mut points: Vec<u32> = setup
                        .iter()
                        .filter_map(|step| match *step {
                            Played::Setup(p, color) => Some(stone(color, symmetry.apply(p, size))),
                            _ => None,
                        })
                        .collect();
                    points.sort_unstable();
                    points
                });
                at += count;
                continue;
            }
            Played::Stone(color, point) => canonical.point(Some(color), point),
            Played::Pass(color) => canonical.common(PASS | stone(Some(color), Point::new(0, 0))),
        }
        at += 1;
    }
}

/// Adds the main line to the canonical view, from the move after the first `from`
/// moves on (setup before that move left out).
fn main_line(
    tree: &GameTree,
    size: BoardSize,
    from: usize,
    canonical: &mut Canonical,
    written: &mut Fingerprint,
) {
    let mut moves = 0;
    for node in tree.main_line() {
        // Setup is rare: the node's properties are looked at again only when it has some.
        let has_setup = node
            .properties()
            .any(|prop| matches!(prop.ident(), "AB" | "AW" | "AE"));
        if moves >= from && has_setup {
            let points = setup_points(node, size);
            if !points.is_empty() {
                canonical.common(SETUP | points.len() as u32);
                canonical.each(|symmetry| {
                    let mut setup: Vec<u32> = points
                        .iter()
                        .map(|&(p, color)| stone(color, symmetry.apply(p, size)))
                        .collect();
                    setup.sort_unstable();
                    setup
                });
            }
        }
        for prop in node.properties() {
            let color = match prop.ident() {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            moves += 1;
            if moves <= from {
                continue;
            }
            let value = prop.value();
            match value.as_ref().map(|v| v.go_move(size)) {
                Some(Ok(Move::Play(point))) => canonical.point(Some(color), point),
                Some(Ok(Move::Pass)) => {
                    canonical.common(PASS | stone(Some(color), Point::new(0, 0)))
                }
                _ => {
                    written.text(&value.map(|v| v.text()).unwrap_or_default());
                    canonical.common(WRITTEN | stone(Some(color), Point::new(0, 0)));
                }
            }
        }
    }
}
