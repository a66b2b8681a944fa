//! Any bytes read as each family: every diagnostic is shown (library and the binary's
//! human renderer) without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu_fuzz::properties::{check_diagnostics, read, GAMES};

fuzz_target!(|bytes: &[u8]| {
    for game in GAMES {
        check_diagnostics(&read(bytes, game));
    }
});
