//! Running the `qipu` binary from a test, as a user would: its standard output, standard
//! error and exit status.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The `qipu` binary, to be run in the package root (so that sources in its output are
/// the relative paths the test gave), without colours and in English whatever the
/// tester's locale. For the tests that pipe or spawn.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_qipu"));
    command
        .current_dir(super::fixtures::root())
        .env("NO_COLOR", "1");
    for name in ["QIPU_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
        command.env_remove(name);
    }
    command
}

/// Runs `qipu ARGS` in the package root.
pub fn qipu(args: &[&str]) -> (String, String, i32) {
    finished(command().args(args).output().expect("qipu runs"))
}

/// Runs `qipu ARGS` in `dir`.
pub fn qipu_in(dir: &Path, args: &[&str]) -> (String, String, i32) {
    finished(
        command()
            .args(args)
            .current_dir(dir)
            .output()
            .expect("qipu runs"),
    )
}

/// Runs `qipu ARGS` in the package root with `input` on its standard input.
pub fn qipu_with_input(args: &[&str], input: &[u8]) -> (String, String, i32) {
    let mut child = command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qipu starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("input written");
    finished(child.wait_with_output().expect("qipu ends"))
}

/// Standard output and standard error, both UTF-8, and the exit status.
fn finished(output: Output) -> (String, String, i32) {
    (
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8(output.stderr).expect("UTF-8 error output"),
        output.status.code().expect("an exit status"),
    )
}
