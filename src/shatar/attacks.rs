//! Attack tables and sliding-piece attacks on `u64` bitboards (bit `n` = `Square(n)`).
//!
//! Leaper tables are built at compile time. Sliders use classical rays: the
//! attack set along one direction is the ray cut off behind its first blocker,
//! found with a single bit scan, so no lookup tables beyond the rays are needed.

use super::types::{Color, Square};

/// Squares between two points, exclusive, or 0 when they are not on one line.
pub fn between(a: Square, b: Square) -> u64 {
    BETWEEN[a.0 as usize][b.0 as usize]
}

/// Squares a knight on `sq` attacks.
pub fn knight_attacks(sq: Square) -> u64 {
    KNIGHT[sq.0 as usize]
}

/// Squares a king on `sq` attacks.
pub fn king_attacks(sq: Square) -> u64 {
    KING[sq.0 as usize]
}

/// Squares a pawn of `color` on `sq` attacks (diagonally forward).
pub fn pawn_attacks(color: Color, sq: Square) -> u64 {
    PAWN[color.index()][sq.0 as usize]
}

/// Squares a rook on `sq` attacks given the occupied squares.
pub fn rook_attacks(sq: Square, occupied: u64) -> u64 {
    ray_attacks(sq, occupied, NORTH)
        | ray_attacks(sq, occupied, EAST)
        | ray_attacks(sq, occupied, SOUTH)
        | ray_attacks(sq, occupied, WEST)
}

/// Squares a bishop on `sq` attacks given the occupied squares.
pub fn bishop_attacks(sq: Square, occupied: u64) -> u64 {
    ray_attacks(sq, occupied, NORTH_EAST)
        | ray_attacks(sq, occupied, NORTH_WEST)
        | ray_attacks(sq, occupied, SOUTH_EAST)
        | ray_attacks(sq, occupied, SOUTH_WEST)
}

/// Squares a queen on `sq` attacks given the occupied squares.
pub fn queen_attacks(sq: Square, occupied: u64) -> u64 {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares a rook on `sq` would attack on an empty board.
pub fn rook_rays(sq: Square) -> u64 {
    ROOK_RAYS[sq.0 as usize]
}

/// Squares a bishop on `sq` would attack on an empty board.
pub fn bishop_rays(sq: Square) -> u64 {
    BISHOP_RAYS[sq.0 as usize]
}

/// The pieces among `diagonal` (bishops and queens) and `straight` (rooks and queens) that
/// attack `sq`: on a line through it that they move along, with nothing of `occupied`
/// between. Few sliders stand on a square's lines, so testing each costs less than tracing
/// the square's rays.
pub fn slider_attackers(sq: Square, diagonal: u64, straight: u64, occupied: u64) -> u64 {
    let sliders = (bishop_rays(sq) & diagonal) | (rook_rays(sq) & straight);
    squares(sliders).fold(0, |hits, slider| {
        if between(sq, slider) & occupied == 0 {
            hits | slider.bit()
        } else {
            hits
        }
    })
}

/// Iterates over the squares of a bitboard, lowest first.
pub fn squares(bb: u64) -> Squares {
    Squares(bb)
}

/// Iterator returned by [`squares`].
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

// Direction indices into RAYS. The first four increase the square index, so
// their nearest blocker is the lowest set bit; the others use the highest.
const NORTH: usize = 0;
const EAST: usize = 1;
const NORTH_EAST: usize = 2;
const NORTH_WEST: usize = 3;
const SOUTH: usize = 4;
const WEST: usize = 5;
const SOUTH_WEST: usize = 6;
const SOUTH_EAST: usize = 7;

const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];

fn ray_attacks(sq: Square, occupied: u64, dir: usize) -> u64 {
    let ray = RAYS[dir][sq.0 as usize];
    let blockers = ray & occupied;
    if blockers == 0 {
        return ray;
    }
    let first = if dir < SOUTH {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    ray ^ RAYS[dir][first as usize]
}

/// Bitboard of the squares reached from `sq` by each `(file, rank)` offset, once.
const fn leaper(sq: usize, offsets: &[(i8, i8)]) -> u64 {
    let file = (sq % 8) as i8;
    let rank = (sq / 8) as i8;
    let mut bb = 0;
    let mut i = 0;
    while i < offsets.len() {
        let f = file + offsets[i].0;
        let r = rank + offsets[i].1;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            bb |= 1u64 << (r * 8 + f);
        }
        i += 1;
    }
    bb
}

const fn leaper_table(offsets: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = leaper(sq, offsets);
        sq += 1;
    }
    table
}

const KNIGHT: [u64; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

const KING: [u64; 64] = leaper_table(&DIRECTIONS);

const PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

const RAYS: [[u64; 64]; 8] = {
    let mut rays = [[0; 64]; 8];
    let mut dir = 0;
    while dir < 8 {
        let (df, dr) = DIRECTIONS[dir];
        let mut sq = 0;
        while sq < 64 {
            let mut f = (sq % 8) as i8 + df;
            let mut r = (sq / 8) as i8 + dr;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                rays[dir][sq] |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            sq += 1;
        }
        dir += 1;
    }
    rays
};

/// The four rays of each square in the given directions joined: a piece's lines are
/// asked for on every move (pins, discovered checks), one lookup rather than four.
const fn joined_rays(dirs: [usize; 4]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            table[sq] |= RAYS[dirs[d]][sq];
            d += 1;
        }
        sq += 1;
    }
    table
}

const ROOK_RAYS: [u64; 64] = joined_rays([NORTH, EAST, SOUTH, WEST]);

const BISHOP_RAYS: [u64; 64] = joined_rays([NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST]);

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` on a shared line. Pin
/// detection asks for it on every move, so it is a lookup rather than a ray search.
static BETWEEN: [[u64; 64]; 64] = {
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut dir = 0;
        while dir < 8 {
            let ray = RAYS[dir][a];
            let mut b = 0;
            while b < 64 {
                if ray & (1u64 << b) != 0 {
                    table[a][b] = ray & !RAYS[dir][b] & !(1u64 << b);
                }
                b += 1;
            }
            dir += 1;
        }
        a += 1;
    }
    table
};
