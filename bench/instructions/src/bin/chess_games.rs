//! `chess_games COUNT > games.pgn`: random legal chess games played by shakmaty with a
//! fixed-seed generator, written as PGN with the tags and shape of qipu's generated Shatar
//! archive (`examples/generate_archive shatar`), so that the peers read the same kind of
//! input: 40 to 130 plies a game, captures preferred one move in three, stopping at mate
//! or stalemate.

use std::io::{self, BufWriter, Write};

use shakmaty::{san::SanPlus, Chess, Position};

/// xorshift64*: the same small generator as qipu's archive generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn main() -> io::Result<()> {
    let count: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("usage: chess_games COUNT");
    let mut rng = Rng(0x00C4_E55D_2026);
    let mut out = BufWriter::new(io::stdout().lock());
    for index in 0..count {
        let length = 40 + rng.below(91);
        let mut position = Chess::default();
        let mut movetext = String::new();
        for ply in 0..length {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let captures: Vec<_> = legal.iter().filter(|m| m.is_capture()).collect();
            let chosen = if !captures.is_empty() && rng.below(3) == 0 {
                captures[rng.below(captures.len())].clone()
            } else {
                legal[rng.below(legal.len())].clone()
            };
            if ply % 2 == 0 {
                movetext.push_str(&format!("{}. ", ply / 2 + 1));
            }
            let san = SanPlus::from_move_and_play_unchecked(&mut position, chosen);
            movetext.push_str(&format!("{san} "));
        }
        writeln!(
            out,
            "[Event \"Generated archive\"]\n[Site \"qipu\"]\n[Date \"2026.11.30\"]\n\
             [Round \"{}\"]\n[White \"Player {}\"]\n[Black \"Player {}\"]\n[Result \"*\"]\n\n{movetext}*\n",
            index + 1,
            2 * index + 1,
            2 * index + 2
        )?;
    }
    out.flush()
}
