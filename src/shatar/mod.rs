//! Shatar (Mongolian chess): rules engine, notation parsers, writers.

pub mod types;
pub mod notation;
pub mod syntax;
pub mod scoresheet;
pub mod pgn;
