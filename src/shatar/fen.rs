//! FEN for Shatar positions: the chess FEN board and side to move. Castling and en
//! passant never exist in Shatar, so their fields are always written as `-` and, when
//! read, must be `-` (or absent).

use std::fmt;
use std::str::FromStr;

use super::position::{Position, SetupError};
use super::types::{Color, Role, Square};

/// Why a FEN string could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The board field does not describe 8 ranks of 8 squares.
    BadBoard,
    /// An unknown piece letter.
    BadPiece(char),
    /// The side to move is not `w` or `b`.
    BadTurn,
    /// Castling rights or an en-passant square, which Shatar does not have.
    ChessOnlyField(String),
    /// A counter is not a number.
    BadCounter,
    /// The board and side to move do not give a playable position.
    Setup(SetupError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::BadBoard => write!(f, "the board field needs 8 ranks of 8 squares"),
            FenError::BadPiece(c) => write!(f, "'{c}' is not a piece letter"),
            FenError::BadTurn => write!(f, "the side to move must be w or b"),
            FenError::ChessOnlyField(field) => write!(
                f,
                "'{field}' gives castling or en-passant rights, which Shatar does not have"
            ),
            FenError::BadCounter => write!(f, "the move counters must be numbers"),
            FenError::Setup(e) => write!(f, "{e}"),
        }
    }
}

impl crate::lang::ToZh for FenError {
    fn to_zh(&self) -> crate::lang::Zh {
        use crate::lang::{zh, Zh};
        match self {
            FenError::BadBoard => Zh::own("棋盘字段须为 8 条横线、每条 8 格"),
            FenError::BadPiece(c) => zh!("“{}”不是棋子字母", c),
            FenError::BadTurn => Zh::own("轮走方须为 w 或 b"),
            FenError::ChessOnlyField(field) => zh!(
                "“{}”给出了王车易位或吃过路兵的权利，蒙古象棋没有这些",
                field
            ),
            FenError::BadCounter => Zh::own("着数计数必须是数字"),
            FenError::Setup(e) => e.to_zh(),
        }
    }
}

/// A position as FEN: read with `FromStr` (`parse_fen`), written with `Display`
/// (`write_fen`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fen(pub Position);

impl FromStr for Fen {
    type Err = FenError;

    fn from_str(fen: &str) -> Result<Fen, FenError> {
        parse_fen(fen).map(Fen)
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_fen(&self.0))
    }
}

/// Reads a FEN: board, side to move, and optionally `-`, `-`, halfmove clock and
/// fullmove number.
pub(super) fn parse_fen(fen: &str) -> Result<Position, FenError> {
    let mut fields = fen.split_whitespace();
    let board = fields.next().ok_or(FenError::BadBoard)?;
    let pieces = parse_board(board)?;
    let turn = match fields.next() {
        None | Some("w") | Some("W") => Color::White,
        Some("b") | Some("B") => Color::Blue,
        Some(_) => return Err(FenError::BadTurn),
    };
    for _ in 0..2 {
        match fields.next() {
            None | Some("-") => {}
            Some(other) => return Err(FenError::ChessOnlyField(other.to_string())),
        }
    }
    let halfmoves = counter(fields.next(), 0)?;
    let fullmoves = counter(fields.next(), 1)?;
    let mut position = Position::from_pieces(&pieces, turn).map_err(FenError::Setup)?;
    position.set_counters(halfmoves, fullmoves.max(1));
    Ok(position)
}

fn counter(field: Option<&str>, default: u32) -> Result<u32, FenError> {
    field.map_or(Ok(default), |f| f.parse().map_err(|_| FenError::BadCounter))
}

/// The pieces of a FEN's board field.
pub(super) fn parse_board(board: &str) -> Result<Vec<(Color, Role, Square)>, FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::BadBoard);
    }
    let mut pieces = Vec::new();
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - row as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            if let Some(skip) = c.to_digit(10) {
                file += skip as u8;
            } else {
                let role = match c.to_ascii_lowercase() {
                    'p' => Role::Pawn,
                    'n' => Role::Knight,
                    'b' => Role::Bishop,
                    'r' => Role::Rook,
                    'q' => Role::Queen,
                    'k' => Role::King,
                    _ => return Err(FenError::BadPiece(c)),
                };
                if file >= 8 {
                    return Err(FenError::BadBoard);
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Blue
                };
                pieces.push((color, role, Square::new(file, rank)));
                file += 1;
            }
            if file > 8 {
                return Err(FenError::BadBoard);
            }
        }
        if file != 8 {
            return Err(FenError::BadBoard);
        }
    }
    Ok(pieces)
}

/// Writes the position as FEN with `-` for castling and en passant.
pub(super) fn write_fen(position: &Position) -> String {
    let mut fen = String::with_capacity(64);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match position.piece_at(Square::new(file, rank)) {
                None => empty += 1,
                Some((color, role)) => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let letter = role.letter();
                    fen.push(match color {
                        Color::White => letter,
                        Color::Blue => letter.to_ascii_lowercase(),
                    });
                }
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let turn = match position.turn() {
        Color::White => 'w',
        Color::Blue => 'b',
    };
    fen.push_str(&format!(
        " {turn} - - {} {}",
        position.halfmoves(),
        position.fullmoves()
    ));
    fen
}
