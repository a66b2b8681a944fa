//! Any bytes read as Draughts (`--game draughts`, records kept): the reader's contract holds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu::Game;
use qipu_fuzz::properties::check_read;

fuzz_target!(|bytes: &[u8]| {
    check_read(bytes, Game::Draughts);
});
