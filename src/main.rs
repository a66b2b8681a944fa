//! The `qipu` command: parse the arguments, run, map the outcome to an exit status.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
