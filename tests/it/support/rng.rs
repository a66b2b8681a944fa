//! xorshift64*, a small deterministic generator shared by the fuzz-style tests, the
//! benchmarks and the archive generator, so that every failure and every archive
//! reproduces. The fuzz properties, the benchmarks and the generator include this file
//! with `#[path]`; not every includer uses every method.
#![allow(dead_code)]

/// The generator's state; any non-zero seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
