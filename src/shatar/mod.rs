//! Shatar (Mongolian chess): rules engine, notation parsers, writers.

pub mod attacks;
pub mod position;
pub mod types;
