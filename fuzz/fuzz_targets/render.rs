//! Any bytes read as one family (chosen by the first byte): every diagnostic is shown
//! (library and the binary's human renderer) without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu_fuzz::properties::{check_diagnostics, read, GAMES};

fuzz_target!(|bytes: &[u8]| {
    if let Some((&choice, bytes)) = bytes.split_first() {
        let game = GAMES[usize::from(choice) % GAMES.len()];
        check_diagnostics(&read(bytes, game));
    }
});
