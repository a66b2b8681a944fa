//! Any bytes, detected or read as a family (chosen by the first byte), streamed in
//! random-sized pieces, give the same records as one whole read; Go input is repeated
//! past two pieces (128 KB) so that the stream cuts it. The next 8 bytes seed the piece
//! sizes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu::Game;
use qipu_fuzz::properties::{check_stream, repeated};

fuzz_target!(|bytes: &[u8]| {
    let Some((&choice, bytes)) = bytes.split_first() else {
        return;
    };
    let seed = bytes
        .iter()
        .take(8)
        .fold(0u64, |seed, &b| seed << 8 | u64::from(b));
    match choice % 4 {
        0 => check_stream(bytes, None, seed),
        1 => check_stream(bytes, Some(Game::Shatar), seed),
        2 => check_stream(bytes, Some(Game::Draughts), seed),
        _ => check_stream(
            &repeated(bytes, 2 * 64 * 1024 + 1),
            Some(Game::Go),
            seed),
    }
});
