//! The 32 playing squares and their numberings.
//!
//! Internally a square is an index 0..32 in rulebook order (§1.6 of the rulebook, PDN
//! `GameType "25/26"`): row by row from White's side, left to right, so index 0 is a1,
//! 1 is c1, 4 is b2 and 31 is h8. Bit `i` of a bitboard is square `i`.

use std::fmt;
use std::str::FromStr;

/// How the 32 dark squares are numbered 1..=32 in a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Numbering {
    /// The rulebook's numbering: 1=a1, 2=c1, 3=e1, 4=g1, 5=b2 … 32=h8 (White starts on 1–12).
    Rulebook,
    /// The numbering from the top used by many archives: 1=b8, 2=d8 … 32=g1 (White starts on
    /// 21–32).
    Top,
}

/// One of the 32 dark squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// The four diagonal directions, as (file step, rank step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards h8.
    NorthEast,
    /// Towards a8.
    NorthWest,
    /// Towards h1.
    SouthEast,
    /// Towards a1.
    SouthWest,
}

impl Direction {
    /// All four directions; the first two are White's forward directions.
    pub const ALL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    const fn steps(self) -> (i8, i8) {
        match self {
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
        }
    }
}

/// Marks "off the board" in the neighbour table.
pub(crate) const NONE: u8 = u8::MAX;
/// `NEIGHBOURS[sq][dir]` is the adjacent square in that direction, or `NONE`.
static NEIGHBOURS: [[u8; 4]; 32] = build_neighbours();

const fn build_neighbours() -> [[u8; 4]; 32] {
    let mut table = [[NONE; 4]; 32];
    let mut sq = 0;
    while sq < 32 {
        let (file, rank) = coords(sq as u8);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = Direction::ALL[d].steps();
            let f = file as i8 + df;
            let r = rank as i8 + dr;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq][d] = (r * 4 + f / 2) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// The index adjacent to `index` in direction number `dir` (order of [`Direction::ALL`]), or
/// [`NONE`]; the move generator's hot path works on raw indices.
#[inline]
pub(crate) fn step(index: u8, dir: usize) -> u8 {
    NEIGHBOURS[index as usize][dir]
}

/// `STEP_BITS[dir][parity]`: the squares of ranks of that parity that have a neighbour in
/// direction `dir`, and the shifts (left, then right) that take each to its neighbour's
/// index, the same for the whole parity; a shift pair rather than a signed one keeps
/// [`step_bits`] free of branches.
const STEP_BITS: [[(u32, u8, u8); 2]; 4] = build_step_bits();

const fn build_step_bits() -> [[(u32, u8, u8); 2]; 4] {
    let mut table = [[(0, 0, 0); 2]; 4];
    let mut sq = 0;
    while sq < 32 {
        let parity = (sq / 4) % 2;
        let mut d = 0;
        while d < 4 {
            let to = NEIGHBOURS[sq][d] as usize;
            if to != NONE as usize {
                let (left, right) = if to > sq {
                    ((to - sq) as u8, 0)
                } else {
                    (0, (sq - to) as u8)
                };
                let (mask, known_left, known_right) = table[d][parity];
                assert!(
                    mask == 0 || (known_left == left && known_right == right),
                    "one shift per rank parity"
                );
                table[d][parity] = (mask | 1 << sq, left, right);
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// Every square of `bits` moved one step in direction number `dir`, those that would leave
/// the board dropped: [`step`] for a whole bitboard at once.
#[inline(always)]
pub(crate) fn step_bits(bits: u32, dir: usize) -> u32 {
    let [even, odd] = STEP_BITS[dir];
    let shift = |(mask, left, right): (u32, u8, u8)| (bits & mask) << left >> right;
    shift(even) | shift(odd)
}

/// (file, rank), both 0..8, of a square index.
const fn coords(index: u8) -> (u8, u8) {
    let rank = index / 4;
    (2 * (index % 4) + rank % 2, rank)
}

impl Square {
    /// Every square in rulebook order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..32).map(Square)
    }

    /// The square with the given internal index (0..32, rulebook order).
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 32 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square for an index the caller knows to be below 32 (masked so it can never be
    /// out of range).
    pub(crate) const fn from_index_masked(index: u8) -> Square {
        Square(index & 31)
    }

    /// Internal index 0..32 (rulebook number minus one); also the bit in a bitboard.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Single-bit bitboard of this square.
    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// The square numbered `number` (1..=32) in the given numbering.
    pub const fn from_number(number: u8, numbering: Numbering) -> Option<Square> {
        if number == 0 || number > 32 {
            return None;
        }
        let n = number - 1;
        Some(match numbering {
            Numbering::Rulebook => Square(n),
            Numbering::Top => Square((7 - n / 4) * 4 + n % 4),
        })
    }

    /// This square's number (1..=32) in the given numbering.
    pub const fn number(self, numbering: Numbering) -> u8 {
        match numbering {
            Numbering::Rulebook => self.0 + 1,
            Numbering::Top => (7 - self.0 / 4) * 4 + self.0 % 4 + 1,
        }
    }

    /// The square at `file` and `rank` (both 0..8), if it is a dark (playing) square.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 && (file + rank).is_multiple_of(2) {
            Some(Square(rank * 4 + file / 2))
        } else {
            None
        }
    }

    /// File 0..8 (0 = a).
    pub const fn file(self) -> u8 {
        coords(self.0).0
    }

    /// Rank 0..8 (0 = White's first row).
    pub const fn rank(self) -> u8 {
        coords(self.0).1
    }

    /// The adjacent square in `dir`, if it is on the board.
    pub fn neighbour(self, dir: Direction) -> Option<Square> {
        let n = NEIGHBOURS[self.0 as usize][dir as usize];
        (n != NONE).then_some(Square(n))
    }

    /// The direction from `self` to `other` and the number of steps, if they share a diagonal.
    pub fn direction_to(self, other: Square) -> Option<(Direction, u8)> {
        let df = other.file() as i8 - self.file() as i8;
        let dr = other.rank() as i8 - self.rank() as i8;
        if df == 0 || df.abs() != dr.abs() {
            return None;
        }
        let dir = match (df > 0, dr > 0) {
            (true, true) => Direction::NorthEast,
            (false, true) => Direction::NorthWest,
            (true, false) => Direction::SouthEast,
            (false, false) => Direction::SouthWest,
        };
        Some((dir, df.unsigned_abs()))
    }

    /// Algebraic name as two ASCII bytes, e.g. `*b"c3"`.
    pub const fn algebraic(self) -> [u8; 2] {
        let (file, rank) = coords(self.0);
        [b'a' + file, b'1' + rank]
    }

    /// Parses an algebraic name (`a1`..`h8`, case-insensitive); light squares are rejected.
    pub fn from_algebraic(name: &str) -> Option<Square> {
        match name.as_bytes() {
            [f, r] => {
                let file = f.to_ascii_lowercase().checked_sub(b'a')?;
                let rank = r.checked_sub(b'1')?;
                Square::from_coords(file, rank)
            }
            _ => None,
        }
    }
}

/// Displays the algebraic name (`c3`).
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [file, rank] = self.algebraic();
        write!(f, "{}{}", file as char, rank as char)
    }
}

/// Error from parsing a square name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a dark square name (a1..h8)")
    }
}

impl std::error::Error for ParseSquareError {}

/// Parses an algebraic name; see [`Square::from_algebraic`].
impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_algebraic(s).ok_or(ParseSquareError)
    }
}
