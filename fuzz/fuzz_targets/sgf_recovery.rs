//! SGF recovery (issue 18): any bytes converted to SGF read back without a structural
//! diagnostic they did not have and convert again to the same bytes; a record built from
//! the bytes keeps every property through junk put between them. The first byte chooses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu_fuzz::sgf_recovery::check_fuzz_input;

fuzz_target!(|bytes: &[u8]| check_fuzz_input(bytes));
