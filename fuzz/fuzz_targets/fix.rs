//! Any bytes read as Go: `--fix` of the fixed output gives the same bytes and corrects
//! nothing, and the fixed output has no issue `--fix` corrects.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu_fuzz::fix::check_fix;

fuzz_target!(|bytes: &[u8]| {
    check_fix(bytes);
});
