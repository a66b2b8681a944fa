//! qipu: read, validate and convert game records of Shatar, 64-square draughts and Go.

pub mod go;
pub mod shatar;
