//! Go (weiqi, 围棋) under the Chinese rules of 2002: SGF reading, checking and writing,
//! the rules engine and area scoring.

pub mod board;
pub mod charset;
pub mod scoring;
pub mod sgf;
pub mod sgf_check;
pub mod sgf_writer;
