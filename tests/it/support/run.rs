//! Running the `qipu` binary from a test, as a user would: its standard output, standard
//! error and exit status.

use std::path::Path;
use std::process::Command;

/// Runs `qipu ARGS` in `dir` (the package root when `None`), without colours.
pub fn qipu_in(dir: Option<&Path>, args: &[&str]) -> (String, String, i32) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_qipu"));
    command.args(args).env("NO_COLOR", "1");
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let output = command.output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}
