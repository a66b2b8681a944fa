//! Go (weiqi): SGF reading, checking and writing.

pub mod charset;
pub mod sgf;
pub mod sgf_check;
pub mod sgf_writer;
