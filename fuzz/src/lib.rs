//! The properties qipu's fuzz targets check (fuzz_targets/), in one module that
//! tests/it/fuzz_properties.rs also compiles, so that `cargo test` runs them on stable.

pub mod properties;
pub mod fix;
pub mod sgf_recovery;
