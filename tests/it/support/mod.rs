//! What the integration tests share: running the binary, finding the shared corpus, the
//! real-shaped archives and samples they read, and deterministic inputs.

pub mod corpus;
pub mod family;
pub mod fixtures;
// The fuzz properties (fuzz/src/properties.rs, compiled into fuzz_properties) include
// these two files as modules of their own, so that the fuzz package can have them too.
#[allow(clippy::duplicate_mod)]
pub mod located;
pub mod mutate;
// The library's PDN tests (src/draughts/pdn_tests.rs) include this file too and read
// what these tests do not.
#[allow(dead_code)]
pub mod pdn_archives;
pub mod pointed;
#[allow(clippy::duplicate_mod)]
pub mod rng;
pub mod run;
pub mod sgf;
pub mod snapshot;
