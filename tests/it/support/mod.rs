//! What the integration tests share: running the binary, finding the shared corpus, the
//! real-shaped archives and samples they read, and deterministic inputs.

pub mod corpus;
pub mod located;
pub mod mutate;
pub mod pdn_archives;
pub mod rng;
pub mod run;
pub mod sgf;
pub mod snapshot;
