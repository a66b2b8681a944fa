//! Any bytes read as one family (chosen by the first byte): every writer and option set
//! writes every record to the same bytes again after reading its output back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu_fuzz::properties::{check_round_trips, read, GAMES};

fuzz_target!(|bytes: &[u8]| {
    if let Some((&choice, bytes)) = bytes.split_first() {
        let game = GAMES[usize::from(choice) % GAMES.len()];
        check_round_trips(&read(bytes, game), game);
    }
});
