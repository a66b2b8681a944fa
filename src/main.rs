//! The `qipu` command: parse the arguments, run, map the outcome to an exit status.

mod cli;

use std::process::ExitCode;

// See Cargo.toml: fewer instructions per record's blocks than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    cli::run()
}
