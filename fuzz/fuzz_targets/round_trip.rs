//! Any bytes read as each family: every writer and option set writes every record to
//! the same bytes again after reading its output back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu_fuzz::properties::{check_round_trips, read, GAMES};

fuzz_target!(|bytes: &[u8]| {
    for game in GAMES {
        check_round_trips(&read(bytes, game), game);
    }
});
