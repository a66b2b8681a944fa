//! Replays random 19×19 games through the Go engine and prints moves per second.
//!
//! `cargo bench --bench go_replay [-- GAMES]` (default 100 000 replays of 1 000 distinct games).

use std::hint::black_box;
use std::time::Instant;

use qipu::go::{Board, Color, Point};

/// Moves per generated game, as in a typical professional game.
const MOVES_PER_GAME: usize = 250;
const DISTINCT_GAMES: usize = 1_000;

#[path = "../tests/it/support/rng.rs"]
mod rng;
use rng::Rng;

/// Whether `point` is an eye-like point of `color` (every neighbour is its own stone), which a
/// random player should not fill.
fn own_eye(board: &Board, color: Color, point: Point) -> bool {
    let (x, y) = (i32::from(point.x), i32::from(point.y));
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        .into_iter()
        .filter_map(|(x, y)| Some(Point::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?)))
        .filter(|&p| board.contains(p))
        .all(|p| board.get(p) == Some(color))
}

/// A random legal game: random non-eye points, a pass when none is found quickly.
fn random_game(rng: &mut Rng) -> Vec<Option<Point>> {
    let mut board = Board::new(19, 19).expect("19x19 is a valid size");
    let mut color = Color::Black;
    let mut moves = Vec::with_capacity(MOVES_PER_GAME);
    while moves.len() < MOVES_PER_GAME {
        let mut chosen = None;
        for _ in 0..50 {
            let point = Point::new(rng.below(19) as u8, rng.below(19) as u8);
            if !own_eye(&board, color, point) && board.play(color, point).is_ok() {
                chosen = Some(point);
                break;
            }
        }
        if chosen.is_none() {
            board.pass(color);
        }
        moves.push(chosen);
        color = color.opponent();
    }
    moves
}

fn main() {
    let replays: usize = std::env::args()
        .skip(1)
        .find_map(|arg| arg.parse().ok())
        .unwrap_or(100_000);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let started = Instant::now();
    let games: Vec<_> = (0..DISTINCT_GAMES).map(|_| random_game(&mut rng)).collect();
    println!(
        "generated {DISTINCT_GAMES} random games in {:.2?}",
        started.elapsed()
    );

    let started = Instant::now();
    let (mut moves, mut captures) = (0usize, 0usize);
    for game in games.iter().cycle().take(replays) {
        let mut board = Board::new(19, 19).expect("19x19 is a valid size");
        let mut color = Color::Black;
        for &mv in game {
            match mv {
                Some(point) => {
                    let outcome = board.play(color, point).expect("generated moves are legal");
                    captures += outcome.captures;
                }
                None => board.pass(color),
            }
            color = color.opponent();
            moves += 1;
        }
        black_box(&board);
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "replayed {replays} games, {moves} moves ({captures} stones captured) in {elapsed:.2} s: \
         {:.2} M moves/s, {:.0} games/s",
        moves as f64 / elapsed / 1e6,
        replays as f64 / elapsed
    );
}
