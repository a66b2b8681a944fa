//! 64-square draughts, Russian and Brazilian rules after the Chinese rulebook (seed 002):
//! square numbering, the rules engine with move diagnostics, the draw-claim rules, and
//! PDN reading and writing.

pub mod draw_rules;
pub mod pdn;
mod pdn_move;
pub mod pdn_writer;
pub mod position;
pub mod square;
pub mod syntax;
