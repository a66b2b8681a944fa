//! Go (weiqi, 围棋) under the Chinese rules of 2002: the rules engine and area scoring.

pub mod board;
pub mod scoring;
