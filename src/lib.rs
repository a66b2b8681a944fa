//! qipu (棋谱, "game record") reads game records of Shatar (Mongolian chess), 64-square
//! draughts (Russian and Brazilian rules) and Go (SGF), replays each one through the
//! family's rules engine, reports what is wrong with it, and writes it out again,
//! normalised, in the format asked for.
//!
//! # Examples
//!
//! Read a Shatar PGN game held in a string and walk its moves. [`read_str`] takes text
//! that is already decoded; [`ReadOptions::keep_records`] keeps the replayed moves,
//! which validation alone does not need.
//!
//! ```
//! use qipu::record::Record;
//! use qipu::shatar::ShatarMove;
//! use qipu::{read_str, Game, ReadOptions};
//!
//! let pgn = r#"[Event "Club game"]
//! [White "Baatar"]
//! [Black "Nasun"]
//! [Result "*"]
//! [Variant "Shatar"]
//!
//! 1. e4 e5 2. Nf3 Nc6 *
//! "#;
//! let options = ReadOptions { keep_records: true, ..ReadOptions::default() };
//! let document = read_str("club.pgn", pgn, &options);
//! assert_eq!(document.game, Some(Game::Shatar));
//!
//! let report = &document.records[0];
//! assert!(report.valid());
//! // The record in its family's own model.
//! let record = report.kept::<Record<ShatarMove>>().expect("a Shatar record");
//! for node in &record.moves {
//!     println!("ply {}: {} ({})", node.ply, node.mv.san, node.mv.mv.uci());
//! }
//! let san: Vec<&str> = record.moves.iter().map(|node| node.mv.san.as_str()).collect();
//! assert_eq!(san, ["e4", "e5", "Nf3", "Nc6"]);
//! ```
//!
//! Validate an SGF file and print each diagnostic with its line and column, as
//! `qipu validate` does. A diagnostic is data (a stable code and the issue's arguments);
//! its message is worded when asked for.
//!
//! ```
//! use qipu::{read_document, ReadOptions, Severity};
//!
//! let sgf = b"(;GM[1]FF[4]SZ[9]\n;B[ee];W[cc]\n;B[cc])";
//! let document = read_document("game.sgf", sgf, &ReadOptions::default());
//! let report = &document.records[0];
//! for diagnostic in &report.diagnostics {
//!     let located = diagnostic.located(&document.text, &document.lines);
//!     let (line, column) = located.line_col().unwrap_or((1, 1));
//!     println!("{}:{line}:{column}: {diagnostic}", document.source);
//! }
//!
//! assert!(!report.valid());
//! let occupied = &report.diagnostics[0];
//! assert_eq!(occupied.severity, Severity::Error);
//! assert_eq!(occupied.code(), "occupied-point");
//! let located = occupied.located(&document.text, &document.lines);
//! assert_eq!(located.line_col(), Some((3, 2)));
//! assert_eq!(located.snippet(), Some("B[cc]"));
//! ```
//!
//! Convert a PDN game to a JSON line ([`Format::Json`]; the other formats go through
//! the same [`write_record`]).
//!
//! ```
//! use qipu::{read_str, write_record, Format, ReadOptions, WriteOptions};
//!
//! let pdn = "[GameType \"25\"]\n[Result \"*\"]\n\n1. c3-d4 f6-g5 *\n";
//! let options = ReadOptions { keep_records: true, ..ReadOptions::default() };
//! let document = read_str("game.pdn", pdn, &options);
//! let report = &document.records[0];
//! let record = report.record.as_ref().expect("records are kept");
//! let options = WriteOptions::default();
//! let json = write_record(record, &document.source, report.index, Format::Json, &options)?;
//! assert!(json.starts_with(r#"{"source":"game.pdn","index":0,"game":"draughts","variant":"russian""#));
//! // Squares in the rulebook's numbering (c3 is 10, d4 is 14).
//! assert!(json.contains(r#"{"ply":1,"text":"c3-d4","path":[10,14],"captured":[]"#));
//! # Ok::<(), qipu::WriteError>(())
//! ```
//!
//! Snapshot-test what qipu makes of a scoresheet with [insta](https://insta.rs): here the
//! scoresheet converted to PGN (the blue side is PGN's Black).
//!
//! ```
//! use qipu::{read_str, write_record, Format, ReadOptions, WriteOptions};
//!
//! let sheet = "White: Ganbold  Blue: Tsogt\n1. d4 d5 2. Nf3 Nf6 *\n";
//! let options = ReadOptions { keep_records: true, ..ReadOptions::default() };
//! let document = read_str("sheet.txt", sheet, &options);
//! let report = &document.records[0];
//! let record = report.record.as_ref().expect("records are kept");
//! let pgn = write_record(record, "sheet.txt", 0, Format::Pgn, &WriteOptions::default())?;
//! insta::assert_snapshot!(pgn, @r#"
//! [Event "?"]
//! [Site "?"]
//! [Date "????.??.??"]
//! [Round "?"]
//! [White "Ganbold"]
//! [Black "Tsogt"]
//! [Result "*"]
//! [Variant "Shatar"]
//!
//! 1. d4 d5 2. Nf3 Nf6 *
//! "#);
//! # Ok::<(), qipu::WriteError>(())
//! ```
//!
//! Stream a large input: [`DocumentStream`] reads, decodes and replays it piece by
//! piece, so memory stays flat; record indices and line numbers carry on across pieces.
//! Any [`std::io::Read`] will do (a [`std::fs::File`], standard input).
//!
//! ```
//! use std::io::Cursor;
//! use qipu::{DocumentStream, ReadOptions};
//!
//! let mut collection = String::new();
//! for game in 0..2000 {
//!     collection.push_str(&format!("(;GM[1]SZ[9]GN[game {game}];B[ee];W[cc];B[gg])\n"));
//! }
//! let input = Cursor::new(collection.into_bytes());
//! let mut stream = DocumentStream::new("big.sgf", input, &ReadOptions::default());
//! let mut records = 0;
//! while let Some(document) = stream.next_document()? {
//!     for report in &document.records {
//!         assert!(report.valid());
//!         assert_eq!(report.index, records);
//!         records += 1;
//!     }
//! }
//! assert_eq!(records, 2000);
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! A library user does not need the command line's dependencies (clap, annotate-snippets,
//! libc): turn off the default features. `parallel` (rayon) reads large inputs on every
//! core; without it they are read on the calling thread.
//!
//! ```toml
//! [dependencies]
//! qipu = { version = "0.1", default-features = false, features = ["parallel"] }
//! ```
//!
//! # How it works
//!
//! The pipeline is the same for every family: bytes are decoded ([`text`]), parsed into
//! an unvalidated syntax record that keeps byte spans (each family's parsers), replayed
//! through the engine to resolve every move and collect [`Diagnostic`]s, and
//! finally written ([`mod@write`]; JSON: [`json`]).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod blocks;
mod boundary;
pub mod dedup;
mod detect;
pub mod diag;
pub mod diagram;
pub mod draughts;
// The trait a family implements, reached by the integration tests and fuzz targets to
// scan charsets as a family does; not part of the interface (ReadOptions is, at the root).
#[doc(hidden)]
pub mod family;
pub mod go;
mod history;
mod intent;
pub mod json;
pub mod lang;
mod pgn;
mod pool;
mod read;
pub mod record;
mod registry;
mod report;
pub mod select;
mod settings;
mod shape;
pub mod shard;
pub mod shatar;
pub mod stream;
pub mod text;
pub mod walk;
mod wrap;
pub mod write;

// The types and functions most uses need, at the crate root; the modules hold the rest.
pub use diag::{Diagnostic, Kind, Severity};
pub use family::ReadOptions;
pub use read::{read_document, read_str};
pub use record::Game;
pub use report::{board, board_before, Document, RecordReport};
pub use stream::DocumentStream;
pub use text::{LineIndex, Span};
pub use write::{write_record, AnyRecord, Format, GameRecord, WriteError, WriteOptions};
