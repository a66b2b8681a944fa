//! 64-square draughts (Russian and Brazilian rules) after the Chinese rulebook (seed 002):
//! square numbering, the rules engine with move diagnostics, and the draw-claim rules.

pub mod draw_rules;
pub mod position;
pub mod square;
