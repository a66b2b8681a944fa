//! Any bytes, detected or read as each family, streamed in random-sized pieces, give
//! the same records as one whole read; Go input is repeated past two blocks (128 KB) so
//! that the stream cuts it. The first 8 bytes seed the piece sizes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu::Game;
use qipu_fuzz::properties::{check_stream, repeated};

fuzz_target!(|bytes: &[u8]| {
    let seed = bytes
        .iter()
        .take(8)
        .fold(0u64, |seed, &b| seed << 8 | u64::from(b));
    for game in [None, Some(Game::Shatar), Some(Game::Draughts)] {
        check_stream(bytes, game, seed, false);
    }
    check_stream(
        &repeated(bytes, 2 * 64 * 1024 + 1),
        Some(Game::Go),
        seed,
        false,
    );
});
