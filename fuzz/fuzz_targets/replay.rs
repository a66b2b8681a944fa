//! Games the engines play themselves, one byte choosing each move: written in the
//! family's notation, every move replays without an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu_fuzz::properties::check_replay;

fuzz_target!(|choices: &[u8]| {
    let _ = check_replay(choices);
});
