//! Shatar (Mongolian chess): rules engine, notation parsers, writers.

pub mod types;
