//! qipu: read, validate and convert game records of Shatar, 64-square draughts and Go.

pub mod draughts;
pub mod shatar;
