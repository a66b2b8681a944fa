//! 64-square draughts (Russian and Brazilian): PDN reading and writing.

pub mod pdn;
mod pdn_move;
pub mod pdn_writer;
pub mod syntax;
