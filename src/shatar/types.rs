//! Board vocabulary shared by the Shatar engine, parsers and writers.

use std::fmt;

/// The two sides. Blue (蓝) is the second player; PGN calls it Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player (白).
    White,
    /// The second player (蓝), Black in PGN.
    Blue,
}

impl Color {
    /// Both sides, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Blue];

    /// The opponent.
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Blue,
            Color::Blue => Color::White,
        }
    }

    /// 0 for White, 1 for Blue: an index into per-side tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Lower-case English name used in JSON (`"white"`, `"blue"`).
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Blue => "blue",
        }
    }

    /// The rulebook's name of the side: `白方`, `蓝方`.
    pub fn name_zh(self) -> &'static str {
        match self {
            Color::White => "白方",
            Color::Blue => "蓝方",
        }
    }
}

/// Kinds of piece. Queen is the tiger (虎, White) or lion (狮, Blue); Bishop is the camel (驼).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (夫).
    Pawn,
    /// Knight, the horse (马).
    Knight,
    /// Bishop: the camel (驼).
    Bishop,
    /// Rook, the cart (车).
    Rook,
    /// Queen: the tiger (虎) or lion (狮), moving as a rook or a bishop.
    Queen,
    /// King (王).
    King,
}

impl Role {
    /// Every kind, in the order of [`Role::index`].
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// 0 for a pawn up to 5 for the king: an index into per-kind tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// English upper-case letter (`P`, `N`, `B`, `R`, `Q`, `K`).
    pub fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// English name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// The rulebook's name of the piece (`夫`, `马`, `驼`, `车`, `虎（狮）`, `王`);
    /// White's queen is the tiger (虎), Blue's the lion (狮).
    pub fn name_zh(self) -> &'static str {
        match self {
            Role::Pawn => "夫",
            Role::Knight => "马",
            Role::Bishop => "驼",
            Role::Rook => "车",
            Role::Queen => "虎（狮）",
            Role::King => "王",
        }
    }
}

/// A square, 0 = a1, 7 = h1, 63 = h8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The square on `file` and `rank`, both from 0.
    pub fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < 8 && rank < 8);
        Square(rank * 8 + file)
    }

    /// 0 = a-file.
    pub fn file(self) -> u8 {
        self.0 & 7
    }

    /// 0 = first rank.
    pub fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square as a one-bit set of a bitboard.
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The file letter, `a`–`h`.
    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `1`–`8`.
    pub fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}
